import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { signedInPage, signInByApi, type TestAccount } from './support/session';
import { likes } from './support/words';

// The player journeys, in Chromium against the served app and its seeded sets (demo MP3s of
// 15-30 min). Audio state is read from the one shared <audio> element the player owns.

interface SetTrackInfo {
  start_time: number;
  end_time: number;
  likes: number;
  track_meta: { id: number; title: string };
}
interface SetInfo {
  id: number;
  set_name: string;
  likes: number;
  duration: number;
  set_tracks: SetTrackInfo[];
}

async function catalogueSets(
  request: APIRequestContext,
  account: TestAccount,
  count: number,
): Promise<SetInfo[]> {
  const { access_token } = await signInByApi(request, account);
  const headers = { authorization: `Bearer ${access_token}` };
  const list = await request.get('/api/sets?limit=12&order_by=set_meta.release_date&order_direction=desc', {
    headers,
  });
  const ids = ((await list.json()).data as Array<{ id: number }>).map((set) => set.id);
  const sets: SetInfo[] = [];
  for (const id of ids) {
    const detail = (await (await request.get(`/api/sets/${id}`, { headers })).json()) as SetInfo;
    if (detail.set_tracks.length >= 5) sets.push(detail);
    if (sets.length === count) break;
  }
  expect(sets).toHaveLength(count);
  return sets;
}

const audio = (page: Page) =>
  page.evaluate(() => {
    const element = document.querySelector<HTMLAudioElement>('audio[data-player]');
    return element
      ? {
          time: element.currentTime,
          paused: element.paused,
          src: element.getAttribute('src'),
          duration: element.duration,
          tagged: (element as HTMLAudioElement & { journeyTag?: string }).journeyTag ?? null,
        }
      : null;
  });

/** Moves playback as the seek bar does; the player answers the element's own events. */
const seekTo = (page: Page, seconds: number) =>
  page.evaluate((t) => {
    const element = document.querySelector<HTMLAudioElement>('audio[data-player]');
    if (element) element.currentTime = t;
  }, seconds);

/** The next successful reorder save (PUT /api/queue). */
const queueSaved = (page: Page) =>
  page.waitForResponse(
    (response) =>
      response.url().endsWith('/api/queue') && response.request().method() === 'PUT' && response.ok(),
  );

/** Seeks and waits until the player has saved a resume position at or past that second (PUT /plays). */
async function seekAndSave(page: Page, seconds: number) {
  const saved = page.waitForRequest(
    (req) =>
      req.url().endsWith('/api/plays') &&
      (req.postDataJSON() as { current_timestamp: number }).current_timestamp >= seconds,
  );
  await seekTo(page, seconds);
  await saved;
}

async function expectAdvancing(page: Page) {
  const before = (await audio(page))?.time ?? 0;
  await expect
    .poll(async () => (await audio(page))?.time ?? 0, { timeout: 15_000 })
    .toBeGreaterThan(before + 0.5);
  expect((await audio(page))?.paused).toBe(false);
}

/** The start time as the track list shows it (m:ss, or h:mm:ss from an hour). */
function clock(seconds: number): string {
  const whole = Math.floor(seconds);
  const h = Math.floor(whole / 3600);
  const m = Math.floor((whole % 3600) / 60);
  const s = String(whole % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${s}` : `${m}:${s}`;
}

/** A track-list row's play button, found by its start time (titles such as 'ID' repeat in a set). */
const playFrom = (page: Page, track: SetTrackInfo) =>
  page.getByRole('button', { name: new RegExp(`^Play from .* \\(${clock(track.start_time)}\\)$`) });

/** Next and Previous land at a track's start: the audio is at most this far into it when checked. */
const START_SLACK_S = 6;
const playingRow = (page: Page) => page.locator('[aria-label="Track list"] [aria-current="true"]');
const player = (page: Page) => page.getByRole('region', { name: 'Player' });

async function playSet(page: Page, set: SetInfo) {
  await page.goto(`/sets/${set.id}`);
  await page.getByRole('button', { name: `Play ${set.set_name}` }).click();
  await expectAdvancing(page);
}

test.describe('the player', () => {
  test('plays a set: the audio advances, the playing row lights and follows a seek into the third track; next and previous', async ({
    page,
    request,
  }) => {
    const account = await signedInPage(page, request, 'player');
    const [set] = await catalogueSets(request, account, 1);
    if (!set) throw new Error('no set');
    await playSet(page, set);
    const [first, second, third, fourth] = set.set_tracks;
    if (!first || !second || !third || !fourth) throw new Error('short set');

    await expect(playingRow(page)).toHaveCount(1);
    await expect(playingRow(page)).toContainText(first.track_meta.title);
    await expect(page.getByRole('button', { name: `Pause ${set.set_name}` })).toBeVisible();

    // A click on the third row plays from its start; the highlight moves with the music.
    await playFrom(page, third).click();
    await expect(playingRow(page)).toContainText(third.track_meta.title);
    expect((await audio(page))?.time).toBeGreaterThanOrEqual(third.start_time);
    await expect(player(page).getByRole('link', { name: /^Current track:/ })).toContainText(
      third.track_meta.title,
    );

    await player(page).getByRole('button', { name: 'Next track' }).click();
    await expect(playingRow(page)).toContainText(fourth.track_meta.title);
    expect((await audio(page))?.time).toBeGreaterThanOrEqual(fourth.start_time);
    // at the start of the track: a few seconds in at most, however busy the machine (CI once took 3.08 s)
    expect((await audio(page))?.time).toBeLessThan(fourth.start_time + START_SLACK_S);

    // Beyond the spec: OS media controls name the track playing within the set.
    await expect
      .poll(() => page.evaluate(() => navigator.mediaSession.metadata?.title ?? null))
      .toBe(fourth.track_meta.title);
    expect(await page.evaluate(() => navigator.mediaSession.metadata?.album)).toBe(set.set_name);

    await player(page).getByRole('button', { name: 'Previous track' }).click();
    await expect(playingRow(page)).toContainText(third.track_meta.title);
    expect((await audio(page))?.time).toBeLessThan(third.start_time + START_SLACK_S);
    await expectAdvancing(page);
  });

  test('navigating across five pages never stops or replaces the audio', async ({ page, request }) => {
    const account = await signedInPage(page, request, 'player');
    const [set] = await catalogueSets(request, account, 1);
    if (!set) throw new Error('no set');
    await playSet(page, set);
    await page.evaluate(() => {
      const element = document.querySelector('audio[data-player]') as HTMLAudioElement & {
        journeyTag?: string;
      };
      element.journeyTag = 'the same element';
    });
    const nav = page.getByRole('navigation', { name: 'Discover' });
    for (const name of ['Sets', 'Tracks', 'Artists', 'Labels']) {
      await nav.getByRole('link', { name }).click();
      await expect(page).toHaveURL(new RegExp(`/${name.toLowerCase()}$`));
      await expectAdvancing(page);
    }
    await player(page)
      .getByRole('link', { name: `Playing set: ${set.set_name}` })
      .click();
    await expect(page).toHaveURL(new RegExp(`/sets/${set.id}$`));
    await expectAdvancing(page);
    expect((await audio(page))?.tagged).toBe('the same element');
    await expect(playingRow(page)).toHaveCount(1);
  });

  test('a queue of three sets reorders by drag and by keyboard, keeps its order after a reload, and advances when a set ends', async ({
    page,
    request,
  }) => {
    const account = await signedInPage(page, request, 'queue');
    const sets = await catalogueSets(request, account, 3);
    for (const set of sets) {
      await page.goto(`/sets/${set.id}`);
      await page.getByRole('button', { name: `Add ${set.set_name} to the queue` }).click();
      await expect(page.getByText('Set added to queue!')).toBeVisible();
    }
    const [a, b, c] = sets.map((set) => set.set_name) as [string, string, string];
    await page.getByRole('button', { name: `Add ${c} to the queue` }).click();
    await expect(page.getByText('This set is already in the queue.')).toBeVisible();

    await player(page).getByRole('button', { name: 'Queue' }).click();
    const list = page.getByRole('list', { name: 'Queued sets' });
    const order = () =>
      list.getByRole('listitem').evaluateAll((rows) => rows.map((row) => row.getAttribute('aria-label')));
    await expect.poll(order).toEqual([a, b, c]);

    // Drag the third set above the first with the pointer.
    const handle = list.getByRole('button', { name: `Reorder ${c}` });
    const target = list.getByRole('button', { name: `Reorder ${a}` });
    // hover waits for the popover's opening transition to settle before positions are read
    await target.hover();
    await handle.hover();
    const from = await handle.boundingBox();
    const to = await target.boundingBox();
    if (!from || !to) throw new Error('queue rows not laid out');
    const dragSaved = queueSaved(page);
    await page.mouse.down();
    await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2 - 8, { steps: 4 });
    await page.mouse.move(to.x + to.width / 2, to.y + to.height / 2, { steps: 12 });
    await page.mouse.up();
    await expect.poll(order).toEqual([c, a, b]);
    await dragSaved;

    // Then move the (now) first one down by one with the keyboard, as a keyboard user would: pick it
    // up, wait until it is lifted, move it, wait until the screen reader is told where it is, drop it.
    const keyHandle = list.getByRole('button', { name: `Reorder ${c}` });
    await keyHandle.focus();
    await page.keyboard.press('Space');
    await expect(keyHandle).toHaveAttribute('aria-pressed', 'true');
    await page.keyboard.press('ArrowDown');
    await expect(page.getByRole('status').filter({ hasText: /is over position/i })).toHaveCount(1);
    const keySaved = queueSaved(page);
    await page.keyboard.press('Space');
    await expect.poll(order).toEqual([a, c, b]);
    await keySaved;

    const saved = page.waitForResponse(
      (response) => response.url().endsWith('/api/queue') && response.request().method() === 'GET',
    );
    await page.reload();
    await saved;
    await player(page).getByRole('button', { name: 'Queue' }).click();
    await expect.poll(order).toEqual([a, c, b]);

    // Play the first queued set, let it end: the next queue item starts on its own.
    await list.getByRole('button', { name: `Play ${a}` }).click();
    await page.keyboard.press('Escape');
    await expectAdvancing(page);
    const duration = (await audio(page))?.duration ?? 0;
    await seekTo(page, duration - 1.5);
    await expect(player(page).getByRole('link', { name: `Playing set: ${c}` })).toBeVisible({
      timeout: 20_000,
    });
    await expectAdvancing(page);
    await player(page).getByRole('button', { name: 'Queue' }).click();
    await expect.poll(order).toEqual([`${a} (played)`, `${c} (current)`, b]);
  });

  test('an audio link refused mid-set (expired: 403) is fetched afresh and playback carries on there', async ({
    page,
    request,
  }) => {
    const account = await signedInPage(page, request, 'expiry');
    const [set] = await catalogueSets(request, account, 1);
    if (!set) throw new Error('no set');
    // A home connection, so the far seek below needs a new Range request rather than the buffer.
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 40,
      downloadThroughput: 250_000,
      uploadThroughput: 125_000,
    });
    await playSet(page, set);
    // The next audio request is refused as an expired link would be.
    await page.route('**/media/audio/**', (route) => route.fulfill({ status: 403, body: 'expired' }), {
      times: 1,
    });
    const refetched = page.waitForRequest((req) => req.url().endsWith(`/api/sets/${set.id}`));
    const target = Math.floor(((await audio(page))?.duration ?? 0) * 0.85);
    await seekTo(page, target);
    await refetched;
    await expect
      .poll(async () => (await audio(page))?.time ?? 0, { timeout: 20_000 })
      .toBeGreaterThan(target + 0.5);
    expect((await audio(page))?.paused).toBe(false);
  });

  test('a reload mid-set resumes within 30 s of where it was', async ({ page, request }) => {
    const account = await signedInPage(page, request, 'resume');
    const [set] = await catalogueSets(request, account, 1);
    if (!set) throw new Error('no set');
    await playSet(page, set);
    await seekAndSave(page, 600);
    await expectAdvancing(page);
    const before = (await audio(page))?.time ?? 0;
    await page.reload();
    await page.getByRole('button', { name: `Play ${set.set_name}` }).click();
    await expectAdvancing(page);
    const after = (await audio(page))?.time ?? 0;
    expect(Math.abs(after - before)).toBeLessThan(30);
  });

  test('the resume position follows the user to another browser', async ({ page, request, browser }) => {
    const account = await signedInPage(page, request, 'roamer');
    const [set] = await catalogueSets(request, account, 1);
    if (!set) throw new Error('no set');
    await playSet(page, set);
    await seekAndSave(page, 900);
    await page.getByRole('button', { name: `Pause ${set.set_name}` }).click();
    const left = (await audio(page))?.time ?? 0;

    // A second browser profile: its own storage and cache, the same account.
    const other = await browser.newContext({ baseURL: test.info().project.use.baseURL });
    const otherPage = await other.newPage();
    const tokens = await signInByApi(request, account);
    await otherPage.addInitScript(
      ([access, refresh, expiry]) => {
        window.localStorage.setItem('accessToken', access);
        window.localStorage.setItem('refreshToken', refresh);
        window.localStorage.setItem('tokenExpiry', expiry);
      },
      [tokens.access_token, tokens.refresh_token, String(Date.now() + 3_600_000)] as const,
    );
    await playSet(otherPage, set);
    const there = (await audio(otherPage))?.time ?? 0;
    expect(Math.abs(there - left)).toBeLessThan(5);
    await other.close();
  });

  test("liking a moment raises the set's likes and the playing track's Likes by one", async ({
    page,
    request,
  }) => {
    const account = await signedInPage(page, request, 'liker');
    const [set] = await catalogueSets(request, account, 1);
    const track = set?.set_tracks[1];
    if (!set || !track) throw new Error('no set');
    await page.goto(`/sets/${set.id}`);
    await playFrom(page, track).click();
    await expect(playingRow(page)).toContainText(track.track_meta.title);
    // The set's likes button (library issue): 'Like {set name}, {n} likes'.
    const escaped = set.set_name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    const setLikes = page.getByRole('button', { name: new RegExp(`${escaped}, \\d+ likes?$`) });
    await expect(setLikes).toHaveAccessibleName(new RegExp(`, ${likes(set.likes)}$`));
    await expect(playingRow(page).getByLabel(/ likes?$/)).toHaveAttribute('aria-label', likes(track.likes));

    await player(page).getByRole('button', { name: 'Like this moment' }).click();
    await expect(page.getByText(`${track.track_meta.title} has been saved to your likes!`)).toBeVisible();
    await expect(setLikes).toHaveAccessibleName(new RegExp(`, ${likes(set.likes + 1)}$`));
    // the moment like also put the set into the user's likes (docs/player.md: PUT /favs/set/{id}/likes)
    await expect(setLikes).toHaveAttribute('aria-pressed', 'true');
    await expect(playingRow(page).getByLabel(/ likes?$/)).toHaveAttribute(
      'aria-label',
      likes(track.likes + 1),
    );
  });

  test('logout stops the audio', async ({ page, request }) => {
    const account = await signedInPage(page, request, 'leaver');
    const [set] = await catalogueSets(request, account, 1);
    if (!set) throw new Error('no set');
    await playSet(page, set);
    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await expect.poll(async () => (await audio(page))?.paused).toBe(true);
    expect((await audio(page))?.src).toBeNull();
  });
});
