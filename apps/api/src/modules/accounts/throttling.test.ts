// Failed-login limits under concurrent attempts on one instance: a limit of 5 lets exactly 5 wrong
// passwords be checked, whatever the interleaving; the rest answer 429. (Several instances on one
// PostgreSQL server: throttling.server-test.ts.)
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../test/app';
import { createUserWithToken } from '../../test/auth';
import { authOverrides, basic } from '../../test/auth-overrides';

let app: FastifyInstance;
beforeAll(async () => {
  app = await buildTestApp(authOverrides({ limits: { loginPair: { max: 5, windowS: 900 } } }));
});
afterAll(async () => {
  await app.close();
});

async function tally(attempts: Promise<{ statusCode: number }>[]): Promise<Record<number, number>> {
  const counts: Record<number, number> = {};
  for (const { statusCode } of await Promise.all(attempts))
    counts[statusCode] = (counts[statusCode] ?? 0) + 1;
  return counts;
}

describe('concurrent wrong passwords on one instance', () => {
  it('answers exactly 5 of 8 simultaneous attempts with 401 and the rest with 429', async () => {
    const { user } = await createUserWithToken(app);
    const attempt = () =>
      app.inject({
        method: 'POST',
        url: '/api/tokens',
        headers: basic(user.username, 'wrong'),
        remoteAddress: '198.51.100.40',
      });
    expect(await tally(Array.from({ length: 8 }, attempt))).toEqual({ 401: 5, 429: 3 });
  });

  it('gives a success its count back: the pair starts afresh after a good sign-in', async () => {
    const { user, password } = await createUserWithToken(app);
    const attempt = (secret: string) =>
      app.inject({
        method: 'POST',
        url: '/api/tokens',
        headers: basic(user.username, secret),
        remoteAddress: '198.51.100.41',
      });
    expect(await tally(Array.from({ length: 4 }, () => attempt('wrong')))).toEqual({ 401: 4 });
    expect((await attempt(password)).statusCode).toBe(200);
    expect(await tally(Array.from({ length: 7 }, () => attempt('wrong')))).toEqual({ 401: 5, 429: 2 });
  });
});
