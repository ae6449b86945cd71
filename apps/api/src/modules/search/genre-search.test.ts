// Searching a genre's name on a few Techno and House items, some named for their genre: besides the Genres the web shows, the Sets and Tracks
// sections list that genre's items, as word matches ranked below the items whose own name matches,
// and a typo of the genre finds them too.
import type { SearchResponse } from '@cratedig/contract/search';
import { normaliseName } from '@cratedig/contract/search-normalise';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../test/app';
import { createUserWithToken, type SignedInUser } from '../../test/auth';
import { resetDatabase } from '../../test/database';
import { createSet, createTrack, refreshCatalogue } from '../../test/factories';

let app: FastifyInstance;
let user: SignedInUser;

async function search(s: string): Promise<SearchResponse> {
  const response = await app.inject({
    method: 'GET',
    url: `/api/search?s=${encodeURIComponent(s)}&kinds=tracks,sets&limit=50`,
    headers: user.headers,
  });
  expect(response.statusCode, response.body.slice(0, 300)).toBe(200);
  return response.json() as SearchResponse;
}

const RANK_ORDER = ['exact', 'prefix', 'word', 'fuzzy'];
const words = (text: string | null | undefined) => ` ${normaliseName(text ?? '')} `;

beforeAll(async () => {
  app = await buildTestApp();
  await resetDatabase(app.database);
  // one item of each kind named for its genre, two that are only of it
  await createTrack(app, { title: 'Techno Anthem', genre: 'Techno' });
  await createTrack(app, { title: 'Steel Forge', genre: 'Techno' });
  await createTrack(app, { title: 'Iron Lung', genre: 'Techno' });
  await createTrack(app, { title: 'Warm Room', genre: 'House' });
  await createSet(app, { name: 'Techno Marathon', genre: 'Techno' });
  await createSet(app, { name: 'Night Shift', genre: 'Techno' });
  await createSet(app, { name: 'Sunday Dance', genre: 'House' });
  await refreshCatalogue(app);
  user = await createUserWithToken(app);
});

afterAll(async () => {
  await app?.close();
});

describe('searching a genre', () => {
  it('"techno" lists Techno tracks and sets whose names do not say techno, below the name matches', async () => {
    const body = await search('techno');
    const tracks = body.tracks?.data ?? [];
    const sets = body.sets?.data ?? [];
    const byGenreOnly = tracks.filter((t) => !words(`${t.title} ${t.artist}`).includes(' techno'));
    expect(byGenreOnly.length).toBeGreaterThan(0);
    for (const track of byGenreOnly) {
      expect(track.genre ?? '').toMatch(/Techno/);
      expect(track.match.rank).toBe('word');
    }
    const setsByGenre = sets.filter((s) => !words(`${s.set_name} ${s.artist}`).includes(' techno'));
    expect(setsByGenre.length).toBeGreaterThan(0);
    expect(setsByGenre.some((s) => s.genre?.includes('Techno'))).toBe(true);
    // a name match is never listed after a genre-only match
    for (const section of [tracks, sets]) {
      const ranks = section.map((item) => RANK_ORDER.indexOf(item.match.rank));
      expect(ranks).toEqual([...ranks].sort((a, b) => a - b));
    }
    expect(body.tracks?.pagination.total).toBeGreaterThan(
      tracks.filter((t) => t.match.rank !== 'word').length,
    );
  });

  it('"house" lists House sets and tracks; the typo "tecno" finds the Techno ones', async () => {
    const house = await search('house');
    expect(house.sets?.data.some((s) => s.genre?.includes('House'))).toBe(true);
    expect(house.tracks?.data.some((t) => t.genre?.includes('House'))).toBe(true);

    const typo = await search('tecno');
    expect(typo.query.corrections).toContain('techno');
    expect(typo.sets?.data.some((s) => s.genre?.includes('Techno'))).toBe(true);
    expect(typo.tracks?.data.some((t) => t.genre?.includes('Techno'))).toBe(true);
  });

  it('a set and a track added later are found by their genre once the catalogue is refreshed', async () => {
    const track = await createTrack(app, { title: 'Quillwort Parade', genre: 'Electronica' });
    const set = await createSet(app, { name: 'Quillwort Night', genre: 'Electronica' });
    await refreshCatalogue(app);
    const body = await search('quillwort electronica');
    expect(body.tracks?.data.map((t) => t.id)).toContain(track);
    expect(body.sets?.data.map((s) => s.id)).toContain(set.id);
  });
});
