import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { signInWithEmulatorChooser } from './support/firebase';
import { newAccount, register, signedInPage, signInByApi, type TestAccount } from './support/session';

const SHOTS = 'test-results/accounts';

async function fillLogin(page: Page, username: string, password: string) {
  await page.getByRole('textbox', { name: 'Username' }).fill(username);
  await page.getByLabel(/^Password/).fill(password);
  await page.getByLabel(/^Password/).press('Enter');
}

async function logout(page: Page) {
  await page.getByRole('button', { name: 'Account menu' }).click();
  // The menu grows in from the button: a click during that transition can land beside the item (a
  // CI run clicked while it grew and nothing happened). A listener clicks what they see, once it is there.
  const menu = page.getByRole('menu');
  const sheet = menu.locator('..');
  await expect(sheet).toHaveCSS('opacity', '1');
  await expect(sheet).toHaveCSS('transform', 'none');
  await menu.getByRole('menuitem', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/login$/);
}

/** The reset link of the newest mail to `email` in the app's outbox (.eml files, docs/accounts.md). */
function resetLinkFor(email: string): string | null {
  const outbox = join(process.env.E2E_DATA_DIR ?? '', 'outbox');
  let files: string[];
  try {
    files = readdirSync(outbox).filter((name) => name.endsWith('.eml'));
  } catch {
    return null;
  }
  for (const name of files.sort().reverse()) {
    // Undo quoted-printable soft breaks and escapes, so the link reads as one piece.
    const text = readFileSync(join(outbox, name), 'utf8')
      .replace(/=\r?\n/g, '')
      .replace(/=3D/gi, '=');
    if (!text.includes(email)) continue;
    const match = text.match(/https?:\/\/[^\s"<>]+\/reset\?token=[\w-]+/);
    if (match) return match[0];
  }
  return null;
}

/** A signed-in browser past onboarding (so no modal covers the page), and its tokens. */
async function signedInPastOnboarding(page: Page, request: APIRequestContext, prefix: string) {
  const account = newAccount(prefix);
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
  return { account, tokens };
}

test.describe('accounts', () => {
  test('register, onboarding, logout, then sign in back to exactly the page asked for', async ({ page }) => {
    const account = newAccount('newcomer');
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto('/register');
    await expect(page.getByRole('heading', { level: 1, name: 'Start digging' })).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/register-1280.png`, fullPage: true });
    await page.getByRole('textbox', { name: 'Username' }).fill(account.username);
    await page.getByRole('textbox', { name: 'Email' }).fill(account.email);
    await page.getByLabel(/^Password/).fill(account.password);
    await page.getByRole('textbox', { name: 'About' }).fill('Deep house on Sundays');
    await page.getByRole('button', { name: 'Create account' }).click();

    await expect(page).toHaveURL(/\/home$/);
    const dialog = page.getByRole('dialog', { name: 'Welcome to Cratedig' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByText('1 / 4')).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Back' })).toBeDisabled();
    await page.screenshot({ path: `${SHOTS}/onboarding-1280.png` });
    for (const title of ['Queue it up', 'Heart to save tracks', 'Follow artists, labels and more']) {
      await page.getByRole('button', { name: 'Next' }).click();
      await expect(page.getByRole('heading', { name: title })).toBeVisible();
    }
    await expect(page.getByText('4 / 4')).toBeVisible();
    await page.getByRole('button', { name: 'Finish' }).click();
    await expect(page.getByRole('dialog')).toBeHidden();
    // Saved on the server: a reload does not ask again.
    await page.reload();
    await expect(page.getByRole('search')).toBeVisible();
    await expect(page.getByRole('dialog')).toBeHidden();

    await logout(page);
    expect(await page.evaluate(() => window.localStorage.getItem('accessToken'))).toBeNull();
    await page.goto('/profile?tab=likes&sort=new#liked');
    await expect(page).toHaveURL(/\/login$/);
    await fillLogin(page, account.username, account.password);
    await expect(page).toHaveURL(/\/profile\?tab=likes&sort=new#liked$/);
    expect(new URL(page.url()).pathname + new URL(page.url()).search + new URL(page.url()).hash).toBe(
      '/profile?tab=likes&sort=new#liked',
    );
    await expect(page.getByRole('heading', { level: 1, name: account.username })).toBeVisible();
  });

  test('Logout ends the session on the server: a refresh token saved before it is refused after it', async ({
    page,
    request,
  }) => {
    const { tokens } = await signedInPastOnboarding(page, request, 'leaver');
    await page.goto('/home');
    await expect(page.getByRole('search')).toBeVisible();
    const saved = await page.evaluate(() => ({
      access: window.localStorage.getItem('accessToken') ?? '',
      refresh: window.localStorage.getItem('refreshToken') ?? '',
    }));
    expect(saved.refresh).toBe(tokens.refresh_token);

    await logout(page);
    const refreshWithSaved = () =>
      request.put('/api/tokens', { data: { access_token: '', refresh_token: saved.refresh } });
    await expect.poll(async () => (await refreshWithSaved()).status()).toBe(401);
    const me = await request.get('/api/me', { headers: { authorization: `Bearer ${saved.access}` } });
    expect(me.status()).toBe(401);
  });

  test('Sign out everywhere, in the profile’s settings, ends the sessions of other browsers', async ({
    page,
    request,
  }) => {
    const { account } = await signedInPastOnboarding(page, request, 'everywhere');
    const elsewhere = await signInByApi(request, account);
    for (const [width, height] of [
      [1440, 900],
      [390, 844],
    ] as const) {
      await page.setViewportSize({ width, height });
      await page.goto('/profile');
      await page.getByRole('button', { name: 'Settings' }).click();
      await page.getByRole('menuitem', { name: 'Sign out everywhere' }).click();
      await expect(page.getByRole('dialog', { name: 'Sign out everywhere?' })).toBeVisible();
      await page.screenshot({ path: `${SHOTS}/sign-out-everywhere-${width}.png` });
      if (width === 1440) await page.getByRole('button', { name: 'Cancel' }).click();
    }
    await page.getByRole('button', { name: 'Sign out everywhere' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByText('You were signed out on every device.')).toBeVisible();
    const other = await request.put('/api/tokens', {
      data: { access_token: '', refresh_token: elsewhere.refresh_token },
    });
    expect(other.status()).toBe(401);
    const me = await request.get('/api/me', {
      headers: { authorization: `Bearer ${elsewhere.access_token}` },
    });
    expect(me.status()).toBe(401);
  });

  test('a wrong password shows its message', async ({ page, request }) => {
    const account = newAccount('typo');
    await register(request, account);
    await page.goto('/login');
    await fillLogin(page, account.username, 'not-the-password');
    await expect(page.getByRole('alert')).toHaveText('Invalid username or password. Please try again.');
    await fillLogin(page, `${account.username}_nobody`, 'whatever');
    await expect(page.getByRole('alert')).toHaveText('Incorrect username or password. Please try again.');
  });

  test('repeated failures are throttled with the 429 message', async ({ page, request }) => {
    const account = newAccount('hammer');
    await register(request, account);
    await page.goto('/login');
    const alert = page.getByRole('alert');
    // playwright.config.ts lowers the per-account-and-address limit to 3 failures.
    for (let attempt = 0; attempt < 6; attempt += 1) {
      await fillLogin(page, account.username, `wrong-${attempt}`);
      await expect(alert).toBeVisible();
      await expect(page.getByRole('button', { name: 'Sign in', exact: true })).toBeEnabled();
      if ((await alert.textContent()) === 'Too many failed login attempts. Please try again later.') break;
    }
    await expect(alert).toHaveText('Too many failed login attempts. Please try again later.');
    // Even the right password is refused while the block lasts.
    await fillLogin(page, account.username, account.password);
    await expect(alert).toHaveText('Too many failed login attempts. Please try again later.');
  });

  test('forgot password, mail, reset, and sign in with the new password', async ({ page, request }) => {
    const account: TestAccount = newAccount('forgetful');
    await register(request, account);
    await page.goto('/login');
    await page.getByRole('link', { name: 'Forgot your password?' }).click();
    await page.getByRole('textbox', { name: 'Email' }).fill(account.email);
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await expect(page.getByRole('alert')).toContainText(
      'Please check your email inbox or SPAM folder for a password reset email from',
    );

    await expect.poll(() => resetLinkFor(account.email), { timeout: 10_000 }).not.toBeNull();
    const link = resetLinkFor(account.email) ?? '';
    await page.goto(link);
    await expect(page.getByRole('heading', { level: 1, name: 'Choose a new password' })).toBeVisible();
    await page.getByLabel(/^New password/).fill('pw1');
    await page.getByRole('button', { name: 'Save new password' }).click();
    await expect(page.getByText('Password must have at least 8 characters')).toBeVisible();
    await page.getByLabel(/^New password/).fill('iloveyou');
    await page.getByRole('button', { name: 'Save new password' }).click();
    await expect(
      page.getByText('This password is too common and easy to guess. Choose another one.'),
    ).toBeVisible();
    const newPassword = `${account.password}-new`;
    await page.getByLabel(/^New password/).fill(newPassword);
    await page.getByLabel(/^Confirm new password/).fill(`${newPassword}x`);
    await page.getByRole('button', { name: 'Save new password' }).click();
    await expect(page.getByText('Passwords must match!')).toBeVisible();
    await page.getByLabel(/^Confirm new password/).fill(newPassword);
    await page.getByRole('button', { name: 'Save new password' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByText('Your password was changed. Sign in with your new password.')).toBeVisible();

    // The link works once.
    await page.goto(link);
    await page.getByLabel(/^New password/).fill('again-and-again');
    await page.getByLabel(/^Confirm new password/).fill('again-and-again');
    await page.getByRole('button', { name: 'Save new password' }).click();
    await expect(page.getByRole('alert')).toHaveText('Something happened, please try again');

    await page.goto('/login');
    await fillLogin(page, account.username, account.password);
    await expect(page.getByRole('alert')).toHaveText('Invalid username or password. Please try again.');
    await fillLogin(page, account.username, newPassword);
    await expect(page).toHaveURL(/\/home$/);
  });

  test('Google sign-in through the emulator creates the account, and a second sign-in reuses it', async ({
    page,
  }) => {
    const suffix = Math.random().toString(16).slice(2, 10);
    const google = { email: `raver_${suffix}@example.test`, displayName: `Raver ${suffix}` };
    const onlineRequests: string[] = [];
    page.on('request', (request) => {
      const host = new URL(request.url()).hostname;
      if (host !== '127.0.0.1' && host !== 'localhost') onlineRequests.push(request.url());
    });
    const meId = () =>
      page.evaluate(async () => {
        const response = await fetch('/api/me', {
          headers: { authorization: `Bearer ${window.localStorage.getItem('accessToken')}` },
        });
        return ((await response.json()) as { id: number }).id;
      });

    await page.goto('/login');
    await signInWithEmulatorChooser(page, 'Google', google);
    await expect(page).toHaveURL(/\/home$/);
    // docs/accounts.md: a first social sign-in's username is the email; it starts with onboarding.
    const dialog = page.getByRole('dialog', { name: 'Welcome to Cratedig' });
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(dialog).toBeHidden();
    const firstId = await meId();
    await page.goto('/profile');
    await expect(page.getByRole('heading', { level: 1, name: google.email })).toBeVisible();
    await expect(page.getByText(google.displayName)).toBeVisible();

    // A reload keeps the session (the SDK comes back for the stored Firebase token).
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: google.email })).toBeVisible();

    await logout(page);
    await signInWithEmulatorChooser(page, 'Google', google, { existing: true });
    await expect(page).toHaveURL(/\/home$/);
    // The same account: onboarding was completed by the close above, so it is not offered again.
    await expect(page.getByRole('search')).toBeVisible();
    await expect(page.getByRole('dialog')).toBeHidden();
    expect(await meId()).toBe(firstId);
    await page.goto('/profile');
    await expect(page.getByText(google.displayName)).toBeVisible();

    // A password login for that account is told to use Google.
    await logout(page);
    await fillLogin(page, google.email, 'anything');
    await expect(page.getByRole('alert')).toHaveText(
      'You previously logged in with Google, please try that method.',
    );
    // Nothing of it needed the internet (the popup's gapi would): the development sign-in is offline.
    expect(onlineRequests).toEqual([]);
  });

  test('Apple sign-in through the emulator, and closing the chooser is a cancelled sign-in', async ({
    page,
  }) => {
    const suffix = Math.random().toString(16).slice(2, 10);
    const apple = { email: `digger_${suffix}@example.test`, displayName: '' };
    await page.goto('/login');
    await page.getByRole('button', { name: 'Continue with Apple' }).click();
    const chooser = page.getByRole('dialog', { name: 'Sign in with Apple' });
    await expect(chooser).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/emulator-chooser-1280.png` });
    await chooser.getByRole('button', { name: 'Cancel' }).click();
    await expect(page.getByText('Login cancelled. Please try again.')).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);

    await signInWithEmulatorChooser(page, 'Apple', apple);
    await expect(page).toHaveURL(/\/home$/);
    await page
      .getByRole('dialog', { name: 'Welcome to Cratedig' })
      .getByRole('button', { name: 'Close' })
      .click();
    await logout(page);
    await fillLogin(page, apple.email, 'anything');
    const form = page.getByRole('form', { name: 'Sign in with username and password' });
    await expect(form.getByRole('alert')).toHaveText(
      'You previously logged in with Apple, please try that method.',
    );
  });

  test('editing the profile and the notification preferences', async ({ page, request }) => {
    const account = await signedInPage(page, request, 'profiler');
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto('/profile');
    await expect(page.getByRole('heading', { level: 1, name: account.username })).toBeVisible();

    await page.getByRole('button', { name: 'Settings' }).click();
    await page.getByRole('menuitem', { name: 'Edit Profile' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Profile' });
    await edit.getByRole('textbox', { name: 'About' }).fill('Selector of broken beats.');
    await edit.getByRole('textbox', { name: 'SoundCloud URL' }).fill('soundcloud.com/broken-beats');
    await edit.getByRole('combobox').click();
    await page.getByRole('option', { name: 'DJ' }).click();
    await page.getByRole('option', { name: 'Curator' }).click();
    await page.keyboard.press('Escape');
    await edit.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Profile updated!')).toBeVisible();
    await expect(page.getByText('Selector of broken beats.')).toBeVisible();
    await expect(page.getByRole('link', { name: 'SoundCloud', exact: true })).toHaveAttribute(
      'href',
      'https://soundcloud.com/broken-beats',
    );

    await page.getByRole('button', { name: 'Settings' }).click();
    await page.getByRole('menuitem', { name: 'Notification Preferences' }).click();
    const prefs = page.getByRole('dialog', { name: 'Notification Preferences' });
    await prefs.getByRole('radio', { name: 'Weekly' }).check();
    await prefs.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Your notifications were updated to weekly')).toBeVisible();

    // Both saved on the server.
    await page.reload();
    await expect(page.getByText('Selector of broken beats.')).toBeVisible();
    await expect(page.getByLabel('I am a').getByText('DJ')).toBeVisible();
    await expect(page.getByLabel('I am a').getByText('Curator')).toBeVisible();
    await page.getByRole('button', { name: 'Settings' }).click();
    await page.getByRole('menuitem', { name: 'Notification Preferences' }).click();
    await expect(page.getByRole('radio', { name: 'Weekly' })).toBeChecked();
    await page.keyboard.press('Escape');
    await page.screenshot({ path: `${SHOTS}/profile-1280.png`, fullPage: true });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: `${SHOTS}/profile-390.png`, fullPage: true });
  });

  test('screenshots of the public account pages at 1280 and 390 px', async ({ page }) => {
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
      for (const path of ['/login', '/register', '/forgot-password']) {
        await page.goto(path);
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        await page.screenshot({ path: `${SHOTS}${path}-${width}.png`, fullPage: true });
      }
    }
    await expect(page.getByRole('link', { name: 'Back to sign in' })).toBeVisible();
  });
});
