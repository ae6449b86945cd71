// GET /api/search through app.inject() on the demo catalogue: the sections and their paging (pages of
// one section never overlap), unique ids, the empty query, rejected input (never a 5xx) and sign-in.
import { SEARCH_KINDS, SEARCH_QUERY_MAX, type SearchResponse } from '@cratedig/contract/search';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client';
import { seedDemo } from '../../db/seed/demo';
import { buildTestApp, makeTempDir } from '../../test/app';
import { createUserWithToken, type SignedInUser } from '../../test/auth';
import { getTestDatabase, resetDatabase } from '../../test/database';

let app: FastifyInstance;
let database: Database;
let user: SignedInUser;

const get = (query: string, headers: Record<string, string> = user.headers) =>
  app.inject({ method: 'GET', url: `/api/search?${query}`, headers });

async function search(query: string): Promise<SearchResponse> {
  const response = await get(query);
  expect(response.statusCode, response.body.slice(0, 300)).toBe(200);
  return response.json() as SearchResponse;
}

beforeAll(async () => {
  database = await getTestDatabase();
  await resetDatabase();
  await seedDemo(database, { mediaDir: makeTempDir(), media: false });
  app = await buildTestApp();
  user = await createUserWithToken(app);
});

afterAll(async () => {
  await app?.close();
});

describe('GET /api/search', () => {
  it('answers the four sections by default, each a page with its own pagination and the match', async () => {
    const body = await search('s=the');
    expect(body.query).toEqual({ s: 'the', words: ['the'], corrections: [] });
    for (const kind of SEARCH_KINDS) {
      const section = body[kind];
      expect(section, kind).toBeDefined();
      expect(section?.pagination.offset).toBe(0);
      expect(section?.pagination.count).toBe(section?.data.length);
      for (const item of section?.data ?? []) expect(item.match.rank).toMatch(/exact|prefix|word|fuzzy/);
    }
    // sets carry a signed audio link, as in the catalogue lists
    const set = body.sets?.data.find((s) => s.mp3_permalink !== null);
    if (set) expect(set.mp3_permalink).toContain('sig=');
  });

  it('kinds answers only the sections asked for; limit=2 is the suggestion panel', async () => {
    const body = await search('s=ka&kinds=tracks,artists&limit=2');
    expect(Object.keys(body).sort()).toEqual(['artists', 'query', 'tracks']);
    expect(body.artists?.data.length).toBeLessThanOrEqual(2);
    expect(body.tracks?.data.length).toBeLessThanOrEqual(2);
  });

  it('Load more on one section: pages never overlap, ids are unique and the total holds', async () => {
    for (const kind of ['tracks', 'sets'] as const) {
      const first = await search(`s=a&kinds=${kind}&limit=20`);
      const total = first[kind]?.pagination.total ?? 0;
      expect(total).toBeGreaterThan(20);
      const seen: number[] = [];
      for (let offset = 0; offset < Math.min(total, 120); offset += 20) {
        const page = await search(`s=a&kinds=${kind}&limit=20&offset=${offset}`);
        expect(page[kind]?.pagination).toMatchObject({ offset, total });
        seen.push(...(page[kind]?.data ?? []).map((item) => item.id));
      }
      expect(new Set(seen).size).toBe(seen.length);
      expect(seen.length).toBe(Math.min(total, 120));
      // a page of 50 (several pages at once) is the same items in the same order
      const once = await search(`s=a&kinds=${kind}&limit=50`);
      expect(once[kind]?.data.map((item) => item.id)).toEqual(seen.slice(0, 50));
    }
  });

  it('an item matching in several ways appears once', async () => {
    // "Kessa Lindqvist" matches tracks by title words, artist and credits at once
    const body = await search('s=kessa&limit=50');
    for (const kind of SEARCH_KINDS) {
      const ids = (body[kind]?.data ?? []).map((item) => item.id);
      expect(new Set(ids).size, kind).toBe(ids.length);
    }
  });

  it('IDs appear among tracks, marked by mix_type ID', async () => {
    const [id] = (
      (await database.db.execute(
        sql`select id, title from tracks where mix_type = 'ID' order by id limit 1`,
      )) as unknown as { rows: { id: number; title: string }[] }
    ).rows;
    if (!id) throw new Error('the demo has no ID');
    const body = await search(`s=${encodeURIComponent(id.title)}&kinds=tracks&limit=50`);
    expect(body.tracks?.data.find((t) => t.id === id.id)?.mix_type).toBe('ID');
  });

  it('an empty query (or one of only punctuation or joins) answers empty sections', async () => {
    for (const s of ['', '   ', '&', 'feat.', '…']) {
      const body = await search(`s=${encodeURIComponent(s)}`);
      for (const kind of SEARCH_KINDS) {
        expect(body[kind]).toEqual({ data: [], pagination: { offset: 0, count: 0, total: 0 } });
      }
    }
  });

  it('bad input answers 422 in the error shape under errors.query, never a 5xx', async () => {
    const bad = [
      `s=${'a'.repeat(SEARCH_QUERY_MAX + 1)}`,
      `s=${encodeURIComponent('kessa\u0000')}`,
      `s=${encodeURIComponent('kessa\nlindqvist')}`,
      's=a&limit=0',
      's=a&limit=51',
      's=a&limit=x',
      's=a&offset=-1',
      's=a&offset=1001',
      's=a&kinds=songs',
      's=a&kinds=',
      '',
    ];
    for (const query of bad) {
      const response = await get(query);
      expect(response.statusCode, query).toBe(422);
      const error = response.json() as { code: number; errors?: { query?: object } };
      expect(error.code).toBe(422);
      expect(error.errors?.query, query).toBeDefined();
    }
    // odd but valid text never breaks the SQL
    for (const s of ["%_\\'", 'a%', '100%', "o'neil", 'ünïcödé', '東京', '🎧 set']) {
      expect((await get(`s=${encodeURIComponent(s)}`)).statusCode, s).toBe(200);
    }
  });

  it('needs a signed-in user', async () => {
    const response = await get('s=kessa', {});
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ code: 401 });
  });
});
