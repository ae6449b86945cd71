// Auth settings and credentials for API tests: config overrides for the nested auth settings, and
// Basic and Bearer headers.
import type { AppConfig, AuthConfig } from '../config';
import { makeTempDir, testConfig } from './app';

/** Overrides of `config.auth` (and its limits) on top of the test defaults. */
export function authOverrides(
  auth: Partial<Omit<AuthConfig, 'limits'>> & { limits?: Partial<AuthConfig['limits']> } = {},
): Partial<AppConfig> {
  const base = testConfig(makeTempDir()).auth;
  const { limits, ...rest } = auth;
  return { auth: { ...base, ...rest, limits: { ...base.limits, ...limits } } };
}

export function basic(username: string, password: string): { authorization: string } {
  return { authorization: `Basic ${Buffer.from(`${username}:${password}`).toString('base64')}` };
}

export function bearer(token: string): { authorization: string } {
  return { authorization: `Bearer ${token}` };
}
