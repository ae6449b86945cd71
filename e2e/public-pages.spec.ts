import { expect, test } from '@playwright/test';
import { signedInPage } from './support/session';

test.describe('a visitor who is not signed in', () => {
  test('opening the site lands on the sign-in page with the promo panel', async ({ page }) => {
    await page.goto('/');
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByText(/new talent/i).first()).toBeVisible();
    await page.screenshot({ path: 'test-results/screens/login-1280.png', fullPage: true });
  });

  test('a protected page sends the visitor to sign in', async ({ page }) => {
    await page.goto('/sets?genre=Techno#top');
    await expect(page).toHaveURL(/\/login$/);
  });

  test('the About page is open and says the beta is free', async ({ page }) => {
    await page.goto('/about');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByText(/beta/i).first()).toBeVisible();
  });

  test('the sign-in page works on a phone-sized screen', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/login');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await page.screenshot({ path: 'test-results/screens/login-390.png', fullPage: true });
  });

  test('the sign-in page arrives drawn, and the app takes that page over without a console error', async ({
    page,
    request,
  }) => {
    // The document itself carries the form and its CSS; any other address gets the plain document.
    const login = await (await request.get('/login?next=%2Fsets')).text();
    expect(login).toContain('Welcome back</h1>');
    expect(login).toContain('<style data-emotion="css ');
    const deepLink = await (await request.get('/sets/1')).text();
    expect(deepLink).not.toContain('Welcome back');
    expect(deepLink).not.toContain('data-emotion');

    const problems: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') problems.push(message.text());
    });
    page.on('pageerror', (error) => problems.push(error.message));
    // The heading as parsed, before any script runs (module scripts wait for the parse to end).
    await page.addInitScript(() => {
      document.addEventListener('readystatechange', () => {
        if (document.readyState === 'interactive')
          Object.assign(window, { paintedHeading: document.querySelector('#root h1') });
      });
    });
    // Hydrated: React owns the very element that was painted, instead of drawing a new one.
    const hydrated = () =>
      page.evaluate(() => {
        const painted = (window as { paintedHeading?: Element | null }).paintedHeading;
        return Boolean(painted?.isConnected && Object.keys(painted).some((key) => key.startsWith('__react')));
      });
    const username = page.getByRole('textbox', { name: /Username/ });
    for (const size of [
      { width: 1440, height: 900 },
      { width: 390, height: 844 },
    ]) {
      await page.setViewportSize(size);
      await page.goto('/login');
      await expect.poll(hydrated).toBe(true);
      await username.fill('someone');
      await expect(username).toHaveValue('someone');
    }

    // Typed while the app's script is still on its way: kept, and it is what the form sends.
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route(/\/assets\/index-[\w-]+\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    await page.goto('/login', { waitUntil: 'commit' });
    await username.fill('early_bird');
    await page.locator('input[name="password"]').fill('not-the-password');
    release();
    await expect.poll(hydrated).toBe(true);
    await expect(username).toHaveValue('early_bird');
    expect(problems).toEqual([]);
    // (The unknown username's lookup answers 404, which the browser logs: no longer watched here.)
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(page.getByText('Incorrect username or password. Please try again.')).toBeVisible();
  });

  test('the drawn sign-in and sign-up forms send nothing anywhere before the app runs', async ({
    browser,
  }) => {
    // JavaScript off: the page is exactly what the build drew, as in the moment before its script runs.
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    const secret = 'typed-Secret-4711';
    const sent: string[] = [];
    page.on('request', (request) =>
      sent.push(`${request.method()} ${request.url()} ${request.postData() ?? ''}`),
    );
    try {
      for (const path of ['/login', '/register']) {
        await page.goto(path);
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        const form = page.getByRole('form');
        await expect(form).toHaveAttribute('method', 'post');
        sent.length = 0;
        await form.getByRole('textbox', { name: /Username/ }).fill('early_bird');
        await form.locator('input[name="password"]').fill(secret);
        // Enter in a field, then the button: neither submits the drawn form.
        await form.locator('input[name="password"]').press('Enter');
        await form.getByRole('button', { name: /Sign in|Create account/ }).click();
        await page.waitForLoadState('networkidle');
        expect(page.url()).toMatch(new RegExp(`${path}$`));
        expect(sent.filter((line) => line.includes(secret) || line.includes('early_bird'))).toEqual([]);
        await expect(form.locator('input[name="password"]')).toHaveValue(secret);
      }
    } finally {
      await context.close();
    }
  });

  test('a signed-in browser opening /login goes on to its home page', async ({ page, request }) => {
    await signedInPage(page, request, 'prerender');
    await page.goto('/login');
    await expect(page).toHaveURL(/\/home$/);
    await expect(page.getByRole('heading', { name: 'Welcome back' })).toHaveCount(0);
  });
});
