import { type APIRequestContext, type Browser, expect, type Page, test } from '@playwright/test';
import { newAccount, register, signedInPage, signInByApi, type TestAccount } from './support/session';

// The crowd's moments, in Chromium against the served app: the heat strip and its peak from moment
// likes made in the bottom player, 'Continue listening' in a second browser profile, and a timed
// comment that seeks. Each journey takes its own set (oldest first, away from the player journeys).

interface SetTrackInfo {
  track_position: number;
  start_time: number;
  end_time: number;
  track_meta: { id: number; title: string };
}
interface SetInfo {
  id: number;
  set_name: string;
  duration: number;
  set_tracks: SetTrackInfo[];
}

async function setsWithTracks(request: APIRequestContext, account: TestAccount): Promise<SetInfo[]> {
  const { access_token } = await signInByApi(request, account);
  const headers = { authorization: `Bearer ${access_token}` };
  const list = await request.get('/api/sets?limit=20&order_by=set_meta.release_date&order_direction=asc', {
    headers,
  });
  const ids = ((await list.json()).data as Array<{ id: number }>).map((set) => set.id);
  const sets: SetInfo[] = [];
  for (const id of ids) {
    const detail = (await (await request.get(`/api/sets/${id}`, { headers })).json()) as SetInfo;
    if (detail.set_tracks.length >= 5) sets.push(detail);
  }
  expect(sets.length).toBeGreaterThanOrEqual(3);
  return sets;
}

const audioTime = (page: Page) =>
  page.evaluate(() => document.querySelector<HTMLAudioElement>('audio[data-player]')?.currentTime ?? -1);

const seekTo = (page: Page, seconds: number) =>
  page.evaluate((t) => {
    const element = document.querySelector<HTMLAudioElement>('audio[data-player]');
    if (element) element.currentTime = t;
  }, seconds);

function clock(seconds: number): string {
  const whole = Math.floor(seconds);
  const h = Math.floor(whole / 3600);
  const m = Math.floor((whole % 3600) / 60);
  const s = String(whole % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${s}` : `${m}:${s}`;
}

const player = (page: Page) => page.getByRole('region', { name: 'Player' });
const playFrom = (page: Page, track: SetTrackInfo) =>
  page.getByRole('button', { name: new RegExp(`^Play from .* \\(${clock(track.start_time)}\\)$`) });

/** Waits until the audio plays at or past `seconds`. */
async function playingPast(page: Page, seconds: number) {
  await expect.poll(() => audioTime(page), { timeout: 15_000 }).toBeGreaterThanOrEqual(seconds);
}

/** A second browser profile signed in as the same account (its own storage, its own audio). */
async function sameUserElsewhere(browser: Browser, request: APIRequestContext, account: TestAccount) {
  const context = await browser.newContext();
  const page = await context.newPage();
  const tokens = await signInByApi(request, account);
  await page.addInitScript(
    ([access, refresh, exp]) => {
      window.localStorage.setItem('accessToken', access);
      window.localStorage.setItem('refreshToken', refresh);
      window.localStorage.setItem('tokenExpiry', exp);
    },
    [tokens.access_token, tokens.refresh_token, String(Date.now() + 60 * 60 * 1000)] as const,
  );
  return { context, page };
}

test.describe('moments', () => {
  test('two moment likes make the peak of the heat strip; the jump control lands in the liked track', async ({
    page,
    request,
  }) => {
    const account = await signedInPage(page, request, 'heat');
    const [set] = await setsWithTracks(request, account);
    const liked = set?.set_tracks[3];
    const first = set?.set_tracks[0];
    if (!set || !liked || !first) throw new Error('no set');
    await page.goto(`/sets/${set.id}`);
    const moments = page.getByRole('region', { name: 'Moments' });
    await expect(moments.getByRole('img', { name: /none yet$/ })).toBeVisible();
    await expect(moments.getByRole('button', { name: 'Jump to the most liked moment' })).toBeDisabled();

    // Two likes a few seconds apart in the middle of the fourth track.
    await playFrom(page, liked).click();
    // The player seeks to the track itself once the audio loads; move on only after that.
    await playingPast(page, liked.start_time);
    const middle = Math.floor((liked.start_time + liked.end_time) / 2);
    for (const at of [middle, middle + 2]) {
      await seekTo(page, at);
      await playingPast(page, at);
      await player(page).getByRole('button', { name: 'Like this moment' }).click();
      await expect(
        page.getByText(`${liked.track_meta.title} has been saved to your likes!`).last(),
      ).toBeVisible();
    }

    // The strip redraws with the likes: its peak is in the liked track.
    await expect(moments.getByRole('img', { name: /2 likes; the most liked moment is at/ })).toBeVisible();
    await expect(moments.getByRole('img')).toHaveAccessibleName(
      new RegExp(`during .*${liked.track_meta.title}`),
    );
    await expect(moments.getByText(/^Most liked at /)).toContainText(liked.track_meta.title);
    const hovered = moments.locator('[data-heat-strip]');
    const box = await hovered.boundingBox();
    if (!box) throw new Error('no strip');
    await hovered.hover({ position: { x: (box.width * middle) / (set.duration / 1000), y: box.height / 2 } });
    await expect(moments.getByRole('tooltip')).toContainText(
      new RegExp(`${escapeRegExp(liked.track_meta.title)} · [12] likes? here, 2 in the track$`),
    );

    // Back to the start of the set, then jump.
    await playFrom(page, first).click();
    await expect.poll(() => audioTime(page)).toBeLessThan(liked.start_time);
    await moments.getByRole('button', { name: 'Jump to the most liked moment' }).click();
    await expect.poll(() => audioTime(page)).toBeGreaterThanOrEqual(liked.start_time);
    const landed = await audioTime(page);
    expect(landed).toBeLessThan(liked.end_time);
    expect(landed).toBeLessThanOrEqual(middle + 3);
    // The M key does the same from anywhere on the page.
    await playFrom(page, first).click();
    await expect.poll(() => audioTime(page)).toBeLessThan(liked.start_time);
    await page.keyboard.press('m');
    await expect.poll(() => audioTime(page)).toBeGreaterThanOrEqual(liked.start_time);
    expect(await audioTime(page)).toBeLessThan(liked.end_time);
  });

  test("a set left half-way is resumed from 'Continue listening' in a second browser profile", async ({
    request,
    browser,
  }) => {
    const account = newAccount('resumer');
    await register(request, account);
    // Onboarding has its own journeys; here it is done, so Home shows its rows.
    const { access_token } = await signInByApi(request, account);
    const done = await request.post('/api/me/onboarding', {
      headers: { authorization: `Bearer ${access_token}` },
    });
    expect(done.ok()).toBe(true);
    const first = await sameUserElsewhere(browser, request, account);
    const sets = await setsWithTracks(request, account);
    const set = sets[1];
    if (!set) throw new Error('no set');
    const half = Math.floor(set.duration / 1000 / 2);
    await first.page.goto('/home');
    await expect(first.page.getByRole('heading', { name: 'Featured Sets' })).toBeVisible();
    // Nothing to resume yet: no row on Home.
    await expect(first.page.getByRole('heading', { name: 'Continue listening' })).toHaveCount(0);
    await first.page.goto(`/sets/${set.id}`);
    await first.page
      .getByRole('button', { name: `Play ${set.set_name}` })
      .first()
      .click();
    await playingPast(first.page, 0.5);
    const saved = first.page.waitForRequest(
      (req) =>
        req.url().endsWith('/api/plays') &&
        (req.postDataJSON() as { current_timestamp: number }).current_timestamp >= half,
    );
    await seekTo(first.page, half);
    await saved;
    await player(first.page).getByRole('button', { name: 'Pause' }).click();

    const second = await sameUserElsewhere(browser, request, account);
    await second.page.goto('/home');
    const row = second.page.getByRole('region', { name: 'Continue listening' });
    const resume = row.getByRole('button', {
      name: new RegExp(`^Resume ${escapeRegExp(set.set_name)} from `),
    });
    await expect(resume).toBeVisible();
    await expect(row.getByRole('progressbar').first()).toHaveAttribute('aria-valuenow', /^(49|50|51)$/);
    await resume.click();
    await playingPast(second.page, half);
    expect(await audioTime(second.page)).toBeLessThan(half + 15);
    await first.context.close();
    await second.context.close();
  });

  test("a comment written while the set played shows where, and its 'at m:ss' seeks there", async ({
    page,
    request,
  }) => {
    const account = await signedInPage(page, request, 'commenter');
    const sets = await setsWithTracks(request, account);
    const set = sets[2];
    const track = set?.set_tracks[2];
    if (!set || !track) throw new Error('no set');
    await page.goto(`/sets/${set.id}`);
    await playFrom(page, track).click();
    await playingPast(page, track.start_time);
    const at = Math.floor(track.start_time) + 20;
    await seekTo(page, at);
    await playingPast(page, at);
    await player(page).getByRole('button', { name: 'Pause' }).click();
    const written = Math.floor(await audioTime(page));

    await page.getByRole('tab', { name: 'Comments' }).click();
    await page.getByRole('textbox', { name: 'Add a comment' }).fill('This is the moment!\nsecond line');
    await page.getByRole('button', { name: 'Post' }).click();
    const comment = page.getByRole('listitem', { name: `Comment by ${account.username}` });
    const link = comment.getByRole('button', { name: `at ${clock(written)}` });
    await expect(link).toBeVisible();
    // Its marker under the strip shows the first line.
    const marker = page.getByRole('button', {
      name: new RegExp(`at ${clock(written)}: This is the moment!$`),
    });
    await marker.hover();
    await expect(page.getByRole('tooltip')).toContainText('This is the moment!');

    await page.getByRole('tab', { name: 'Track List' }).click();
    await playFrom(page, set.set_tracks[0] as SetTrackInfo).click();
    await expect.poll(() => audioTime(page)).toBeLessThan(track.start_time);
    await page.getByRole('tab', { name: 'Comments' }).click();
    await link.click();
    await expect.poll(() => audioTime(page)).toBeGreaterThanOrEqual(written);
    expect(await audioTime(page)).toBeLessThan(written + 5);

    await page.getByRole('button', { name: 'In set order' }).click();
    await expect(comment).toBeVisible();
  });
});

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
