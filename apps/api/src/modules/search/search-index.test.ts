// Searches answered from the index in memory (docs/search.md "The index in memory") are the answers
// the database gives: on the demo catalogue, every kind of query a listener types (names whole and
// begun, typos, "X remix", venues, genres, several words, deeper pages) answers the same body from an
// app that keeps the index (and the items it found, read from their documents) and from one that asks
// the database with nothing kept (the items built afresh); and after the catalogue changes, the index
// answers with the change at once.
import type { SearchResponse } from '@cratedig/contract/search';
import { normaliseName } from '@cratedig/contract/search-normalise';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client';
import { fillItemDocs } from '../../db/read-models/catalogue-item-docs';
import { queryRows } from '../../db/rows';
import { seedDemo } from '../../db/seed/demo';
import { signAccessToken } from '../../lib/tokens';
import { buildTestApp, makeTempDir } from '../../test/app';
import { createUserWithToken, type SignedInUser } from '../../test/auth';
import { authOverrides } from '../../test/auth-overrides';
import { getTestDatabase, resetDatabase } from '../../test/database';
import { createArtist, refreshCatalogue } from '../../test/factories';
import { IndexKeeper, indexKeeperFor, searchGeneration } from './index-keeper';

let database: Database;
let indexed: FastifyInstance;
let asked: FastifyInstance;
let user: SignedInUser;

beforeAll(async () => {
  database = await getTestDatabase();
  await resetDatabase();
  await seedDemo(database, { mediaDir: makeTempDir(), media: false });
  // as a started server's job writes them: the indexed app reads its items from these
  await fillItemDocs(database.db);
  const limits = authOverrides({ limits: { search: { max: 100_000, windowS: 60 } } });
  indexed = await buildTestApp({ ...limits, searchIndex: true });
  asked = await buildTestApp({ ...limits, searchIndex: false, searchCacheEntries: 0, catalogueCacheMb: 0 });
  user = await createUserWithToken(indexed);
});

afterAll(async () => {
  await indexed?.close();
  await asked?.close();
});

/** Each app signs its tokens with its own key. */
async function headersFor(app: FastifyInstance) {
  if (app === indexed) return user.headers;
  return { authorization: `Bearer ${await signAccessToken(app.accessTokens, user.user.id)}` };
}

async function search(app: FastifyInstance, query: string): Promise<SearchResponse> {
  const response = await app.inject({ url: `/api/search?${query}`, headers: await headersFor(app) });
  expect(response.statusCode, response.body.slice(0, 300)).toBe(200);
  // a set's audio link is signed per request, with its expiry; the rest must be equal
  return JSON.parse(response.body.replace(/("mp3_permalink":"[^"?]*)\?[^"]*"/g, '$1"')) as SearchResponse;
}

/** What a listener types, drawn from the demo's own names. */
async function typedQueries(): Promise<string[]> {
  const names = async (statement: ReturnType<typeof sql>) =>
    (await queryRows<{ n: string }>(database.db, statement)).map((r) => r.n);
  const all = [
    ...(await names(sql`select name as n from artists order by id`)),
    ...(await names(sql`select name as n from labels order by id`)),
    ...(await names(sql`select title as n from tracks order by id limit 80`)),
    ...(await names(sql`select set_name as n from sets order by id limit 60`)),
    ...(await names(sql`select name as n from venues union select name from festivals`)),
  ];
  const remixers = await names(sql`select name as n from artists where remix_count > 0 order by id limit 15`);
  const genres = await names(sql`select distinct genre as n from tracks where genre is not null`);
  const queries = new Set<string>();
  for (const name of all) {
    const normal = normaliseName(name);
    queries.add(name);
    for (const n of [1, 2, 3]) queries.add(normal.slice(0, n));
    // one typo in the longest word: a letter dropped
    const words = normal.split(' ');
    const longest = words.reduce((a, b) => (b.length > a.length ? b : a), '');
    if (longest.length >= 5) queries.add(normal.replace(longest, longest.slice(0, 2) + longest.slice(3)));
  }
  for (const r of remixers) queries.add(`${r} remix`);
  for (const g of genres) queries.add(g);
  for (const q of ['deep house', 'tecno', 'melodic techno', 'the', 'live at', 'b2b', 'a', 'x', '2019'])
    queries.add(q);
  // every seventh of them keeps the test short; the mix of kinds stays
  return [...queries].filter((q, i) => q.trim() !== '' && i % 7 === 0);
}

describe('the search index in memory', () => {
  it('answers every query as the database does, section by section, page by page', async () => {
    const queries = await typedQueries();
    expect(queries.length).toBeGreaterThan(90);
    let found = 0;
    for (const [i, s] of queries.entries()) {
      for (const page of i % 4 === 0 ? ['', '&limit=5&offset=5'] : ['']) {
        const url = `s=${encodeURIComponent(s)}${page}`;
        const fromIndex = await search(indexed, url);
        expect(fromIndex, url).toEqual(await search(asked, url));
        found += (fromIndex.artists?.data.length ?? 0) + (fromIndex.tracks?.data.length ?? 0);
      }
    }
    expect(found).toBeGreaterThan(300);
    // and the index did answer: it is loaded for the documents' current generation
    expect(indexKeeperFor(database.db, () => {}).kept?.generation).toBe(await searchGeneration(database.db));
  }, 90_000);

  it('settles after a load whose generation no search asked for, as after the database was emptied', async () => {
    // a search that read a generation the database no longer has (its row emptied since) gets no
    // index, and the load it started is the last one: loads never start one another
    const keeper = new IndexKeeper(database.db, () => {});
    expect(await keeper.at(Number.MAX_SAFE_INTEGER)).toBeUndefined();
    expect(keeper.busy).toBe(false);
    const now = await searchGeneration(database.db);
    expect((await keeper.at(now))?.generation).toBe(now);
    expect(keeper.busy).toBe(false);
  });

  it('finds an artist added to the catalogue at once, and the index moves to the new generation', async () => {
    const before = await search(indexed, 's=Quorvane');
    expect(before.artists?.pagination.total).toBe(0);
    const id = await createArtist(indexed, { name: 'Quorvane Sillitoe' });
    await refreshCatalogue(indexed);
    const after = await search(indexed, 's=quorvane');
    expect(after.artists?.data.map((a) => a.id)).toEqual([id]);
    expect(after.artists?.data[0]?.match.rank).toBe('prefix');
    // a typo of the new name finds it too, from the new generation's words
    const typo = await search(indexed, 's=sillitoee');
    expect(typo.query.corrections).toEqual(['sillitoe']);
    expect(typo.artists?.data.map((a) => a.id)).toEqual([id]);
    expect(after).toEqual(await search(asked, 's=quorvane'));
  });
});
