// Failed-login limits across two API instances on one PostgreSQL server (CI's PostgreSQL pass runs
// *.server-test.ts files): attempts split between the instances are counted as one.
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUserWithToken } from '../../test/auth';
import { basic } from '../../test/auth-overrides';
import { openTwoInstances, type TwoInstances, tally } from '../../test/two-instances';

let instances: TwoInstances | undefined;
let first: FastifyInstance;
let second: FastifyInstance;

beforeAll(async () => {
  instances = await openTwoInstances({ limits: { loginPair: { max: 5, windowS: 900 } } });
  ({ first, second } = instances);
});
afterAll(() => instances?.close());

describe('concurrent wrong passwords split across two instances', () => {
  it('answers exactly 5 of 12 simultaneous attempts with 401 and the rest with 429', async () => {
    const { user } = await createUserWithToken(first);
    const attempts = Array.from({ length: 12 }, (_, i) =>
      (i % 2 === 0 ? first : second).inject({
        method: 'POST',
        url: '/api/tokens',
        headers: basic(user.username, 'wrong'),
        remoteAddress: '198.51.100.50',
      }),
    );
    expect(tally((await Promise.all(attempts)).map((answer) => answer.statusCode))).toEqual({
      401: 5,
      429: 7,
    });
  });
});
