import { type Browser, type BrowserContext, expect, type Page, test } from '@playwright/test';
import { bearer, listener, releasedTracks, type Tokens, unreleasedIds } from './support/releases';

// The crowd names an ID, live, across browsers: one listener watches an ID, another suggests the
// catalogue track it is, the others confirm it; the deciding vote releases the ID, and the watcher's
// bell says so within 2 s without a reload, and the set's track list shows the track.

test.use({ viewport: { width: 1440, height: 900 } });

/** A browser of its own for a listener, signed in by storing the tokens before the app boots. */
async function browserOf(browser: Browser, tokens: Tokens): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const expiry = String(Date.now() + 60 * 60 * 1000);
  await context.addInitScript(
    ([access, refresh, exp]) => {
      if (!window.localStorage.getItem('accessToken')) {
        window.localStorage.setItem('accessToken', access);
        window.localStorage.setItem('refreshToken', refresh);
        window.localStorage.setItem('tokenExpiry', exp);
      }
    },
    [tokens.access_token, tokens.refresh_token, expiry] as const,
  );
  return { context, page: await context.newPage() };
}

async function shot(page: Page, name: string) {
  await page.screenshot({ path: `test-results/screens/${name}.png`, fullPage: true, animations: 'disabled' });
}

const bell = (page: Page) => page.getByRole('button', { name: /^Notifications/ });
const state = (page: Page) => page.getByRole('status', { name: 'Identification' });
const escapeText = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

test('three listeners name an ID: the watcher hears of the release within 2 s, and the set shows the track', async ({
  browser,
  request,
}) => {
  // four listeners, three browsers and a fresh server: minutes on a busy machine
  test.setTimeout(300_000);
  const [watcherTokens, suggesterTokens, voterTokens, helperTokens] = await Promise.all([
    listener(request, 'watcher'),
    listener(request, 'suggester'),
    listener(request, 'voter'),
    listener(request, 'helper'),
  ]);
  const [id] = await unreleasedIds(request, watcherTokens, 1);
  const [track] = await releasedTracks(request, watcherTokens, 1, 40);
  if (!id?.set_meta || !track) throw new Error('the demo catalogue has no ID or track for this journey');
  const named = `${track.artist} – ${track.title}`;

  // 1. The watcher watches the ID and keeps its page open.
  const watcher = await browserOf(browser, watcherTokens);
  await watcher.page.goto(`/tracks/${id.id}`);
  // the first page of a fresh server builds its caches: slow on a busy machine
  await expect(state(watcher.page)).toBeVisible({ timeout: 30_000 });
  await watcher.page.getByRole('button', { name: /^Watch / }).click();
  await expect(watcher.page.getByText('Started watching ID!', { exact: true })).toBeVisible();
  await expect(bell(watcher.page)).toHaveAccessibleName('Notifications');

  // 2. The suggester finds the track in the catalogue and suggests it.
  const suggester = await browserOf(browser, suggesterTokens);
  await suggester.page.goto(`/tracks/${id.id}`);
  await expect(state(suggester.page)).toBeVisible({ timeout: 30_000 });
  await suggester.page.getByRole('button', { name: 'Suggest what this is' }).click();
  await suggester.page.getByRole('combobox', { name: 'Find it in the catalogue' }).fill(track.title);
  await suggester.page
    .getByRole('option', { name: new RegExp(`^${escapeText(track.title)}`) })
    .filter({ hasText: track.artist })
    .first()
    .click();
  await suggester.page.getByRole('button', { name: 'Suggest', exact: true }).click();
  await expect(suggester.page.getByText('Thanks! Your suggestion is open for votes.')).toBeVisible();
  const mine = suggester.page.getByRole('listitem', { name: new RegExp(escapeText(named)) });
  await expect(mine).toContainText('Your suggestion');
  await expect(mine.getByRole('button', { name: /^Withdraw/ })).toBeVisible();

  // The watcher sees it arrive without a reload: the suggestion, the state, and the bell.
  const seen = watcher.page.getByRole('listitem', { name: new RegExp(escapeText(named)) });
  await expect(seen).toBeVisible();
  await expect(state(watcher.page)).toHaveText('1 suggestion');
  await expect(bell(watcher.page)).toHaveAccessibleName('Notifications, 1 unread');
  await shot(watcher.page, 'identifications-id-proposed-1440');

  // 3. The watcher confirms; a helper confirms through the API.
  await seen.getByRole('button', { name: /^Confirm / }).click();
  await expect(seen.getByRole('button', { name: /^Confirm / })).toHaveAttribute('aria-pressed', 'true');
  const proposals = await request.get(`/api/tracks/${id.id}/identifications`, {
    headers: bearer(helperTokens),
  });
  const proposalId = (await proposals.json()).data[0].id as number;
  const helperVote = await request.put(`/api/identifications/${proposalId}/vote`, {
    headers: bearer(helperTokens),
    data: { vote: 'confirm' },
  });
  expect(helperVote.ok()).toBe(true);

  // 4. The voter sees two confirmations live and casts the deciding one.
  const voter = await browserOf(browser, voterTokens);
  await voter.page.goto(`/tracks/${id.id}`);
  await expect(state(voter.page)).toBeVisible({ timeout: 30_000 });
  const voted = voter.page.getByRole('listitem', { name: new RegExp(escapeText(named)) });
  await expect(voted.getByRole('button', { name: /^Confirm / })).toContainText('Confirm · 2');
  await voted.getByRole('button', { name: /^Confirm / }).click();

  // 5. Within 2 s, without a reload: the watcher's bell, and the ID's state on every open page.
  const decidedAt = Date.now();
  await expect(bell(watcher.page)).toHaveAccessibleName('Notifications, 2 unread', { timeout: 2_000 });
  const latencyMs = Date.now() - decidedAt;
  // (with the mix credit when the track has one)
  await expect(state(watcher.page)).toContainText(`Released as ${named}`, { timeout: 2_000 });
  await expect(state(suggester.page)).toContainText(`Released as ${named}`, { timeout: 2_000 });
  console.log(`vote-to-bell ${latencyMs} ms`);
  await expect(watcher.page.getByRole('region', { name: 'Released' })).toContainText(`Released as ${named}`);
  await shot(watcher.page, 'identifications-id-released-1440');

  await bell(watcher.page).click();
  const menu = watcher.page.getByRole('menu', { name: 'Notifications' });
  await expect(menu.getByRole('menuitem', { name: new RegExp(escapeText(named)) }).first()).toContainText(
    `first heard in ${id.set_meta.set_name}`,
  );
  await expect(menu.getByRole('menuitem', { name: /suggested/ })).toHaveAttribute('href', `/tracks/${id.id}`);
  await watcher.page.keyboard.press('Escape');

  // 6. The set's track list shows the track the ID turned out to be.
  await voter.page.goto(`/sets/${id.set_meta.id}`);
  const row = voter.page
    .getByRole('table', { name: 'Track list' })
    .getByRole('row')
    .filter({ has: voter.page.getByRole('link', { name: track.title, exact: true }) });
  await expect(row).toContainText('Released', { timeout: 30_000 });
  await expect(row.getByRole('link', { name: track.title, exact: true })).toHaveAttribute(
    'href',
    `/tracks/${id.id}`,
  );
  await shot(voter.page, 'identifications-set-track-list-1440');

  for (const each of [watcher, suggester, voter]) await each.context.close();
});

test('the waiting IDs list and a profile without suggestions, on a phone', async ({ browser, request }) => {
  test.setTimeout(120_000);
  const me = await listener(request, 'phone');
  const { context, page } = await browserOf(browser, me);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/tracks');
  await page.getByRole('link', { name: 'Help name the IDs' }).click();
  await expect(page).toHaveURL('/ids');
  await expect(page.getByRole('heading', { level: 1, name: 'Help name the IDs' })).toBeVisible();
  const first = page.getByRole('list', { name: 'IDs waiting to be named' }).getByRole('listitem').first();
  await expect(first).toBeVisible({ timeout: 30_000 });
  await shot(page, 'identifications-ids-390');
  await page.getByRole('button', { name: 'No suggestions yet' }).click();
  await expect(page).toHaveURL('/ids?state=unidentified');
  await page.getByRole('switch', { name: 'IDs I watch only' }).click();
  await expect(page).toHaveURL('/ids?state=unidentified&followed=true');
  await expect(page.getByText('None of the IDs you watch is waiting')).toBeVisible();

  await page.goto('/profile');
  await expect(page.getByText('0 identifications')).toBeVisible({ timeout: 30_000 });
  await page.getByRole('tab', { name: 'Suggestions' }).click();
  await expect(page.getByText('No suggestions yet')).toBeVisible();
  await shot(page, 'identifications-profile-390');
  await context.close();
});
