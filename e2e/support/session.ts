import { randomBytes } from 'node:crypto';
import type { APIRequestContext, Page } from '@playwright/test';

export interface TestAccount {
  username: string;
  email: string;
  password: string;
}

export function newAccount(prefix = 'listener'): TestAccount {
  const suffix = randomBytes(4).toString('hex');
  return {
    username: `${prefix}_${suffix}`,
    email: `${prefix}_${suffix}@example.test`,
    password: `pw-${suffix}`,
  };
}

/** Registers through the real API (docs/accounts.md POST /users, registration form). */
export async function register(request: APIRequestContext, account: TestAccount): Promise<void> {
  const response = await request.post('/api/users', {
    data: { ...account, about_me: '', auth_provider: 'web_client' },
  });
  if (!response.ok()) throw new Error(`register failed: ${response.status()} ${await response.text()}`);
}

/** Exchanges credentials for tokens (docs/accounts.md POST /tokens with Basic auth). */
export async function signInByApi(
  request: APIRequestContext,
  account: TestAccount,
): Promise<{ access_token: string; refresh_token: string }> {
  const basic = Buffer.from(`${account.username}:${account.password}`).toString('base64');
  const response = await request.post('/api/tokens', { headers: { authorization: `Basic ${basic}` } });
  if (!response.ok()) throw new Error(`sign-in failed: ${response.status()} ${await response.text()}`);
  return response.json();
}

/**
 * A signed-in browser without clicking through the login form: registers a fresh account, then stores
 * the tokens under the docs/accounts.md browser keys before the app boots. Journeys about signing in itself
 * use the real form instead.
 */
export async function signedInPage(
  page: Page,
  request: APIRequestContext,
  prefix?: string,
): Promise<TestAccount> {
  const account = newAccount(prefix);
  await register(request, account);
  const tokens = await signInByApi(request, account);
  const expiry = Date.now() + 60 * 60 * 1000;
  await page.addInitScript(
    ([access, refresh, exp]) => {
      if (!window.localStorage.getItem('accessToken')) {
        window.localStorage.setItem('accessToken', access);
        window.localStorage.setItem('refreshToken', refresh);
        window.localStorage.setItem('tokenExpiry', exp);
      }
    },
    [tokens.access_token, tokens.refresh_token, String(expiry)] as const,
  );
  return account;
}
