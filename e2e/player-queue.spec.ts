import { type APIRequestContext, type Browser, expect, type Page, test } from '@playwright/test';
import { signedInPage, signInByApi, type TestAccount } from './support/session';

// The queue always agrees with what plays, the player comes back after a reload, and the bottom
// player's small things: the phone layout, the seek label, the volume, the tab title and a logout in
// another tab. Chromium against the served app and its seeded sets; audio state is read from the one
// <audio> element the player owns.

interface SetInfo {
  id: number;
  set_name: string;
  duration: number;
}

async function apiHeaders(request: APIRequestContext, account: TestAccount) {
  const { access_token } = await signInByApi(request, account);
  return { authorization: `Bearer ${access_token}` };
}

/** A signed-in listener past onboarding (its modal on /home has its own journeys). */
async function listenerPage(page: Page, request: APIRequestContext, prefix: string) {
  const account = await signedInPage(page, request, prefix);
  const done = await request.post('/api/me/onboarding', { headers: await apiHeaders(request, account) });
  expect(done.ok()).toBe(true);
  return account;
}

async function catalogueSets(request: APIRequestContext, account: TestAccount, count: number) {
  const headers = await apiHeaders(request, account);
  const list = await request.get('/api/sets?limit=12&order_by=set_meta.release_date&order_direction=desc', {
    headers,
  });
  const sets = ((await list.json()).data as SetInfo[]).slice(0, count);
  expect(sets).toHaveLength(count);
  return sets;
}

/** Queues the sets in this order through the API, as Add to queue on their pages would. */
async function queueSets(request: APIRequestContext, account: TestAccount, sets: SetInfo[]) {
  const headers = await apiHeaders(request, account);
  const me = (await (await request.get('/api/me', { headers })).json()) as { id: number };
  for (const set of sets) {
    const added = await request.post('/api/queue', {
      headers,
      data: { user_id: me.id, set_meta_id: set.id },
    });
    expect(added.ok()).toBe(true);
  }
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
          volume: element.volume,
        }
      : null;
  });

const seekTo = (page: Page, seconds: number) =>
  page.evaluate((t) => {
    const element = document.querySelector<HTMLAudioElement>('audio[data-player]');
    if (element) element.currentTime = t;
  }, seconds);

async function expectAdvancing(page: Page) {
  const before = (await audio(page))?.time ?? 0;
  await expect
    .poll(async () => (await audio(page))?.time ?? 0, { timeout: 15_000 })
    .toBeGreaterThan(before + 0.5);
  expect((await audio(page))?.paused).toBe(false);
}

const player = (page: Page) => page.getByRole('region', { name: 'Player' });

async function playOnItsPage(page: Page, set: SetInfo) {
  await page.goto(`/sets/${set.id}`);
  await page.getByRole('button', { name: `Play ${set.set_name}` }).click();
  await expectAdvancing(page);
}

/** Opens the queue and answers its rows as they read: 'name', 'name (played)', 'name (current)'. */
async function queueRows(page: Page): Promise<string[]> {
  // The open queue hides the button that opened it: open it only when it is closed. Its list may
  // still be loading (the queue then reads as empty), so callers poll.
  const queue = page.getByRole('dialog', { name: 'Queue' });
  if (!(await queue.isVisible())) {
    await player(page).getByRole('button', { name: 'Queue' }).click();
    await expect(queue).toBeVisible();
  }
  return queue
    .getByRole('list', { name: 'Queued sets' })
    .getByRole('listitem')
    .evaluateAll((rows) => rows.map((row) => row.getAttribute('aria-label') ?? ''));
}

/** Lets the playing set reach its end. */
async function finishSet(page: Page) {
  await expectAdvancing(page);
  await seekTo(page, ((await audio(page))?.duration ?? 0) - 1.5);
}

test.describe('the queue agrees with what plays', () => {
  test("Play on another set's page with three queued makes that set current; its end plays the item after it", async ({
    page,
    request,
  }) => {
    const account = await listenerPage(page, request, 'agree');
    const [a, b, c, d] = (await catalogueSets(request, account, 4)) as [SetInfo, SetInfo, SetInfo, SetInfo];
    await queueSets(request, account, [a, b, c]);
    await page.goto('/home');
    await expect.poll(() => queueRows(page)).toEqual([a.set_name, b.set_name, c.set_name]);
    await page.keyboard.press('Escape');

    // The first queued set plays, then the listener presses Play on a set that is not queued.
    await playOnItsPage(page, a);
    await playOnItsPage(page, d);
    await expect
      .poll(() => queueRows(page))
      .toEqual([`${a.set_name} (played)`, `${d.set_name} (current)`, b.set_name, c.set_name]);
    await page.keyboard.press('Escape');

    await finishSet(page);
    await expect(player(page).getByRole('link', { name: `Playing set: ${b.set_name}` })).toBeVisible({
      timeout: 20_000,
    });
    await expectAdvancing(page);
    await expect
      .poll(() => queueRows(page))
      .toEqual([`${a.set_name} (played)`, `${d.set_name} (played)`, `${b.set_name} (current)`, c.set_name]);
  });

  test("playing an item from the queue, or moving one above the current one with the keyboard, never shows an unplayed set 'Played'", async ({
    page,
    request,
  }) => {
    const account = await listenerPage(page, request, 'unplayed');
    const [a, b, c, d] = (await catalogueSets(request, account, 4)) as [SetInfo, SetInfo, SetInfo, SetInfo];
    await queueSets(request, account, [a, b, c, d]);
    await playOnItsPage(page, a);

    // Play the third item from the queue: it moves up behind the first; B and D stay unplayed.
    await expect.poll(() => queueRows(page)).toContain(`${a.set_name} (current)`);
    const list = page.getByRole('list', { name: 'Queued sets' });
    await list.getByRole('button', { name: `Play ${c.set_name}` }).click();
    // The open queue hides the rest of the page from assistive technology: close it to read the player.
    await page.keyboard.press('Escape');
    await expect(player(page).getByRole('link', { name: `Playing set: ${c.set_name}` })).toBeVisible();
    await expect
      .poll(() => queueRows(page))
      .toEqual([`${a.set_name} (played)`, `${c.set_name} (current)`, b.set_name, d.set_name]);

    // Move D up over the current set with the keyboard: it lands right after it, to play next.
    const handle = list.getByRole('button', { name: `Reorder ${d.set_name}` });
    await handle.focus();
    await page.keyboard.press('Space');
    await expect(handle).toHaveAttribute('aria-pressed', 'true');
    const announcements = async () => (await page.getByRole('status').allTextContents()).join('|');
    for (const _ of [1, 2]) {
      const before = await announcements();
      await page.keyboard.press('ArrowUp');
      await expect.poll(announcements).not.toBe(before);
    }
    const saved = page.waitForResponse(
      (response) =>
        response.url().endsWith('/api/queue') && response.request().method() === 'PUT' && response.ok(),
    );
    await page.keyboard.press('Space');
    await saved;
    const expected = [`${a.set_name} (played)`, `${c.set_name} (current)`, d.set_name, b.set_name];
    await expect.poll(() => queueRows(page)).toEqual(expected);

    // The server holds exactly that.
    await page.reload();
    await expect.poll(() => queueRows(page)).toEqual(expected);
  });
});

test.describe('the bottom player', () => {
  test('after a reload shows the set last played, paused at its position; Play resumes it, in another profile too', async ({
    page,
    request,
    browser,
  }) => {
    const account = await listenerPage(page, request, 'returns');
    const [set, queued] = (await catalogueSets(request, account, 2)) as [SetInfo, SetInfo];
    await queueSets(request, account, [queued]);
    await playOnItsPage(page, set);
    const saved = page.waitForRequest(
      (req) =>
        req.url().endsWith('/api/plays') &&
        (req.postDataJSON() as { current_timestamp: number }).current_timestamp >= 388,
    );
    await seekTo(page, 388);
    await saved;
    await player(page).getByRole('button', { name: 'Pause' }).click();
    await expect.poll(async () => (await audio(page))?.paused).toBe(true);

    const check = async (target: Page) => {
      await target.goto('/home');
      await expect(player(target).getByRole('link', { name: `Playing set: ${set.set_name}` })).toBeVisible();
      await expect(player(target).getByRole('slider', { name: 'Seek' })).toHaveAttribute(
        'aria-valuetext',
        /^0:06:(2[89]|3\d) of /,
      );
      await expect(player(target).getByRole('button', { name: 'Play', exact: true })).toBeVisible();
      expect((await audio(target))?.paused).toBe(true);
      await player(target).getByRole('button', { name: 'Play', exact: true }).click();
      await expectAdvancing(target);
      await expect(player(target).getByRole('link', { name: `Playing set: ${set.set_name}` })).toBeVisible();
      expect((await audio(target))?.time).toBeGreaterThanOrEqual(388);
    };
    await page.reload();
    await check(page);
    await player(page).getByRole('button', { name: 'Pause' }).click();

    const other = await otherProfile(browser, request, account);
    await check(other.page);
    await other.context.close();
  });

  test('at 390 px keeps like and previous, with share and the queue in the More player actions menu', async ({
    page,
    request,
  }) => {
    const account = await listenerPage(page, request, 'phone');
    const [set] = (await catalogueSets(request, account, 1)) as [SetInfo];
    await playOnItsPage(page, set);
    await page.screenshot({ path: 'test-results/bottom-player-1280.png' });
    await page.setViewportSize({ width: 390, height: 844 });
    const bar = player(page);
    for (const name of ['Like this moment', 'Previous track', 'Pause', 'Next track', 'More player actions']) {
      await expect(bar.getByRole('button', { name, exact: true })).toBeVisible();
    }
    await expect(bar.getByRole('button', { name: 'Share this set' })).toBeHidden();
    await page.screenshot({ path: 'test-results/bottom-player-390.png' });
    await bar.getByRole('button', { name: 'Like this moment' }).click();
    await expect(page.getByText(/has been saved to your likes!$/)).toBeVisible();
    await bar.getByRole('button', { name: 'More player actions' }).click();
    await expect(page.getByRole('menuitem', { name: 'Share this set' })).toBeVisible();
    await page.getByRole('menuitem', { name: /^Queue/ }).click();
    await expect(page.getByRole('heading', { name: 'Queue' })).toBeVisible();
  });

  test("the seek bar's hover label stays clear of Next and Share; the tab title names the playing track", async ({
    page,
    request,
  }) => {
    const account = await listenerPage(page, request, 'hover');
    const [set] = (await catalogueSets(request, account, 1)) as [SetInfo];
    await playOnItsPage(page, set);
    await expect.poll(() => page.title()).toMatch(new RegExp(`^▶ .+ – .+ · ${escapeRegExp(set.set_name)}$`));

    const seek = player(page).locator('[data-seek-bar]');
    const box = await seek.boundingBox();
    if (!box) throw new Error('no seek bar');
    const blocked = ['Next track', 'Share this set', 'Like this moment', 'Previous track'];
    for (const fraction of [0.02, 0.5, 0.7, 0.98]) {
      await page.mouse.move(box.x + box.width * fraction, box.y + box.height / 2);
      const label = player(page).getByRole('tooltip');
      await expect(label).toBeVisible();
      if (fraction === 0.5) await page.screenshot({ path: 'test-results/seek-label-hover.png' });
      const at = await label.boundingBox();
      if (!at) throw new Error('no label');
      expect(at.x).toBeGreaterThanOrEqual(box.x - 0.5);
      expect(at.x + at.width).toBeLessThanOrEqual(box.x + box.width + 0.5);
      for (const name of blocked) {
        const button = await player(page).getByRole('button', { name, exact: true }).boundingBox();
        if (!button) continue;
        const icon = {
          x: button.x + 8,
          y: button.y + 8,
          width: button.width - 16,
          height: button.height - 16,
        };
        expect(overlaps(at, icon), `the label over ${name}`).toBe(false);
      }
    }
    await player(page).getByRole('button', { name: 'Pause' }).click();
    await expect.poll(() => page.title()).not.toMatch(/^▶/);
  });

  test('the volume survives a reload', async ({ page, request }) => {
    const account = await listenerPage(page, request, 'volume');
    const [set] = (await catalogueSets(request, account, 1)) as [SetInfo];
    await playOnItsPage(page, set);
    const volume = player(page).getByRole('slider', { name: 'Volume' });
    await volume.focus();
    for (const _ of [1, 2, 3]) await page.keyboard.press('ArrowLeft');
    await expect.poll(async () => (await audio(page))?.volume).toBeCloseTo(0.7, 5);
    await page.reload();
    await expect(player(page).getByRole('slider', { name: 'Volume' })).toHaveAttribute(
      'aria-valuenow',
      '0.7',
    );
    expect((await audio(page))?.volume).toBeCloseTo(0.7, 5);
  });

  test('a logout in one tab signs the other out and stops its audio at once', async ({ page, request }) => {
    const account = await listenerPage(page, request, 'twotabs');
    const [set] = (await catalogueSets(request, account, 1)) as [SetInfo];
    await playOnItsPage(page, set);
    const second = await page.context().newPage();
    await second.goto('/home');
    await second.getByRole('button', { name: 'Account menu' }).click();
    await second.getByRole('menuitem', { name: 'Logout' }).click();
    await expect.poll(async () => (await audio(page))?.paused).toBe(true);
    expect((await audio(page))?.src).toBeNull();
    await expect(page).toHaveURL(/\/login/);
  });
});

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

function overlaps(
  a: { x: number; y: number; width: number; height: number },
  b: { x: number; y: number; width: number; height: number },
): boolean {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

/** A second browser profile (its own storage and cache) signed in as the same account. */
async function otherProfile(browser: Browser, request: APIRequestContext, account: TestAccount) {
  const context = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  const tokens = await signInByApi(request, account);
  const otherPage = await context.newPage();
  await otherPage.addInitScript(
    ([access, refresh, expiry]) => {
      window.localStorage.setItem('accessToken', access);
      window.localStorage.setItem('refreshToken', refresh);
      window.localStorage.setItem('tokenExpiry', expiry);
    },
    [tokens.access_token, tokens.refresh_token, String(Date.now() + 3_600_000)] as const,
  );
  return { context, page: otherPage };
}
