import { expect, type Page, test } from '@playwright/test';
import { signInWithEmulatorChooser } from './support/firebase';

// The app under its Content-Security-Policy in Chromium: a walk through the main pages, a social
// sign-in through the emulator, playing a set, the API docs and a share page, with no violation
// reported by the browser (console or securitypolicyviolation events).

test.use({ viewport: { width: 1280, height: 900 } });

/** Collects every CSP violation the page reports, across navigations. */
async function watchViolations(page: Page): Promise<string[]> {
  const violations: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy|Refused to (load|execute|apply|connect|frame)/i.test(message.text())) {
      violations.push(`console: ${message.text()}`);
    }
  });
  await page.exposeFunction('reportCspViolation', (text: string) => violations.push(`event: ${text}`));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      const report = (window as unknown as { reportCspViolation: (text: string) => void }).reportCspViolation;
      report(
        `${event.violatedDirective} blocked ${event.blockedURI} at ${event.sourceFile}:${event.lineNumber}`,
      );
    });
  });
  return violations;
}

test('the main pages, sign-in, playback, the API docs and a share page run with no CSP violation', async ({
  page,
}) => {
  const violations = await watchViolations(page);
  const response = await page.goto('/login');
  expect(response?.headers()['content-security-policy']).toContain("object-src 'none'");
  await expect(page.getByRole('button', { name: 'Continue with Google' })).toBeVisible();
  await page.goto('/register');
  await expect(page.getByRole('textbox', { name: 'Username' })).toBeVisible();

  await page.goto('/login');
  const suffix = Math.random().toString(16).slice(2, 10);
  await signInWithEmulatorChooser(page, 'Google', {
    email: `csp_${suffix}@example.test`,
    displayName: `Policy ${suffix}`,
  });
  await expect(page).toHaveURL(/\/home$/);
  const welcome = page.getByRole('dialog', { name: 'Welcome to Cratedig' });
  await expect(welcome).toBeVisible();
  await welcome.getByRole('button', { name: 'Close' }).click();

  for (const path of ['/sets', '/tracks', '/artists', '/labels', '/search?s=acid', '/profile']) {
    await page.goto(path);
    await expect(page.getByRole('main')).toBeVisible();
  }

  // A set page, and its audio playing in the bottom player (media, artwork, the audio link).
  await page.goto('/sets');
  await page
    .getByRole('link')
    .filter({ hasText: /./ })
    .and(page.locator('a[href^="/sets/"]'))
    .first()
    .click();
  await expect(page).toHaveURL(/\/sets\/\d+/);
  const setId = /\/sets\/(\d+)/.exec(page.url())?.[1];
  await page
    .getByRole('button', { name: /^Play / })
    .first()
    .click();
  await expect(page.getByRole('region', { name: 'Player' })).toBeVisible();

  await page.goto('/api/docs');
  await expect(page.getByText('Cratedig API').first()).toBeVisible();

  // A share page: its served stylesheet and artwork under the same policy.
  await page.goto(`/public/preview/sets/${setId}`);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

  expect(violations).toEqual([]);
});
