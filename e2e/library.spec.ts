import type { Artist } from '@cratedig/contract/artist';
import type { SetDetail } from '@cratedig/contract/catalogue-api';
import type { ListResponse } from '@cratedig/contract/common';
import type { Label } from '@cratedig/contract/label';
import type { SetMeta } from '@cratedig/contract/set';
import type { TrackMeta } from '@cratedig/contract/track';
import { type APIRequestContext, type BrowserContext, expect, type Page, test } from '@playwright/test';
import { newAccount, register, signInByApi } from './support/session';
import { likes } from './support/words';

// Journeys through the personal library and the comments on the demo catalogue, as two
// signed-in listeners. Each journey acts through buttons, tabs and switches by their visible names.

test.use({ viewport: { width: 1280, height: 900 } });

type Tokens = { access_token: string; refresh_token: string };
let alice: Tokens;
let bob: Tokens;

async function listener(request: APIRequestContext, prefix: string): Promise<Tokens> {
  const account = newAccount(prefix);
  await register(request, account);
  const tokens = await signInByApi(request, account);
  // Onboarding has its own journeys; done here so the modal never covers a page.
  const done = await request.post('/api/me/onboarding', {
    headers: { authorization: `Bearer ${tokens.access_token}` },
  });
  expect(done.ok()).toBe(true);
  return tokens;
}

test.beforeAll(async ({ request }) => {
  alice = await listener(request, 'alice');
  bob = await listener(request, 'bob');
});

/** Stores the tokens under the docs/accounts.md browser keys before the app boots (as signedInPage does). */
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
  // The store opens in a new tab: answer any outside address locally (no network here).
  await context.route(/^https?:\/\/(?!127\.0\.0\.1)/, (route) =>
    route.fulfill({ contentType: 'text/html', body: '<title>Store</title><h1>Store</h1>' }),
  );
}

async function api<T>(request: APIRequestContext, tokens: Tokens, path: string): Promise<T> {
  const response = await request.get(`/api${path}`, {
    headers: { authorization: `Bearer ${tokens.access_token}` },
  });
  expect(response.ok()).toBe(true);
  return response.json();
}

/**
 * A full-page screenshot from the top (the fixed top bar otherwise lands mid-page) with transitions
 * finished (the tab indicator slides).
 */
async function shot(page: Page, name: string) {
  await page.waitForLoadState('networkidle');
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: `test-results/screens/${name}.png`, fullPage: true, animations: 'disabled' });
}

const toast = (page: Page, text: string) => page.getByText(text, { exact: true });

test('favourite a set and see it under the Sets followed-only switch', async ({ page, context, request }) => {
  await signIn(context, alice);
  const { data } = await api<ListResponse<SetMeta>>(request, alice, '/sets?limit=3');
  const set = data[2] ?? data[0];
  if (!set) throw new Error('the demo catalogue has no sets');

  await page.goto(`/sets/${set.id}`);
  const favourite = page.getByRole('button', { name: `Favorite ${set.set_name}` });
  await expect(favourite).toHaveAttribute('aria-pressed', 'false');
  await favourite.click();
  await expect(toast(page, 'Set added to favorites!')).toBeVisible();
  await expect(favourite).toHaveAttribute('aria-pressed', 'true');

  await page.goto('/sets');
  // The switch is driven by the URL (?followed=true), so its state follows a moment after the click.
  const onlyFavourites = page.getByRole('switch', { name: 'My favorites only' });
  await onlyFavourites.click();
  await expect(onlyFavourites).toBeChecked();
  await expect(page).toHaveURL(/followed=true/);
  await expect(page.getByText('Showing 1 of 1')).toBeVisible();
  await expect(page.getByRole('link', { name: set.set_name }).first()).toBeVisible();
});

test('like an artist and see it under Liked Artists; the profile tabs', async ({
  page,
  context,
  request,
}) => {
  // a listener of their own: the journeys before this one favourite sets as alice
  const newcomer = await listener(request, 'newcomer');
  await signIn(context, newcomer);
  const { data } = await api<ListResponse<Artist>>(request, newcomer, '/artists?limit=1');
  const artist = data[0];
  if (!artist) throw new Error('the demo catalogue has no artists');
  const before = artist.user_stats?.total_user_likes ?? 0;

  await page.goto(`/artists/${artist.id}`);
  const like = page.getByRole('button', { name: `Like ${artist.name}, ${likes(before)}` });
  await like.click();
  await expect(toast(page, `${artist.name} likes!`)).toBeVisible();
  await expect(
    page.getByRole('button', { name: `Like ${artist.name}, ${likes(before + 1)}` }),
  ).toHaveAttribute('aria-pressed', 'true');

  await page.goto('/profile');
  // Liked Sets is the first tab; the newcomer has none yet: the designed empty state with its way out.
  await expect(page.getByRole('tab', { name: 'Liked Sets' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByText('No liked sets yet')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Discover sets' })).toHaveAttribute('href', '/sets');
  await shot(page, 'library-profile-empty-1280');
  await page.getByRole('tab', { name: 'Liked Artists' }).click();
  await expect(page.getByRole('tabpanel').getByRole('link', { name: artist.name }).first()).toBeVisible();
  await shot(page, 'library-profile-artists-1280');
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.getByRole('tabpanel').getByRole('link', { name: artist.name }).first()).toBeVisible();
  await shot(page, 'library-profile-artists-390');
});

test('watch an ID and see it under Watched IDs', async ({ page, context, request }) => {
  await signIn(context, alice);
  const { data } = await api<ListResponse<SetMeta>>(request, alice, '/sets?limit=50');
  let idTrack: TrackMeta | undefined;
  for (const set of data) {
    const detail = await api<SetDetail>(request, alice, `/sets/${set.id}`);
    idTrack = detail.set_tracks?.find((entry) => entry.track_meta.mix_type === 'ID')?.track_meta;
    if (idTrack) break;
  }
  if (!idTrack) throw new Error('the demo catalogue has no ID in its first sets');

  await page.goto(`/tracks/${idTrack.id}`);
  const watch = page.getByRole('button', { name: /^Watch / });
  await expect(watch).toHaveAttribute('aria-pressed', 'false');
  await watch.click();
  await expect(toast(page, 'Started watching ID!')).toBeVisible();
  await expect(watch).toHaveAttribute('aria-pressed', 'true');
  await page.getByRole('button', { name: /^Favorite / }).click();
  await expect(toast(page, 'ID added to favorites!')).toBeVisible();

  await page.goto('/profile');
  await page.getByRole('tab', { name: 'Watched IDs' }).click();
  const panel = page.getByRole('tabpanel');
  await expect(panel.getByText('Showing 1 of 1')).toBeVisible();
  await expect(panel.getByRole('row').nth(1)).toContainText(idTrack.artist);
  await shot(page, 'library-profile-ids-1280');
});

test('follow a label and see the followed count change; its likes count too', async ({
  page,
  context,
  request,
}) => {
  await signIn(context, bob);
  const { data } = await api<ListResponse<Label>>(request, bob, '/labels?limit=1');
  const label = data[0];
  if (!label) throw new Error('the demo catalogue has no labels');

  await page.goto('/labels?followed=true');
  await expect(page.getByText('Showing 0 of 0').or(page.getByRole('status'))).toBeVisible();

  await page.goto(`/labels/${label.id}`);
  const follow = page.getByRole('button', { name: `Follow ${label.name}` });
  await expect(follow).toHaveText('Follow');
  await follow.click();
  await expect(toast(page, `${label.name} followed!`)).toBeVisible();
  await expect(follow).toHaveText('Following');
  await expect(follow).toHaveAttribute('aria-pressed', 'true');

  const before = label.user_label_stats?.total_user_likes ?? 0;
  await page.getByRole('button', { name: `Like ${label.name}, ${likes(before)}` }).click();
  await expect(toast(page, `${label.name} likes!`)).toBeVisible();
  await expect(page.getByRole('button', { name: `Like ${label.name}, ${likes(before + 1)}` })).toBeVisible();

  // the followed-only list now counts it (the switch in the page, not a reload)
  await page.getByRole('link', { name: 'Labels', exact: true }).first().click();
  const onlyFollowed = page.getByRole('switch', { name: 'Followed only' });
  await onlyFollowed.click();
  await expect(onlyFollowed).toBeChecked();
  await expect(page.getByText('Showing 1 of 1')).toBeVisible();
  await expect(page.getByRole('link', { name: label.name }).first()).toBeVisible();

  // and the follow holds after a reload, from the server
  await page.goto(`/labels/${label.id}`);
  await expect(page.getByRole('button', { name: `Follow ${label.name}` })).toHaveText('Following');
});

test('Buy a track: the store opens in a new tab, and Purchased stays after a reload', async ({
  page,
  context,
  request,
}) => {
  await signIn(context, bob);
  const { data } = await api<ListResponse<TrackMeta>>(request, bob, '/tracks?limit=5');
  const track = data.find((t) => t.mix_type !== 'ID');
  if (!track) throw new Error('the demo catalogue has no released tracks');

  await page.goto(`/tracks/${track.id}`);
  const buy = page.getByRole('link', { name: 'Buy' });
  const [store] = await Promise.all([context.waitForEvent('page'), buy.click()]);
  await store.waitForLoadState();
  expect(store.url()).toMatch(track.purchase_url ? track.purchase_url : /beatport\.com\/search\?q=/);
  await store.close();
  await expect(toast(page, 'Track purchased!')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Purchased' })).toBeVisible();

  await page.reload();
  await expect(page.getByRole('link', { name: 'Purchased' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Buy' })).toHaveCount(0);
});

test('post, edit and delete a comment; a second user sees it but not its menu', async ({
  page,
  context,
  browser,
  request,
}) => {
  await signIn(context, alice);
  const { data } = await api<ListResponse<SetMeta>>(request, alice, '/sets?limit=2');
  const set = data[1] ?? data[0];
  if (!set) throw new Error('the demo catalogue has no sets');

  await page.goto(`/sets/${set.id}`);
  await page.getByRole('tab', { name: 'Comments' }).click();
  await expect(page.getByText("It's pretty quiet here!")).toBeVisible();
  await expect(page.getByText('Why not be the first to share your thoughts on this set?')).toBeVisible();
  const box = page.getByRole('textbox', { name: 'Add a comment' });
  const post = page.getByRole('button', { name: 'Post' });
  await expect(post).toBeDisabled();
  await box.fill('   ');
  await expect(post).toBeDisabled();
  await box.fill('That <b>bassline</b> at the start!');
  await post.click();
  const mine = page.getByRole('listitem', { name: /^Comment by alice_/ });
  await expect(mine).toContainText('That <b>bassline</b> at the start!');
  await expect(box).toHaveValue('');

  await mine.getByRole('button', { name: 'Comment actions' }).click();
  await page.getByRole('menuitem', { name: 'Edit' }).click();
  const edit = page.getByRole('textbox', { name: 'Edit your comment' });
  await edit.fill('');
  await expect(page.getByRole('button', { name: 'Update' })).toBeDisabled();
  await edit.fill('That bassline at the start, and the break at 20 minutes!');
  await page.getByRole('button', { name: 'Update' }).click();
  await expect(mine).toContainText('and the break at 20 minutes!');
  await shot(page, 'library-comments-1280');

  // bob sees alice's comment but gets no menu on it
  const bobContext = await browser.newContext({ viewport: { width: 390, height: 844 } });
  await signIn(bobContext, bob);
  const bobPage = await bobContext.newPage();
  await bobPage.goto(`/sets/${set.id}`);
  await bobPage.getByRole('tab', { name: 'Comments' }).click();
  const seen = bobPage.getByRole('listitem', { name: /^Comment by alice_/ });
  await expect(seen).toContainText('and the break at 20 minutes!');
  await expect(seen.getByRole('button', { name: 'Comment actions' })).toHaveCount(0);
  await shot(bobPage, 'library-comments-390');
  await bobContext.close();

  await mine.getByRole('button', { name: 'Comment actions' }).click();
  await page.getByRole('menuitem', { name: 'Delete' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete this comment?' });
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText("It's pretty quiet here!")).toBeVisible();
  await page.reload();
  await page.getByRole('tab', { name: 'Comments' }).click();
  await expect(page.getByText("It's pretty quiet here!")).toBeVisible();
});
