import { ABOUT_MAX_LENGTH } from '@cratedig/contract/account-rules';
import { expect as baseExpect, type Page, test } from '@playwright/test';
import { newAccount, register, signInByApi } from './support/session';

// Pages load their code on first visit; on a loaded machine that can take longer than the default.
const expect = baseExpect.configure({ timeout: 30_000 });

// A new listener's walk, at a phone's and a desktop's width: Home, then every kind of card it shows
// (set, track, artist, label, festival, venue), every tab of each detail page, and the profile. Every
// screen fails the walk on a horizontal scrollbar, a control that does nothing, or a console error.

const WIDTHS = [
  { name: 'phone', width: 390, height: 844 },
  { name: 'desktop', width: 1440, height: 900 },
] as const;

/** One row of Home per card kind, and what its first card opens. */
const ROWS = [
  { row: 'Featured Sets', opens: /\/sets\/\d+$/ },
  { row: 'Newest Tracks', opens: /\/tracks\/\d+$/ },
  { row: 'Featured Artists', opens: /\/artists\/\d+$/ },
  { row: 'Featured Labels', opens: /\/labels\/\d+$/ },
  { row: 'Featured Festivals', opens: /\/festivals\/\d+$/ },
  { row: 'Featured Venues', opens: /\/venues\/\d+$/ },
] as const;

/** Fails when the page scrolls sideways: something is wider than the screen. */
async function expectNoSidewaysScroll(page: Page, where: string) {
  const { scrollWidth, clientWidth } = await page.evaluate(() => {
    const root = document.scrollingElement ?? document.documentElement;
    return { scrollWidth: root.scrollWidth, clientWidth: root.clientWidth };
  });
  expect(scrollWidth, `${where} scrolls sideways`).toBeLessThanOrEqual(clientWidth);
}

/** Every tab of the detail page in view: each click selects its tab and shows its panel. */
async function walkTabs(page: Page, where: string) {
  const tabs = page.getByRole('main').getByRole('tab');
  await expect(tabs.first()).toBeVisible();
  const count = await tabs.count();
  for (let i = 0; i < count; i += 1) {
    const tab = tabs.nth(i);
    const name = (await tab.textContent()) ?? `tab ${i + 1}`;
    await tab.click();
    await expect(tab, `${where}: the ${name} tab did nothing`).toHaveAttribute('aria-selected', 'true');
    const panel = page.getByRole('tabpanel');
    await expect(panel).toBeVisible();
    // The panel settles on its content or its empty state, never on a loading placeholder.
    await expect(panel.locator('[aria-busy="true"]')).toHaveCount(0);
    await expectNoSidewaysScroll(page, `${where}, ${name} tab`);
  }
}

/**
 * A track page's Play starts the player, or the page says why there is nothing to play. An ID's Play reads
 * 'Listen to the moment' (imports and pasted tracklists make new IDs, so Newest Tracks can start with one).
 */
async function expectPlayActs(page: Page, where: string) {
  const play = page
    .getByRole('main')
    .getByRole('button', { name: /^(Play |Listen to the moment: )/ })
    .first();
  const nothing = page.getByText('In no set yet, so nothing to play');
  // Wait for the page to settle on one or the other before choosing: a count taken at once races the render.
  await expect(play.or(nothing), `${where}: neither Play nor its reason`).toBeVisible();
  if (await nothing.isVisible()) return;
  await play.click();
  await expect(
    page.getByRole('link', { name: /^Playing set: / }),
    `${where}: Play did nothing`,
  ).toBeVisible();
  await page.keyboard.press('Escape');
}

/** The walker's tokens, stored under the browser keys before the app boots. */
async function signIn(page: Page) {
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
}

test.describe.configure({ mode: 'serial' });
test.use({ actionTimeout: 30_000 });

let tokens: { access_token: string; refresh_token: string };
test.beforeAll(async ({ request }) => {
  const account = newAccount('walker');
  await register(request, account);
  tokens = await signInByApi(request, account);
  const headers = { authorization: `Bearer ${tokens.access_token}` };
  expect((await request.post('/api/me/onboarding', { headers })).ok()).toBe(true);
  // A listener who writes one word as long as About allows (ABOUT_MAX_LENGTH): no page may widen for it.
  const about = 'a'.repeat(ABOUT_MAX_LENGTH);
  const saved = await request.put('/api/me/profile-update', {
    headers,
    data: { about_me: about, soundcloud_url: '', user_type: ['listener'] },
  });
  expect(saved.ok()).toBe(true);
});

for (const size of WIDTHS) {
  test(`walks Home, every card kind and every tab at ${size.width}x${size.height}`, async ({ page }) => {
    // About a minute on an idle machine; far more on a loaded one.
    test.setTimeout(900_000);
    await page.setViewportSize({ width: size.width, height: size.height });
    const errors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    page.on('pageerror', (error) => errors.push(error.message));
    await signIn(page);

    const openHome = async () => {
      await page.goto('/home');
      await expect(
        page.getByRole('region', { name: 'Featured Venues' }).getByRole('link').first(),
      ).toBeVisible();
    };
    await openHome();
    await expectNoSidewaysScroll(page, 'Home');
    await page.screenshot({ path: `test-results/screens/walk-home-${size.width}.png`, fullPage: true });

    // A row's arrows (desktop) move the row when they are offered at all.
    const forward = page.getByRole('button', { name: 'Scroll Featured Sets forward' });
    if (await forward.isVisible()) {
      const row = page.getByRole('region', { name: 'Featured Sets' }).getByRole('list');
      await forward.click();
      await expect
        .poll(() => row.evaluate((el) => el.scrollLeft), { message: 'the forward arrow did nothing' })
        .toBeGreaterThan(0);
    }

    for (const { row, opens } of ROWS) {
      await openHome();
      const card = page
        .getByRole('region', { name: row })
        .getByRole('listitem')
        .first()
        .getByRole('link')
        .first();
      await card.click();
      await expect(page).toHaveURL(opens);
      const where = `${row} → ${new URL(page.url()).pathname}${new URL(page.url()).search}`;
      if (row === 'Featured Festivals' || row === 'Featured Venues') {
        // A featured place has a page of its own with the sets recorded there, never an empty list.
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        await expect(page.getByRole('button', { name: /^Follow / })).toBeVisible();
        const list = page.getByRole(size.width >= 900 ? 'table' : 'list', { name: 'Sets' });
        await expect(list.getByRole('link').first(), `${where} lists no set`).toBeVisible();
        await expectNoSidewaysScroll(page, where);
        await page.screenshot({
          path: `test-results/screens/walk-${row.split(' ')[1]?.toLowerCase()}-${size.width}.png`,
          fullPage: true,
        });
        continue;
      }
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expectNoSidewaysScroll(page, where);
      if (row === 'Newest Tracks') await expectPlayActs(page, where);
      await walkTabs(page, where);
      await page.screenshot({
        path: `test-results/screens/walk-${row.split(' ')[1]?.toLowerCase()}-${size.width}.png`,
        fullPage: true,
      });
    }

    // Every track of Newest Tracks: Play acts, or the page says why it cannot.
    await openHome();
    const tracks = page.getByRole('region', { name: 'Newest Tracks' }).getByRole('listitem');
    const hrefs = await tracks.evaluateAll((items) =>
      items.map((item) => item.querySelector('a')?.getAttribute('href') ?? ''),
    );
    for (const href of hrefs.slice(0, 6)) {
      await page.goto(href);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expectPlayActs(page, href);
    }

    // The profile with its 3,000-letter About, and the Edit Profile dialog's controls within reach.
    await page.goto('/profile');
    await expect(page.getByLabel('Bio')).toBeVisible();
    await expectNoSidewaysScroll(page, 'Profile');
    await walkTabs(page, 'Profile');
    await page.getByRole('button', { name: 'Settings' }).click();
    await page.getByRole('menuitem', { name: 'Edit Profile' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit Profile' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('combobox')).toBeInViewport();
    await expectNoSidewaysScroll(page, 'Edit Profile');
    await page.screenshot({ path: `test-results/screens/walk-edit-profile-${size.width}.png` });
    await dialog.getByRole('button', { name: 'Cancel' }).click();

    expect(errors, 'console errors on the walk').toEqual([]);
  });
}

test.describe('a detail page while it loads', () => {
  // The service worker would fetch the held calls itself, out of the page's routes.
  test.use({ serviceWorkers: 'block' });

  test('keeps to a phone width', async ({ page }) => {
    test.setTimeout(300_000);
    await page.setViewportSize({ width: 390, height: 844 });
    await signIn(page);
    // Every detail call waits until the end: each page shows its loading placeholder meanwhile.
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route(/\/api\/(sets|tracks|artists|labels)\/\d+(\?.*)?$/, async (route) => {
      await held;
      // A call the next page load aborted is gone by then.
      await route.continue().catch(() => {});
    });
    for (const path of ['/sets/1', '/tracks/84', '/artists/1', '/labels/1']) {
      await page.goto(path);
      await expect(page.getByRole('main').getByRole('progressbar', { name: 'Loading' })).toBeVisible();
      await expectNoSidewaysScroll(page, `${path} while it loads`);
    }
    release();
  });
});
