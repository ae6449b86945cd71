// GET /api/search through app.inject() on a catalogue built for it: the sections and their paging (pages
// of one section never overlap), unique ids, the empty query, rejected input (never a 5xx) and sign-in.
import { SEARCH_KINDS, SEARCH_QUERY_MAX, type SearchResponse } from '@cratedig/contract/search';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../test/app';
import { createUserWithToken, type SignedInUser } from '../../test/auth';
import { resetDatabase } from '../../test/database';
import { createArtist, createLabel, createSet, createTrack, refreshCatalogue } from '../../test/factories';

let app: FastifyInstance;
let user: SignedInUser;
let idTrack: { id: number; title: string };

/** More than a page of 20 tracks and of sets whose names start with "a"; "the" and "ka" in every kind. */
const MANY = 25;

async function buildCatalogue(): Promise<void> {
  const kessa = await createArtist(app, { name: 'Kessa Lindqvist' });
  await createArtist(app, { name: 'The Kaleidoscope Trio' });
  const label = await createLabel(app, { name: 'The Karst Label' });
  // matches "kessa" by title word, by the artist line and by the producer credit at once
  const theme = await createTrack(app, {
    title: 'Kessa Theme',
    artist: 'Kessa Lindqvist',
    artistId: kessa,
    label,
  });
  for (let i = 1; i <= MANY; i++) {
    await createTrack(app, { title: `Aurora ${i}`, artist: 'Various Producers', label });
  }
  const title = 'Nightbloom Unreleased';
  idTrack = { id: await createTrack(app, { mixType: 'ID', title, artist: 'Kessa Lindqvist' }), title };
  await createSet(app, {
    name: 'The Kessa Marathon',
    artistId: kessa,
    tracks: [[0, 300]],
    trackIds: [theme],
    audioPath: '/media/audio/sets/kessa-marathon.mp3',
  });
  for (let i = 1; i <= MANY; i++) await createSet(app, { name: `After Hours ${i}`, audioPath: null });
  await refreshCatalogue(app);
}

const get = (query: string, headers: Record<string, string> = user.headers) =>
  app.inject({ method: 'GET', url: `/api/search?${query}`, headers });

async function search(query: string): Promise<SearchResponse> {
  const response = await get(query);
  expect(response.statusCode, response.body.slice(0, 300)).toBe(200);
  return response.json() as SearchResponse;
}

beforeAll(async () => {
  app = await buildTestApp();
  await resetDatabase(app.database);
  await buildCatalogue();
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
    expect(body.tracks?.data.length).toBeGreaterThan(0);
    // sets carry a signed audio link, as in the catalogue lists
    const set = body.sets?.data.find((s) => s.set_name === 'The Kessa Marathon');
    expect(set?.mp3_permalink).toContain('sig=');
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
    // "Kessa Theme" by Kessa Lindqvist matches by title word, artist line and credit at once
    const body = await search('s=kessa&limit=50');
    expect(body.tracks?.data.filter((t) => t.title === 'Kessa Theme')).toHaveLength(1);
    for (const kind of SEARCH_KINDS) {
      const ids = (body[kind]?.data ?? []).map((item) => item.id);
      expect(new Set(ids).size, kind).toBe(ids.length);
    }
  });

  it('IDs appear among tracks, marked by mix_type ID', async () => {
    const id = idTrack;
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
