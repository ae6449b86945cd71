// Password hashing (docs/accounts.md): argon2id with OWASP's minimum parameters.
import { hash, verify } from '@node-rs/argon2';

const OPTIONS = {
  // @node-rs/argon2 declares Algorithm as a const enum, which isolatedModules cannot import: 2 is Argon2id.
  algorithm: 2,
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
} as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

/** False for a wrong password and for a hash that cannot be read (never throws on bad input). */
export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

let dummyHash: Promise<string> | undefined;

/**
 * Spends the time of one verification when there is no account (or no password) to check, so the
 * answer's timing does not tell whether a username exists.
 */
export async function verifyAgainstDummy(password: string): Promise<false> {
  dummyHash ??= hashPassword('cratedig-dummy-password');
  await verifyPassword(await dummyHash, password);
  return false;
}
