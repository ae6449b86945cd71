// The accounts settings of config.ts: defaults, the production guards, the persisted JWT key.
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, resolveJwtSecret } from '../../config';
import { makeTempDir } from '../../test/app';

describe('accounts settings', () => {
  it('default to docs/accounts.md’s limits and the emulator-friendly Firebase project', () => {
    const { auth, trustProxy } = loadConfig({ DATA_DIR: '/srv/cd' });
    expect(trustProxy).toBe(false);
    expect(auth).toMatchObject({
      jwtSecret: undefined,
      firebaseProjectId: 'demo-cratedig',
      firebaseApiKey: 'demo-api-key',
      firebaseAuthDomain: 'demo-cratedig.firebaseapp.com',
      firebaseAuthEmulatorHost: undefined,
      smtpUrl: undefined,
      mailFrom: 'Cratedig <no-reply@cratedig.app>',
      outboxDir: '/srv/cd/outbox',
      limits: {
        loginPair: { max: 5, windowS: 900 },
        loginAccount: { max: 25, windowS: 3600 },
        loginAddress: { max: 25, windowS: 300 },
        resetEmail: { max: 5, windowS: 1800 },
        usernameLookup: { max: 60, windowS: 300 },
        register: { max: 10, windowS: 3600 },
      },
    });
  });

  it('takes every limit from the environment', () => {
    const { limits } = loadConfig({ LOGIN_PAIR_MAX_FAILURES: '2', LOGIN_PAIR_WINDOW_S: '30' }).auth;
    expect(limits.loginPair).toEqual({ max: 2, windowS: 30 });
  });

  it('check a session at least every 30 s by default, at most 60 s, as set by SESSION_CHECK_TTL_S', () => {
    expect(loadConfig({}).auth.sessionCheckTtlMs).toBe(30_000);
    expect(loadConfig({ SESSION_CHECK_TTL_S: '0' }).auth.sessionCheckTtlMs).toBe(0);
    expect(() => loadConfig({ SESSION_CHECK_TTL_S: '61' })).toThrow(
      /SESSION_CHECK_TTL_S: must be a whole number of seconds from 0 to 60/,
    );
  });

  it('refuses the emulator and a missing JWT_SECRET in production, naming both', () => {
    let error: unknown;
    try {
      loadConfig({ CRATEDIG_ENV: 'production', FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099' });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as ConfigError).problems).toEqual([
      'FIREBASE_AUTH_EMULATOR_HOST: must not be set when CRATEDIG_ENV=production',
      'JWT_SECRET: is required when CRATEDIG_ENV=production',
    ]);
  });

  it('refuses a short JWT_SECRET without echoing it, and bad limits', () => {
    expect(() => loadConfig({ JWT_SECRET: 'short-secret', LOGIN_PAIR_MAX_FAILURES: '0' })).toThrow(
      /JWT_SECRET: must be at least 32 characters\n.*LOGIN_PAIR_MAX_FAILURES: must be a positive whole number/,
    );
    expect(() => loadConfig({ JWT_SECRET: 'short-secret' })).not.toThrow(/short-secret/);
  });

  it('outside production, keeps a generated JWT key in DATA_DIR (mode 600) so tokens survive restarts', () => {
    const dataDir = makeTempDir();
    const config = loadConfig({ DATA_DIR: dataDir });
    const first = resolveJwtSecret(config);
    expect(first.length).toBeGreaterThanOrEqual(32);
    expect(resolveJwtSecret(loadConfig({ DATA_DIR: dataDir }))).toBe(first);
    const file = join(dataDir, 'jwt-secret');
    expect(readFileSync(file, 'utf8').trim()).toBe(first);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    const given = 'k'.repeat(40);
    expect(resolveJwtSecret(loadConfig({ DATA_DIR: dataDir, JWT_SECRET: given }))).toBe(given);
  });
});
