// One-click unsubscribe (RFC 8058): every digest carries a link that turns digests off without
// signing in. The link names the user and carries an HMAC of it, so nobody can unsubscribe another.
import { createHmac, timingSafeEqual } from 'node:crypto';
import { type AppConfig, resolveJwtSecret } from '../../config';

export const UNSUBSCRIBE_PATH = '/public/unsubscribe';

const keys = new WeakMap<AppConfig, Buffer>();

/** Derived from the access-token key, so one secret is enough to run. */
function key(config: AppConfig): Buffer {
  let value = keys.get(config);
  if (!value) {
    value = createHmac('sha256', resolveJwtSecret(config)).update('cratedig digest unsubscribe v1').digest();
    keys.set(config, value);
  }
  return value;
}

function signature(config: AppConfig, userId: number): Buffer {
  return createHmac('sha256', key(config)).update(`unsubscribe|${userId}`).digest();
}

export function unsubscribeUrl(config: AppConfig, userId: number): string {
  const token = signature(config, userId).toString('base64url');
  return `${config.publicUrl}${UNSUBSCRIBE_PATH}?u=${userId}&t=${token}`;
}

export function verifyUnsubscribe(config: AppConfig, userId: number, token: string): boolean {
  const given = Buffer.from(token, 'base64url');
  const expected = signature(config, userId);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
