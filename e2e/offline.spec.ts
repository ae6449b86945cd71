import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { newAccount, register, signInByApi } from './support/session';

// The generated service worker (docs/web-app.md: registered from /sw.js) and the web app manifest: the app
// installs, opens with no network in its own frame, recovers by itself, never keeps API answers,
// share previews or audio, and forgets what it kept at run time when the listener logs out.

test.use({ viewport: { width: 1280, height: 900 } });

/** A signed-in browser whose onboarding is done, so no modal sits over the pages. */
async function signedIn(page: Page, request: APIRequestContext): Promise<void> {
  const account = newAccount('offline');
  await register(request, account);
  const tokens = await signInByApi(request, account);
  const done = await request.post('/api/me/onboarding', {
    headers: { authorization: `Bearer ${tokens.access_token}` },
  });
  expect(done.ok()).toBe(true);
  await page.addInitScript(
    ([access, refresh, expiry]) => {
      if (!window.localStorage.getItem('accessToken')) {
        window.localStorage.setItem('accessToken', access);
        window.localStorage.setItem('refreshToken', refresh);
        window.localStorage.setItem('tokenExpiry', expiry);
      }
    },
    [tokens.access_token, tokens.refresh_token, String(Date.now() + 3_600_000)] as const,
  );
}

/** Waits until the worker is installed (its precache complete) and controls this page. */
async function workerControls(page: Page): Promise<void> {
  await page.waitForFunction(async () => {
    await navigator.serviceWorker.ready;
    return navigator.serviceWorker.controller !== null;
  });
}

/** Every URL the worker's caches hold, by cache name. */
function cachedUrls(page: Page): Promise<Record<string, string[]>> {
  return page.evaluate(async () => {
    const result: Record<string, string[]> = {};
    for (const name of await caches.keys()) {
      const cache = await caches.open(name);
      result[name] = (await cache.keys()).map((request) => new URL(request.url).pathname);
    }
    return result;
  });
}

test('Cratedig is installable: a valid manifest with its icons, and /sw.js controls the page', async ({
  page,
  request,
}) => {
  await page.goto('/login');
  const href = await page.locator('link[rel="manifest"]').getAttribute('href');
  expect(href).toBe('/manifest.webmanifest');
  const manifestResponse = await request.get(href ?? '');
  expect(manifestResponse.headers()['content-type']).toContain('application/manifest+json');
  const manifest = await manifestResponse.json();
  expect(manifest).toMatchObject({ name: 'Cratedig', display: 'standalone', start_url: '/home' });
  expect(manifest.theme_color).toBe('#09090c');
  const icons: { src: string; sizes: string; purpose: string }[] = manifest.icons;
  expect(icons.map((icon) => `${icon.sizes} ${icon.purpose}`)).toEqual([
    '192x192 any',
    '512x512 any',
    '512x512 maskable',
  ]);
  for (const icon of icons) {
    const image = await request.get(icon.src);
    expect(image.status(), icon.src).toBe(200);
    expect(image.headers()['content-type']).toBe('image/png');
  }

  const worker = await request.get('/sw.js');
  expect(worker.headers()['cache-control']).toBe('no-cache');
  await workerControls(page);
  expect(await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL)).toMatch(/\/sw\.js$/);
  // Chromium's own verdict on whether it may offer to install the app (a test browser profile is
  // incognito, where no browser installs anything: that is the profile, not the app).
  const cdp = await page.context().newCDPSession(page);
  const { errors } = await cdp.send('Page.getAppManifest');
  expect(errors).toEqual([]);
  const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
  expect(installabilityErrors.filter((error) => error.errorId !== 'in-incognito')).toEqual([]);
});

test('with no network a reload shows the offline frame, and the page recovers by itself', async ({
  page,
  context,
  request,
}) => {
  await signedIn(page, request);
  await page.goto('/home');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await workerControls(page);

  await context.setOffline(true);
  await page.reload();
  await expect(page.getByRole('heading', { name: "You're offline" })).toBeVisible();
  await expect(page.getByText('It reconnects by itself as soon as the network is back.')).toBeVisible();
  await page.screenshot({ path: 'test-results/screens/offline-frame-1280.png' });
  // The stored session is kept: nobody is sent to the login page for having no network.
  expect(new URL(page.url()).pathname).toBe('/home');

  await context.setOffline(false);
  await expect(page.getByRole('heading', { name: "You're offline" })).toBeHidden();
  await expect(page.getByRole('button', { name: 'Account menu' })).toBeVisible();
  expect(new URL(page.url()).pathname).toBe('/home');
});

test('the API, share previews and audio never come from the worker', async ({ page, context, request }) => {
  await signedIn(page, request);
  const fromWorker: string[] = [];
  page.on('response', (response) => {
    const path = new URL(response.url()).pathname;
    if (/^\/(api|public|media\/audio)\//.test(path) && response.fromServiceWorker()) fromWorker.push(path);
  });
  await page.goto('/home');
  await workerControls(page);
  await page.goto('/sets');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  expect(fromWorker).toEqual([]);

  const cached = Object.values(await cachedUrls(page)).flat();
  expect(cached.length).toBeGreaterThan(0);
  expect(cached.filter((path) => /^\/(api|public|media\/audio)\//.test(path))).toEqual([]);

  // A navigation to the API is the API's answer, never the app shell; offline it simply fails.
  const health = await page.goto('/api/health');
  expect(health?.headers()['content-type']).toContain('application/json');
  expect(health?.fromServiceWorker()).toBe(false);
  await page.goto('/home');
  await workerControls(page);
  await context.setOffline(true);
  await expect(page.goto('/api/health')).rejects.toThrow(/ERR_INTERNET_DISCONNECTED|ERR_FAILED/);
  await context.setOffline(false);
});

test('logout empties the caches filled while signed in', async ({ page, request }) => {
  await signedIn(page, request);
  await page.goto('/home');
  await workerControls(page);
  await page.goto('/sets');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  // Artwork seen while signed in is kept for the next visit.
  await expect.poll(async () => (await cachedUrls(page))['cratedig-artwork']?.length ?? 0).toBeGreaterThan(0);

  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect
    .poll(async () =>
      Object.keys(await cachedUrls(page)).filter((name) => !name.startsWith('workbox-precache')),
    )
    .toEqual([]);
});
