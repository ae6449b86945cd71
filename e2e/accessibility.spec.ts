import AxeBuilder from '@axe-core/playwright';
import type { ListResponse } from '@cratedig/contract/common';
import { type APIRequestContext, type BrowserContext, expect, type Page, test } from '@playwright/test';
import { newAccount, register, signInByApi } from './support/session';

// axe-core over every page of the app, in the states a listener meets them (menus and dialogs open):
// no violation of any impact under every rule axe has (WCAG 2.x A/AA, best practices, and the experimental
// label-in-name rule).

// With reduced motion the app skips its transitions, so menus and dialogs are measured at rest.
test.use({ viewport: { width: 1280, height: 900 }, reducedMotion: 'reduce' });
test.describe.configure({ timeout: 180_000 });

type Tokens = { access_token: string; refresh_token: string };

async function listener(request: APIRequestContext): Promise<Tokens> {
  const account = newAccount('axe');
  await register(request, account);
  const tokens = await signInByApi(request, account);
  const done = await request.post('/api/me/onboarding', {
    headers: { authorization: `Bearer ${tokens.access_token}` },
  });
  expect(done.ok()).toBe(true);
  return tokens;
}

async function signIn(context: BrowserContext, tokens: Tokens) {
  await context.addInitScript(
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

async function firstId(request: APIRequestContext, tokens: Tokens, list: string): Promise<number> {
  const response = await request.get(`/api/${list}?limit=1`, {
    headers: { authorization: `Bearer ${tokens.access_token}` },
  });
  expect(response.ok()).toBe(true);
  const { data } = (await response.json()) as ListResponse<{ id: number }>;
  const first = data[0];
  if (!first) throw new Error(`the demo catalogue has no ${list}`);
  return first.id;
}

/** Every violation on the page as it is now, whatever its impact, one line each (rule, count, first targets). */
async function violations(page: Page): Promise<string[]> {
  // Every rule axe has, the experimental label-in-name one too (WCAG 2.5.3: a control's name contains
  // its visible text, so speech users can say what they see).
  const everyRule = await new AxeBuilder({ page })
    .options({ rules: { 'label-content-name-mismatch': { enabled: true } } })
    .disableRules(['region'])
    .analyze();
  // An open menu sits at the end of the page, outside any landmark, as MUI puts every popup there (so
  // it can hide the rest of the page from assistive technology while it is open): the region rule's
  // one exception, for the open menu only.
  const regions = await new AxeBuilder({ page }).withRules(['region']).exclude('.MuiPopover-root').analyze();
  return [...everyRule.violations, ...regions.violations].map(
    (violation) =>
      `${violation.id} (${violation.impact}) ×${violation.nodes.length}: ${violation.help}; ${violation.nodes
        .slice(0, 3)
        .map((node) => node.html.slice(0, 160))
        .join(' | ')}`,
  );
}

async function expectAccessible(page: Page, what: string) {
  expect.soft(await violations(page), what).toEqual([]);
}

async function openPage(page: Page, path: string) {
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  await page.waitForLoadState('networkidle');
}

test('the public pages', async ({ page }) => {
  for (const path of [
    '/login',
    '/register',
    '/forgot-password',
    '/reset?token=abc',
    '/about',
    '/policy',
    '/terms',
  ]) {
    await openPage(page, path);
    await expectAccessible(page, path);
  }
});

test('home, the four lists and search', async ({ page, context, request }) => {
  await signIn(context, await listener(request));
  for (const path of ['/home', '/sets', '/tracks', '/artists', '/labels', '/search?s=deep']) {
    await openPage(page, path);
    await expectAccessible(page, path);
  }
});

test('each kind of detail page, with a set playing and the queue open', async ({
  page,
  context,
  request,
}) => {
  const tokens = await listener(request);
  await signIn(context, tokens);
  for (const kind of ['tracks', 'artists', 'labels']) {
    const path = `/${kind}/${await firstId(request, tokens, kind)}`;
    await openPage(page, path);
    await expectAccessible(page, path);
  }
  for (const kind of ['festivals', 'venues']) {
    const path = `/${kind}/${await firstId(request, tokens, `featured/${kind}`)}`;
    await openPage(page, path);
    await expectAccessible(page, path);
  }
  const setPath = `/sets/${await firstId(request, tokens, 'sets')}`;
  await openPage(page, setPath);
  await expectAccessible(page, setPath);

  // The bottom player with a set in it, then its queue.
  const heading = (await page.getByRole('heading', { level: 1 }).first().textContent()) ?? '';
  await page
    .getByRole('button', { name: `Play ${heading}` })
    .first()
    .click();
  const player = page.getByRole('region', { name: 'Player' });
  await expect(player.getByRole('slider').first()).toBeVisible();
  await expectAccessible(page, `${setPath} playing`);
  await player.getByRole('button', { name: /^Queue/ }).click();
  await expect(page.getByRole('heading', { name: 'Queue' })).toBeVisible();
  await expectAccessible(page, 'the queue open');
});

test('profile, its menu and dialogs, the account and notification menus', async ({
  page,
  context,
  request,
}) => {
  await signIn(context, await listener(request));
  await openPage(page, '/profile');
  await expectAccessible(page, '/profile');

  await page.getByRole('button', { name: 'Settings' }).click();
  await expect(page.getByRole('menu')).toBeVisible();
  await expectAccessible(page, 'the profile settings menu');
  await page.getByRole('menuitem', { name: 'Edit Profile' }).click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await expectAccessible(page, 'the Edit Profile dialog');
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toBeHidden();

  await page.getByRole('button', { name: 'Settings' }).click();
  await page.getByRole('menuitem', { name: 'Notification Preferences' }).click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await expectAccessible(page, 'the Notification Preferences dialog');
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toBeHidden();

  await page.getByRole('button', { name: 'Notifications' }).click();
  await expect(page.getByRole('menu', { name: 'Notifications' })).toBeVisible();
  await expectAccessible(page, 'the notifications menu');
  await page.keyboard.press('Escape');

  await page.getByRole('button', { name: 'Account menu' }).click();
  await expect(page.getByRole('menu')).toBeVisible();
  await expectAccessible(page, 'the account menu');
});
