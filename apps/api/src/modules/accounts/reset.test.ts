// POST and PUT /tokens/reset (docs/accounts.md "Password reset").
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, makeTempDir } from '../../test/app';
import { createUserWithToken } from '../../test/auth';
import { authOverrides, basic } from '../../test/auth-overrides';
import { resetDatabase } from '../../test/database';

let app: FastifyInstance;
let outbox: string;
beforeAll(async () => {
  outbox = makeTempDir('cratedig-outbox-');
  app = await buildTestApp({
    publicUrl: 'https://cratedig.example',
    ...authOverrides({ outboxDir: outbox, limits: { resetEmail: { max: 3, windowS: 1800 } } }),
  });
});
afterAll(async () => {
  await app.close();
});
beforeEach(async () => {
  await resetDatabase();
});

function mails(): string[] {
  return readdirSync(outbox)
    .filter((name) => name.endsWith('.eml'))
    .sort()
    .map((name) => readFileSync(join(outbox, name), 'utf8'));
}

/** Decodes a quoted-printable .eml body enough to read the link back. */
function bodyOf(eml: string): string {
  return eml
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

const requestReset = (email: string) =>
  app.inject({ method: 'POST', url: '/api/tokens/reset', payload: { email } });
const reset = (token: string, new_password: string) =>
  app.inject({ method: 'PUT', url: '/api/tokens/reset', payload: { token, new_password } });

async function mailedToken(email: string): Promise<string> {
  const before = mails().length;
  expect((await requestReset(email)).statusCode).toBe(204);
  const mail = mails()[before];
  expect(mail).toBeDefined();
  const link = /https:\/\/cratedig\.example\/reset\?token=([A-Za-z0-9_-]+)/.exec(bodyOf(mail ?? ''));
  expect(link).not.toBeNull();
  return link?.[1] ?? '';
}

describe('password reset', () => {
  it('mails a link; the new password signs in, the old one no longer does, and every session ends', async () => {
    const { user, password, accessToken, refreshToken } = await createUserWithToken(app);
    const token = await mailedToken(user.email);
    const mail = mails().at(-1) ?? '';
    expect(mail).toContain(`To: ${user.email}`);
    expect(mail).toContain('From: Cratedig <no-reply@cratedig.app>');
    expect(mail).toContain('Subject: Reset your Cratedig password');

    expect((await reset(token, 'brand-new')).statusCode).toBe(204);
    expect(
      (await app.inject({ method: 'POST', url: '/api/tokens', headers: basic(user.username, 'brand-new') }))
        .statusCode,
    ).toBe(200);
    expect(
      (await app.inject({ method: 'POST', url: '/api/tokens', headers: basic(user.username, password) }))
        .statusCode,
    ).toBe(401);
    const refreshed = await app.inject({
      method: 'PUT',
      url: '/api/tokens',
      payload: { access_token: accessToken, refresh_token: refreshToken },
    });
    expect(refreshed.statusCode).toBe(401);
    // The access token of the session from before the reset stops too.
    const me = await app.inject({ url: '/api/me', headers: { authorization: `Bearer ${accessToken}` } });
    expect(me.statusCode).toBe(401);
  });

  it('a link works once', async () => {
    const { user } = await createUserWithToken(app);
    const token = await mailedToken(user.email);
    expect((await reset(token, 'first-one')).statusCode).toBe(204);
    const again = await reset(token, 'second-one');
    expect(again.statusCode).toBe(422);
    expect(again.json().errors.json).toHaveProperty('token');
  });

  it('an expired link does not work', async () => {
    const { user } = await createUserWithToken(app);
    const token = await mailedToken(user.email);
    await app.database.exec(`update password_resets set expires_at = now() - interval '1 second'`);
    expect((await reset(token, 'too-late')).statusCode).toBe(422);
  });

  it('stores only a hash of the link', async () => {
    const { user } = await createUserWithToken(app);
    const token = await mailedToken(user.email);
    const result = (await app.db.execute('select token_hash from password_resets')) as unknown as {
      rows: { token_hash: string }[];
    };
    expect(result.rows).toHaveLength(1);
    expect(result.rows[0]?.token_hash).not.toContain(token);
  });

  it('answers the same for an unknown email, and mails nothing', async () => {
    const before = mails().length;
    const response = await requestReset('nobody@example.test');
    expect(response.statusCode).toBe(204);
    expect(response.body).toBe('');
    expect(mails()).toHaveLength(before);
  });

  it('tells a social-only account which provider to use instead', async () => {
    await app.database.exec(
      `insert into users (username, email, firebase_uid, auth_provider) values ('g@example.test', 'g@example.test', 'uid-g', 'google')`,
    );
    const before = mails().length;
    expect((await requestReset('g@example.test')).statusCode).toBe(204);
    const mail = bodyOf(mails()[before] ?? '');
    expect(mail).toContain('you sign in with Google');
    expect(mail).not.toContain('/reset?token=');
  });

  it('limits requests per email with 429 and Retry-After', async () => {
    const codes: number[] = [];
    for (let i = 0; i < 4; i += 1) codes.push((await requestReset('Someone@example.test')).statusCode);
    expect(codes).toEqual([204, 204, 204, 429]);
    const blocked = await requestReset('someone@example.test');
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(1700);
  });

  it.each([
    [{ token: 'x', new_password: 'ab' }, 'new_password', 'Password must have at least 8 characters'],
    [
      { token: 'x', new_password: 'baseball' },
      'new_password',
      'This password is too common and easy to guess. Choose another one.',
    ],
    [{ new_password: 'abcd' }, 'token', 'Missing data for required field.'],
  ])('PUT answers 422 for %j', async (payload, field, message) => {
    const response = await app.inject({ method: 'PUT', url: '/api/tokens/reset', payload });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors.json[field]).toContain(message);
  });

  it('POST answers 422 for a missing or malformed email', async () => {
    for (const payload of [{}, { email: 'nope' }, { email: 'a'.repeat(10_000) }]) {
      const response = await app.inject({ method: 'POST', url: '/api/tokens/reset', payload });
      expect(response.statusCode).toBe(422);
      expect(response.json().errors.json).toHaveProperty('email');
    }
  });
});
