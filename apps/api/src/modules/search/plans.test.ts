// The two ways a section is read (plans.ts): through the words index (rare words, every match ranked)
// and by popularity (frequent words, each rank cut at the page's depth). A catalogue of a few hundred
// items is small enough that the search always takes the first; here both run on the same queries
// over one written with the demo's names and must answer the same pages, ranks and totals, and a word
// no document of a kind holds runs no statement.
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client';
import { queryRows } from '../../db/rows';
import type { UserContext } from '../../plugins/service-context';
import { getTestDatabase, resetDatabase } from '../../test/database';
import { createNamedCatalogue } from '../../test/named-catalogue';
import { planSection, popularAccess, popularityStatement, wordsStatement } from './plans';
import { prepareQuery } from './service';

let database: Database;
let ctx: UserContext;

beforeAll(async () => {
  database = await getTestDatabase();
  await resetDatabase();
  await createNamedCatalogue({ db: database.db });
  await database.exec(`insert into users (username, email) values ('plans', 'plans@example.test')`);
  const [user] = await queryRows<{ id: number }>(
    database.db,
    sql`select id from users where username = 'plans'`,
  );
  ctx = { db: database.db, userId: user?.id ?? 0 } as UserContext;
});

type Row = { total: number; data: { rank: number; item: { id: number } }[] };

async function run(statement: ReturnType<typeof sql>) {
  const [row] = await queryRows<Row>(database.db, statement);
  return {
    total: Math.min(row?.total ?? 0, 1000),
    page: (row?.data ?? []).map((r) => `${r.rank}:${r.item.id}`),
  };
}

describe('section plans', () => {
  // one word each (the popularity plan has no phrase-first order within the word rank)
  const queries = ['the', 'a', 'de', 'mi', 'deep', 'remix', 'theo', 'ylonen', 'berlin', 'kessa', 'lindqvst'];

  it('the words index and the popularity scans answer the same pages, ranks and totals', async () => {
    let compared = 0;
    for (const s of queries) {
      const q = await prepareQuery(ctx, s);
      for (const kind of ['artists', 'labels', 'tracks', 'sets'] as const) {
        const plan = planSection(kind, q);
        if (plan.by !== 'words') continue;
        for (const [limit, offset] of [
          [5, 0],
          [5, 5],
          [20, 0],
        ] as const) {
          const words = await run(wordsStatement(kind, q, plan.terms, ctx.userId, limit, offset));
          const popular = await run(popularityStatement(kind, q, ctx.userId, limit, offset));
          expect(popular, `${kind} "${s}" ${limit}@${offset}`).toEqual(words);
          compared += words.page.length;
        }
      }
    }
    expect(compared).toBeGreaterThan(100);
  });

  it('a word no document of a kind holds empties that section without a statement', async () => {
    const q = await prepareQuery(ctx, 'zzqqxxvv');
    for (const kind of ['artists', 'labels', 'tracks', 'sets'] as const)
      expect(planSection(kind, q)).toEqual({ by: 'none' });
  });

  it('a letter starting more catalogue words than are read still reads its word matches after the names', () => {
    // On a large catalogue "a" starts thousands of catalogue words: search_terms reports it unbounded.
    const many = {
      docs: Number.POSITIVE_INFINITY,
      top: 900_000,
      leads: Number.POSITIVE_INFINITY,
      exactLeads: 30,
      terms: undefined,
    };
    const q = {
      text: 'a',
      words: ['a'],
      corrections: new Map<string, string[]>(),
      short: true,
      terms: {
        words: new Map([['tracks' as const, [many]]]),
        documents: new Map([['tracks' as const, 1_000_000]]),
      },
    };
    const access = popularAccess('tracks', q, 40);
    expect(access.prefix).toBe('popularity');
    // Load more past the names starting with "a" goes on with the titles holding a word starting with it.
    expect(access.word).toEqual({ rank: 2, by: 'popularity' });
  });
});
