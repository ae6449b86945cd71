import type { TrackMeta } from '@cratedig/contract/track';
import { type BrowserContext, expect, type Page, test } from '@playwright/test';
import {
  apiGet,
  artistsWithIds,
  listener,
  releasedTracks,
  releaseWithCommand,
  type Tokens,
  unreleasedIds,
  watch,
} from './support/releases';

// Journeys of an ID's life on the demo catalogue: a listener watches it, an operator releases it with
// the `cratedig release` command beside the running server, and the bell tells the listener without a
// reload. Plus the tab switches between track and ID lists.

test.use({ viewport: { width: 1280, height: 900 } });

/** Stores the tokens under the docs/accounts.md browser keys before the app boots. */
async function signIn(context: BrowserContext, tokens: Tokens) {
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
}

/** What the browser sends when the listener comes back to the tab (the bell asks again then). */
async function returnToTab(page: Page) {
  await page.evaluate(() => document.dispatchEvent(new Event('visibilitychange', { bubbles: true })));
}

async function shot(page: Page, name: string, fullPage = false) {
  await page.screenshot({ path: `test-results/screens/${name}.png`, fullPage, animations: 'disabled' });
}

const bell = (page: Page) => page.getByRole('button', { name: /^Notifications/ });
const menu = (page: Page) => page.getByRole('menu', { name: 'Notifications' });

test('watch an ID, release it with the command: the bell shows it without a reload and opens the release', async ({
  page,
  context,
  request,
}) => {
  test.setTimeout(120_000);
  const me = await listener(request, 'watcher');
  const [id] = await unreleasedIds(request, me, 1);
  const [track] = await releasedTracks(request, me, 1, 0);
  if (!id || !track) throw new Error('no ID or track to release');
  await signIn(context, me);

  await page.goto(`/tracks/${id.id}`);
  const waiting = page.getByRole('region', { name: 'Waiting for release' });
  await expect(waiting).toHaveText('Be the first to watch this ID');
  await page.getByRole('button', { name: /^Watch / }).click();
  await expect(page.getByText('Started watching ID!', { exact: true })).toBeVisible();
  await expect(waiting).toHaveText('1 listener is waiting for this ID');
  await expect(bell(page)).toHaveAccessibleName('Notifications');

  const printed = await releaseWithCommand(id.id, track.id);
  expect(printed).toContain(`released ID ${id.id}`);
  expect(printed).toContain('1 listener notified');

  // no reload and no polling: the live stream brings it (coming back to the tab needs nothing more)
  await returnToTab(page);
  await expect(bell(page)).toHaveAccessibleName('Notifications, 1 unread');
  await expect(bell(page).getByText('1', { exact: true })).toBeVisible();
  // the ID's own page learns it came out
  const released = page.getByRole('region', { name: 'Released' });
  await expect(released.getByRole('link', { name: `${track.artist} – ${track.title}` })).toHaveAttribute(
    'href',
    `/tracks/${track.id}`,
  );
  await shot(page, 'ids-id-released-1280', true);

  await bell(page).click();
  const entry = menu(page).getByRole('menuitem', {
    name: new RegExp(`${escapeRegExp(track.artist)} – ${escapeRegExp(track.title)}`),
  });
  await expect(entry).toContainText(`first heard in ${id.set_meta?.set_name}`);
  await expect(entry).toContainText('Unread');
  await shot(page, 'notifications-menu-1280');
  await entry.click();

  await expect(page).toHaveURL(`/tracks/${track.id}`);
  const firstHeard = page.getByRole('region', { name: 'First heard' });
  await expect(firstHeard).toContainText(`First heard in ${id.set_meta?.set_name} on`);
  await expect(firstHeard.getByRole('link', { name: id.set_meta?.set_name })).toHaveAttribute(
    'href',
    `/sets/${id.set_meta?.id}`,
  );
  await expect(bell(page)).toHaveAccessibleName('Notifications');
  await expect(menu(page)).toBeHidden();
  await shot(page, 'ids-release-first-heard-1280', true);

  await page.setViewportSize({ width: 390, height: 844 });
  await shot(page, 'ids-release-first-heard-390', true);
  await bell(page).click();
  await expect(
    menu(page).getByRole('menuitem', { name: new RegExp(escapeRegExp(track.title)) }),
  ).not.toContainText('Unread');
  await shot(page, 'notifications-menu-390');
  await page.keyboard.press('Escape');
  await expect(bell(page)).toBeFocused();
  await page.goto(`/tracks/${id.id}`);
  await expect(released).toContainText('Released as');
  await shot(page, 'ids-id-released-390', true);
});

test("a new listener's bell says 'No new notifications'", async ({ page, context, request }) => {
  const me = await listener(request, 'quiet');
  await signIn(context, me);
  await page.goto('/home');
  await expect(bell(page)).toHaveAccessibleName('Notifications');
  await bell(page).click();
  await expect(menu(page).getByText('No new notifications')).toBeVisible();
  await expect(menu(page).getByRole('menuitem', { name: 'Load More' })).toHaveCount(0);
});

test('Load More appends the notifications beyond the first 10', async ({ page, context, request }) => {
  test.setTimeout(240_000);
  const me = await listener(request, 'collector');
  const ids = await unreleasedIds(request, me, 12);
  const tracks = await releasedTracks(request, me, 12, 20);
  for (const id of ids) await watch(request, me, id.id);
  for (const [index, id] of ids.entries()) {
    const track = tracks[index] as TrackMeta;
    expect(await releaseWithCommand(id.id, track.id)).toContain('1 listener notified');
  }

  await signIn(context, me);
  await page.goto('/home');
  await expect(bell(page)).toHaveAccessibleName('Notifications, 12 unread');
  await bell(page).click();
  const entries = menu(page).getByRole('menuitem', { name: /first heard in/ });
  await expect(entries).toHaveCount(10);
  // newest first: the last release made is on top
  await expect(entries.first()).toContainText(`${tracks[11]?.artist} – ${tracks[11]?.title}`);
  await menu(page).getByRole('menuitem', { name: 'Load More' }).click();
  await expect(entries).toHaveCount(12);
  await expect(entries.last()).toContainText(`${tracks[0]?.artist} – ${tracks[0]?.title}`);
  await expect(menu(page).getByRole('menuitem', { name: 'Load More' })).toHaveCount(0);

  await menu(page).getByRole('menuitem', { name: 'Mark all as read' }).click();
  // the menu stays open with nothing left to mark; closing it shows the bell without a count
  await expect(menu(page).getByRole('menuitem', { name: 'Mark all as read' })).toBeDisabled();
  await page.keyboard.press('Escape');
  await expect(bell(page)).toHaveAccessibleName('Notifications');
});

test("an artist's IDs tab opens after its Tracks tab", async ({ page, context, request }) => {
  const me = await listener(request, 'digger');
  const artist = (await artistsWithIds(request, me)).find((a) => a.track_count > 0);
  if (!artist) throw new Error('the demo catalogue has no artist with tracks and IDs');
  await signIn(context, me);

  await page.goto(`/artists/${artist.id}`);
  await page.getByRole('tab', { name: /^Tracks/ }).click();
  await expect(page.getByRole('table', { name: 'Tracks' }).getByRole('row').nth(1)).toBeVisible();
  await page.getByRole('tab', { name: /^IDs/ }).click();
  await expect(page.getByRole('table', { name: 'IDs' }).getByRole('row').nth(1)).toBeVisible();
  await expect(page.getByText('IDs could not be loaded')).toHaveCount(0);
});

test("the profile's Watched IDs tab opens after Liked Tracks and marks the IDs that came out", async ({
  page,
  context,
  request,
}) => {
  test.setTimeout(120_000);
  const me = await listener(request, 'keeper');
  const [waitingId, releasedId] = await unreleasedIds(request, me, 2);
  const [liked, releaseTrack] = await releasedTracks(request, me, 2, 40);
  if (!waitingId || !releasedId || !liked || !releaseTrack) throw new Error('not enough demo data');
  const likeTrack = await request.put(`/api/favs/track/${liked.id}/likes-toggle`, {
    headers: { authorization: `Bearer ${me.access_token}` },
  });
  expect(likeTrack.ok()).toBe(true);
  await watch(request, me, waitingId.id);
  await watch(request, me, releasedId.id);
  await releaseWithCommand(releasedId.id, releaseTrack.id);
  const detail = await apiGet<TrackMeta>(request, me, `/tracks/${releasedId.id}`);
  expect(detail.release?.id).toBe(releaseTrack.id);
  await signIn(context, me);

  await page.goto('/profile');
  await page.getByRole('tab', { name: 'Liked Tracks' }).click();
  await expect(page.getByRole('table', { name: 'Liked Tracks' }).getByRole('row')).toHaveCount(2);
  await page.getByRole('tab', { name: 'Watched IDs' }).click();
  const table = page.getByRole('table', { name: 'Watched IDs' });
  await expect(table.getByRole('row')).toHaveCount(3);
  await expect(page.getByText('Watched IDs could not be loaded')).toHaveCount(0);
  const chip = table.getByRole('link', {
    name: `Released as ${releaseTrack.artist} – ${releaseTrack.title}`,
  });
  await expect(chip).toHaveText('Released');
  await shot(page, 'ids-watched-1280', true);
  await chip.click();
  await expect(page).toHaveURL(`/tracks/${releaseTrack.id}`);
});

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
