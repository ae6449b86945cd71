// Searches are limited per user (SEARCH_MAX per SEARCH_WINDOW_S): the search box and a
// list's `search` count together; past the limit 429 with Retry-After, other calls and users go on.
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../test/app';
import { createUserWithToken } from '../../test/auth';
import { authOverrides } from '../../test/auth-overrides';
import { getTestDatabase, resetDatabase } from '../../test/database';
import { searchLimitsFor } from '../accounts/search-limits';
import { warmSearchConnections } from './service';

let app: FastifyInstance;
beforeAll(async () => {
  await resetDatabase();
  app = await buildTestApp(authOverrides({ limits: { search: { max: 3, windowS: 60 } } }));
});
afterAll(async () => {
  await app?.close();
});

describe('the per-user search limit', () => {
  it('answers 429 with Retry-After past the limit, counting the search box and list searches together', async () => {
    const { headers } = await createUserWithToken(app);
    const get = (url: string) => app.inject({ url, headers });
    expect((await get('/api/search?s=glow')).statusCode).toBe(200);
    expect((await get('/api/tracks?search=glow')).statusCode).toBe(200);
    expect((await get('/api/artists?search=kessa')).statusCode).toBe(200);

    const refused = await get('/api/sets?search=warehouse');
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(60);
    expect(refused.json()).toMatchObject({
      code: 429,
      status: 'Too Many Requests',
      message: 'Too many searches in a short time. Please wait a moment and try again.',
    });
    expect((await get('/api/search?s=glow')).statusCode).toBe(429);

    // Lists without a search, and other users, are not held back.
    expect((await get('/api/tracks')).statusCode).toBe(200);
    const other = await createUserWithToken(app);
    expect((await app.inject({ url: '/api/search?s=glow', headers: other.headers })).statusCode).toBe(200);
  });

  it("a server's warm-up before ready takes nothing from any listener's limit and writes nothing", async () => {
    const database = await getTestDatabase();
    const ctx = { db: app.db, config: app.config };
    const counters = async () =>
      (await database.executeSql(`select key, hits from rate_limit_counters order by key`, [])).rows;
    await searchLimitsFor(app.db).merge();
    const before = await counters();
    // four starts: more warm-up runs than the limit allows one listener
    for (let start = 0; start < 4; start++) await warmSearchConnections(ctx, database.connections);
    await searchLimitsFor(app.db).merge();
    expect(await counters()).toEqual(before);
    const { headers } = await createUserWithToken(app);
    for (let i = 0; i < 3; i++)
      expect((await app.inject({ url: '/api/search?s=glow', headers })).statusCode).toBe(200);
  });

  it("answers one listener's burst at once: the limit's searches, then 429s, none waiting on another", async () => {
    const { headers } = await createUserWithToken(app);
    const answers = await Promise.all(
      Array.from({ length: 40 }, () => app.inject({ url: '/api/search?s=glow', headers })),
    );
    const statuses = answers.map((a) => a.statusCode).sort();
    expect(statuses.filter((s) => s === 200)).toHaveLength(3);
    expect(statuses.filter((s) => s === 429)).toHaveLength(37);
  });
});
