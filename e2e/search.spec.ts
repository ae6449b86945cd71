import { expect, type Page, test } from '@playwright/test';
import { newAccount, register, signInByApi } from './support/session';

// Searching the demo catalogue as a signed-in listener: the top bar's suggestions, the search page's
// sections and Load more, and a featured venue on Home finding the sets recorded there.

// Screenshots for a look at the layout; SHOTS_DIR puts them elsewhere.
const SHOTS = process.env.SHOTS_DIR ?? 'test-results/screens';

// One account for the file (registration is rate limited per address), onboarding done.
let tokens: { access_token: string; refresh_token: string };
test.beforeAll(async ({ request }) => {
  const account = newAccount('seeker');
  await register(request, account);
  tokens = await signInByApi(request, account);
  const done = await request.post('/api/me/onboarding', {
    headers: { authorization: `Bearer ${tokens.access_token}` },
  });
  expect(done.ok()).toBe(true);
});

test.beforeEach(async ({ page }) => {
  const expiry = String(Date.now() + 60 * 60 * 1000);
  await page.addInitScript(
    ([access, refresh, exp]) => {
      if (!window.localStorage.getItem('accessToken')) {
        window.localStorage.setItem('accessToken', access);
        window.localStorage.setItem('refreshToken', refresh);
        window.localStorage.setItem('tokenExpiry', exp);
      }
    },
    [tokens.access_token, tokens.refresh_token, expiry] as const,
  );
});

/** A GET to the API with the browser's stored token, as the app itself would make it. */
async function apiGet<T>(page: Page, path: string): Promise<T> {
  return page.evaluate(async (p) => {
    const token = window.localStorage.getItem('accessToken');
    const response = await fetch(`/api${p}`, { headers: { authorization: `Bearer ${token}` } });
    return response.json();
  }, path);
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

function topBarBox(page: Page) {
  return page.getByRole('search').getByRole('combobox', { name: 'Search' });
}

test.describe('search', () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  test('type in the top bar and pick a suggestion with the keyboard', async ({ page }) => {
    await page.goto('/home');
    const featured = await apiGet<{ data: { id: number; name: string }[] }>(page, '/featured/artists');
    const artist = featured.data[0];
    if (!artist) throw new Error('the demo catalogue features no artist');

    const box = topBarBox(page);
    await box.pressSequentially(artist.name, { delay: 30 });
    const listbox = page.getByRole('listbox', { name: 'Search suggestions' });
    const option = listbox.getByRole('option', { name: new RegExp(`^${escapeRegExp(artist.name)}`) }).first();
    await expect(option).toBeVisible();
    await expect(box).toHaveAttribute('aria-expanded', 'true');
    await page.screenshot({ path: `${SHOTS}/search-suggestions-1280.png` });

    // Arrow down to the artist, then Enter opens it and clears the box.
    for (let i = 0; i < 10 && (await option.getAttribute('aria-selected')) !== 'true'; i += 1) {
      await box.press('ArrowDown');
    }
    await expect(option).toHaveAttribute('aria-selected', 'true');
    await box.press('Enter');
    await expect(page).toHaveURL(new RegExp(`/artists/${artist.id}$`));
    await expect(page.getByRole('heading', { level: 1, name: artist.name })).toBeVisible();
    await expect(box).toHaveValue('');
    await expect(listbox).toBeHidden();
  });

  test('Enter in the top bar opens /search?s= with the sections in order', async ({ page }) => {
    await page.goto('/sets');
    const box = topBarBox(page);
    await box.fill('mi');
    await box.press('Escape');
    await box.press('Enter');
    await expect(page).toHaveURL(/\/search\?s=mi$/);
    await expect(box).toHaveValue('');
    const pageBox = page.getByRole('textbox', { name: 'Search for tracks, labels, artists, and sets' });
    await expect(pageBox).toHaveValue('mi');
    await expect(
      page.getByText('Find tracks, labels, artists, and sets from all over the world.'),
    ).toBeVisible();
    await expect(page.getByRole('list', { name: 'Tracks' }).getByRole('listitem').first()).toBeVisible();
    const sections = await page.getByRole('main').getByRole('heading', { level: 2 }).allTextContents();
    expect(sections.length).toBeGreaterThan(0);
    expect(sections).toEqual(['Artists', 'Labels', 'Tracks', 'Sets'].filter((s) => sections.includes(s)));
    // The matched part of a name is marked.
    await expect(page.getByRole('list', { name: 'Tracks' }).locator('mark').first()).toHaveText(/^mi$/i);

    // Typing replaces ?s= (no new history entry): Back leaves the search.
    await pageBox.fill('nothing matches this zqx');
    await expect(page).toHaveURL(/\/search\?s=nothing\+matches\+this\+zqx$/);
    await expect(page.getByText('Not found')).toBeVisible();
    await page.goBack();
    await expect(page).toHaveURL(/\/sets$/);
  });

  test('Load more in one section appends its next page', async ({ page }) => {
    await page.goto('/search?s=ma');
    const tracks = page.getByRole('region', { name: 'Tracks' });
    await expect(tracks.getByRole('listitem')).toHaveCount(20);
    const total = (
      await apiGet<{ tracks: { pagination: { total: number } } }>(page, '/search?s=ma&kinds=tracks')
    ).tracks.pagination.total;
    expect(total).toBeGreaterThan(20);
    await page.screenshot({ path: `${SHOTS}/search-page-1280.png`, fullPage: true });

    await tracks.getByRole('button', { name: 'Load more' }).click();
    await expect(tracks.getByRole('listitem')).toHaveCount(Math.min(40, total));
    const names = await tracks
      .getByRole('listitem')
      .getByRole('link')
      .evaluateAll((links) => links.map((link) => link.getAttribute('href')));
    expect(new Set(names).size).toBe(names.length);
  });

  test('a featured venue on Home opens its page with the sets recorded there, and can be followed', async ({
    page,
  }) => {
    await page.goto('/home');
    const venues = page.getByRole('region', { name: 'Featured Venues' });
    const first = venues.getByRole('listitem').first().getByRole('link');
    await expect(first).toBeVisible();
    const name = (await first.getByRole('heading').getAttribute('title')) ?? '';
    expect(name).not.toBe('');
    await first.click();
    await expect(page).toHaveURL(/\/venues\/\d+$/);
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
    const venueId = new URL(page.url()).pathname.split('/').pop();
    // Every set the page lists was recorded at the venue, as many as its count says.
    const listed = await apiGet<{
      data: { venue: { name: string } | null }[];
      pagination: { total: number };
    }>(page, `/sets?venue_id=${venueId}&limit=100`);
    expect(listed.data.length).toBeGreaterThan(0);
    for (const set of listed.data) expect(set.venue?.name).toBe(name);
    const sets = page.getByRole('region', { name: 'Sets recorded here' });
    await expect(sets.getByRole('table', { name: 'Sets' }).getByRole('row')).toHaveCount(
      Math.min(listed.pagination.total, 20) + 1,
    );
    const total = listed.pagination.total;
    await expect(page.getByText(new RegExp(`^${total} sets? · .* · 0 followers$`))).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/venue-1280.png`, fullPage: true });

    // Follow, then a reload: the venue is still followed, and counted.
    await page.getByRole('button', { name: `Follow ${name}` }).click();
    await expect(page.getByText(`${name} followed!`)).toBeVisible();
    await page.reload();
    await expect(page.getByRole('button', { name: `Follow ${name}` })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await expect(page.getByText(/· 1 follower$/)).toBeVisible();
    await page.getByRole('button', { name: `Follow ${name}` }).click();
    await expect(page.getByText(/· 0 followers$/)).toBeVisible();
  });
});

test('the search page at phone width', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/search?s=ma');
  await expect(page.getByRole('list', { name: 'Tracks' }).getByRole('listitem').first()).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/search-page-390.png` });
  const box = topBarBox(page);
  await box.pressSequentially('mi', { delay: 30 });
  await expect(
    page.getByRole('listbox', { name: 'Search suggestions' }).getByRole('option').first(),
  ).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/search-suggestions-390.png` });
});
