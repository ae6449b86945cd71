import { expect, type Page, test } from '@playwright/test';
import { newAccount, register, signInByApi } from './support/session';

// Journeys through the catalogue as a signed-in listener on the demo catalogue.

test.use({ viewport: { width: 1280, height: 900 } });

// One account for the file: registration is rate limited per address (10 an hour by default), so a
// fresh account per test would exhaust it. The same stored-token seeding as signedInPage().
let tokens: { access_token: string; refresh_token: string };
test.beforeAll(async ({ request }) => {
  const account = newAccount('digger');
  await register(request, account);
  tokens = await signInByApi(request, account);
  // Onboarding (docs/web-app.md Home modal) has its own journeys; here it is done, so Home shows its rows.
  const done = await request.post('/api/me/onboarding', {
    headers: { authorization: `Bearer ${tokens.access_token}` },
  });
  expect(done.ok()).toBe(true);
});

test.beforeEach(async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
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

/** Artwork is lazy: scroll through the page so a full-page screenshot shows every image. */
async function loadAllImages(page: Page) {
  await page.evaluate(async () => {
    for (let y = 0; y < document.body.scrollHeight; y += 600) {
      window.scrollTo(0, y);
      await new Promise((resolve) => requestAnimationFrame(resolve));
    }
    window.scrollTo(0, 0);
  });
  // Cards scrolled sideways out of a row stay lazy; the ones in view are what the screenshot shows.
  await page.waitForLoadState('networkidle');
}

async function openHome(page: Page) {
  await page.goto('/home');
  await expect(page.getByRole('region', { name: 'Featured Sets' }).getByRole('link').first()).toBeVisible();
}

test('browse from home to a set, its artist, a label and a track; titles change and reset', async ({
  page,
}) => {
  await openHome(page);
  const featuredSets = page.getByRole('region', { name: 'Featured Sets' });
  await expect(featuredSets.getByRole('link').first()).toBeVisible();
  for (const row of [
    'Newest Tracks',
    'Featured Artists',
    'Featured Labels',
    'Featured Festivals',
    'Featured Venues',
  ]) {
    await expect(page.getByRole('region', { name: row }).getByRole('listitem').first()).toBeVisible();
  }
  await loadAllImages(page);
  await page.screenshot({ path: 'test-results/screens/catalogue-home-1280.png', fullPage: true });
  const homeTitle = await page.title();

  await featuredSets.getByRole('listitem').first().getByRole('link').click();
  await expect(page).toHaveURL(/\/sets\/\d+$/);
  await expect(page.getByText(/^Identified Tracks: \d+\/\d+$/)).toBeVisible();
  const trackList = page.getByRole('table', { name: 'Track list' });
  await expect(trackList.getByRole('row').nth(1)).toBeVisible();
  for (const column of ['Artist', 'Title', 'Label', 'Released', 'Genre', 'Key', 'BPM', 'Likes']) {
    await expect(trackList.getByRole('columnheader', { name: column })).toBeVisible();
  }
  await page.screenshot({ path: 'test-results/screens/catalogue-set-1280.png', fullPage: true });

  // share: the preview link goes on the clipboard with the docs/catalogue.md message
  await page
    .getByRole('main')
    .getByRole('button', { name: /^Share / })
    .click();
  await expect(page.getByText('Set link has been copied to your clipboard!')).toBeVisible();
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  expect(copied).toMatch(/\/public\/preview\/sets\/\d+$/);

  // the set's artist
  const header = page.getByRole('main').locator('header').first();
  await header.getByRole('link').first().click();
  await expect(page).toHaveURL(/\/artists\/\d+$/);
  await expect(
    page
      .getByRole('main')
      .getByRole('paragraph')
      .filter({ hasText: /^Artist$/ }),
  ).toBeVisible();
  const artistName = (await page.getByRole('heading', { level: 1 }).textContent()) ?? '';
  await expect(page).toHaveTitle(`${artistName} on Cratedig`);
  await expect(page.locator('meta[property="og:title"]')).toHaveAttribute(
    'content',
    `${artistName} on Cratedig`,
  );
  await expect(page.locator('meta[property="og:image"]')).toHaveAttribute('content', /^http/);
  await page.screenshot({ path: 'test-results/screens/catalogue-artist-1280.png', fullPage: true });

  // a label from the artist's Labels tab, or from a track list otherwise
  await page.goto('/labels');
  await page.getByRole('table', { name: 'Labels' }).getByRole('row').nth(1).getByRole('link').first().click();
  await expect(page).toHaveURL(/\/labels\/\d+$/);
  // the label's own page, not the list it was opened from (which has a 'Label' column too)
  await expect(
    page
      .getByRole('main')
      .getByRole('paragraph')
      .filter({ hasText: /^Label$/ }),
  ).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).not.toHaveText('Discover Labels');
  const labelName = (await page.getByRole('heading', { level: 1 }).textContent()) ?? '';
  await expect(page).toHaveTitle(`${labelName} on Cratedig`);
  await page.screenshot({ path: 'test-results/screens/catalogue-label-1280.png', fullPage: true });

  // a track of the label
  await page.getByRole('tab', { name: /^Tracks/ }).click();
  await page.getByRole('table', { name: 'Tracks' }).getByRole('row').nth(1).getByRole('link').first().click();
  await expect(page).toHaveURL(/\/tracks\/\d+$/);
  await expect(page).toHaveTitle(/ - /);
  await expect(page.getByRole('tab', { name: /^Sets/ })).toBeVisible();
  await page.screenshot({ path: 'test-results/screens/catalogue-track-1280.png', fullPage: true });

  // leaving a detail page resets the title
  await page.getByRole('banner').getByRole('link', { name: 'Sets', exact: true }).click();
  await expect(page).toHaveURL(/\/sets$/);
  await expect(page).not.toHaveTitle(/ on Cratedig| - /);
  await page.goto('/home');
  await expect(page).toHaveTitle(homeTitle);
});

test('the genre filter on /sets, and the genre query parameter', async ({ page }) => {
  await page.goto('/sets');
  const table = page.getByRole('table', { name: 'Sets' });
  await expect(table.getByRole('row').nth(1)).toBeVisible();
  await page.getByRole('button', { name: /^Filter/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Filter and sort' });
  await dialog.getByRole('combobox', { name: 'Genre' }).click();
  await page.getByRole('option', { name: 'Techno', exact: true }).click();
  await dialog.getByRole('button', { name: 'Apply' }).click();
  await expect(page).toHaveURL(/genre=Techno/);
  await expect(page.getByText('Genre: Techno')).toBeVisible();
  await expect(table.getByRole('row').nth(1)).toBeVisible();
  const genres = await table.getByRole('row').locator('td:nth-child(4)').allTextContents();
  expect(genres.length).toBeGreaterThan(0);
  expect(new Set(genres)).toEqual(new Set(['Techno']));

  // Clear: back to All and the default sort
  await page.getByRole('button', { name: /^Filter/ }).click();
  await dialog.getByRole('button', { name: 'Clear' }).click();
  await expect(page).toHaveURL(/\/sets$/);

  // a genre chip elsewhere links to /sets?genre=
  await page.goto(`/sets?genre=${encodeURIComponent('Deep House')}`);
  await expect(page.getByText('Genre: Deep House')).toBeVisible();
});

test('sorting a column twice, and Load more until the end', async ({ page }) => {
  await page.goto('/artists');
  const table = page.getByRole('table', { name: 'Artists' });
  await expect(table.getByRole('row').nth(1)).toBeVisible();
  const names = () => table.getByRole('row').locator('td:first-child a').allTextContents();

  await table.getByRole('button', { name: 'Artist' }).click();
  await expect(table.getByRole('columnheader', { name: 'Artist' })).toHaveAttribute('aria-sort', 'ascending');
  await expect(page).toHaveURL(/order_direction=asc/);
  // the list shown before stays until the sorted page has come (no blank table in between)
  const sorted = (list: string[]) =>
    [...list].sort((a, b) => a.localeCompare(b, 'en', { sensitivity: 'base' }));
  await expect
    .poll(async () => {
      const shown = await names();
      return shown.join('|') === sorted(shown).join('|');
    })
    .toBe(true);
  const ascending = await names();

  await table.getByRole('button', { name: 'Artist' }).click();
  await expect(table.getByRole('columnheader', { name: 'Artist' })).toHaveAttribute(
    'aria-sort',
    'descending',
  );
  await expect(page).toHaveURL(/order_direction=desc/);
  await expect.poll(async () => (await names())[0]).not.toBe(ascending[0]);

  // Load more appends pages while offset + count < total
  const total = (await apiGet<{ pagination: { total: number } }>(page, '/artists?limit=1')).pagination.total;
  expect(total).toBeGreaterThan(20);
  const loadMore = page.getByRole('button', { name: 'Load more' });
  while (await loadMore.isVisible()) {
    const before = await table.getByRole('row').count();
    await loadMore.click();
    await expect.poll(() => table.getByRole('row').count()).toBeGreaterThan(before);
  }
  await expect(page.getByText(`Showing ${total} of ${total}`)).toBeVisible();
  expect(await table.getByRole('row').count()).toBe(total + 1);
  const all = await names();
  expect(new Set(all).size).toBe(all.length);
  await page.screenshot({ path: 'test-results/screens/catalogue-artists-1280.png' });
});

test('an artist page shows exactly the tabs whose counts are above 0', async ({ page }) => {
  await page.goto('/artists');
  const list = await apiGet<{ data: { id: number }[] }>(page, '/artists?limit=30');
  let checked = 0;
  for (const { id } of list.data.slice(0, 30)) {
    const a = await apiGet<Record<string, number>>(page, `/artists/${id}`);
    const expected = [
      ['Sets', a.set_count],
      ['Tracks', a.track_count],
      ['Remixes', a.remix_count],
      ['IDs', a.id_count],
      ['Labels', a.label_count],
    ]
      .filter(([, n]) => (n as number) > 0)
      .map(([name]) => name);
    await page.goto(`/artists/${id}`);
    const tabs = page.getByRole('tablist').getByRole('tab');
    await expect(tabs.first()).toBeVisible();
    const names = (await tabs.allTextContents()).map((t) => t.replace(/\s*[\d,]+$/, ''));
    expect(names).toEqual(expected);
    checked += 1;
    if (checked >= 3 && expected.length < 5) break;
  }
  expect(checked).toBeGreaterThan(0);
});

test('phone-sized screens show cards and a card track list', async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/sets');
  const cards = page.getByRole('list', { name: 'Sets' });
  await expect(cards.getByRole('listitem').first()).toBeVisible();
  await expect(page.getByRole('table')).toHaveCount(0);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await loadAllImages(page);
  await page.screenshot({ path: 'test-results/screens/catalogue-sets-390.png', fullPage: true });

  await page.goto('/artists');
  await expect(page.getByRole('list', { name: 'Artists' }).getByRole('listitem').first()).toBeVisible();
  await page.screenshot({ path: 'test-results/screens/catalogue-artists-390.png', fullPage: true });

  await openHome(page);
  await page.screenshot({ path: 'test-results/screens/catalogue-home-390.png', fullPage: true });

  await page.goto('/sets');
  // the card's name, clear of the Play and Add to queue buttons on its artwork
  await cards.getByRole('link').first().getByRole('heading').click();
  await expect(page.getByRole('list', { name: 'Track list' }).getByRole('listitem').first()).toBeVisible();
  await page.screenshot({ path: 'test-results/screens/catalogue-set-390.png', fullPage: true });

  // Track lists fit a phone: long credit lines truncate instead of widening the page. Checked on the
  // demo sets whose longest line (artist, title and mix) is longest, read from the API.
  const headers = {
    authorization: `Bearer ${await page.evaluate(() => localStorage.getItem('accessToken'))}`,
  };
  const response = await page.request.get('/api/sets?limit=100', { headers });
  const { data } = (await response.json()) as { data: { id: number }[] };
  expect(data.length).toBeGreaterThan(0);
  const longest = await Promise.all(
    data.map(async ({ id }) => {
      const detail = (await (await page.request.get(`/api/sets/${id}`, { headers })).json()) as {
        set_tracks: {
          track_meta: {
            artist: string;
            title: string;
            label_name: string | null;
            mix_meta: { name: string } | null;
          };
        }[];
      };
      const lines = detail.set_tracks.map(
        ({ track_meta: t }) =>
          `${t.artist} ${t.title} ${t.mix_meta?.name ?? ''} ${t.label_name ?? ''}`.length,
      );
      return { id, longest: Math.max(0, ...lines) };
    }),
  );
  for (const { id } of longest.sort((a, b) => b.longest - a.longest).slice(0, 6)) {
    await page.goto(`/sets/${id}`);
    await expect(page.getByRole('list', { name: 'Track list' }).getByRole('listitem').first()).toBeVisible();
    const sideways = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(sideways, `/sets/${id}`).toBeLessThanOrEqual(0);
  }
});

test('the 1280 px sets table', async ({ page }) => {
  await page.goto('/sets');
  await expect(page.getByRole('table', { name: 'Sets' }).getByRole('row').nth(1)).toBeVisible();
  await page.screenshot({ path: 'test-results/screens/catalogue-sets-1280.png', fullPage: true });
  await page.goto('/tracks');
  await expect(page.getByRole('table', { name: 'Tracks' }).getByRole('row').nth(1)).toBeVisible();
  await page.screenshot({ path: 'test-results/screens/catalogue-tracks-1280.png', fullPage: true });
});
