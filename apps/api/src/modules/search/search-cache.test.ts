// What the search keeps between searches (result-cache.ts) never shows a listener anything stale or
// anyone else's: the same query asked again, by the same or another listener, answers with each
// listener's own fields and today's counts, and an item added to the catalogue is found at once.
import type { SearchResponse } from '@cratedig/contract/search';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../test/app';
import { createUserWithToken, type SignedInUser } from '../../test/auth';
import { resetDatabase } from '../../test/database';
import { createArtist, createTrack, refreshCatalogue } from '../../test/factories';
import { SearchCache } from './result-cache';

let app: FastifyInstance;
let ana: SignedInUser;
let ben: SignedInUser;
let artistId: number;

beforeAll(async () => {
  app = await buildTestApp();
  artistId = await createArtist(app, { name: 'Quillon Vantablack' });
  await createTrack(app, { title: 'Vantablack Morning', artist: 'Quillon Vantablack', artistId });
  await refreshCatalogue(app);
  ana = await createUserWithToken(app);
  ben = await createUserWithToken(app);
});

afterAll(async () => {
  await app?.close();
});

async function search(user: SignedInUser, s: string): Promise<SearchResponse> {
  const response = await app.inject({
    url: `/api/search?s=${encodeURIComponent(s)}`,
    headers: user.headers,
  });
  expect(response.statusCode, response.body.slice(0, 300)).toBe(200);
  return response.json() as SearchResponse;
}

const artistIn = (body: SearchResponse) => body.artists?.data.find((a) => a.id === artistId);

describe('a query asked again', () => {
  it("shows each listener their own follow and like, and a like's count at once", async () => {
    const before = artistIn(await search(ana, 'vantablack'));
    expect(before?.user_stats).toMatchObject({ is_followed: false, show_likes: false, total_user_likes: 0 });

    const liked = await app.inject({
      method: 'PUT',
      url: `/api/stats/artist/${artistId}/likes-toggle`,
      headers: ana.headers,
    });
    expect(liked.statusCode).toBe(200);
    await app.inject({ method: 'PUT', url: `/api/stats/artist/${artistId}/follow`, headers: ana.headers });

    expect(artistIn(await search(ana, 'vantablack'))?.user_stats).toMatchObject({
      is_followed: true,
      show_likes: true,
      total_user_likes: 1,
    });
    // Ben asks the same: the count is everyone's, the follow and the like are Ana's alone.
    expect(artistIn(await search(ben, 'vantablack'))?.user_stats).toMatchObject({
      is_followed: false,
      show_likes: false,
      total_user_likes: 1,
    });
  });

  it('finds an item added to the catalogue since it was last asked, with the total grown', async () => {
    const before = await search(ben, 'vantablack');
    expect(before.tracks?.data.map((t) => t.title)).toEqual(['Vantablack Morning']);

    await createTrack(app, { title: 'Vantablack Evening', artist: 'Quillon Vantablack', artistId });
    await refreshCatalogue(app);

    const after = await search(ben, 'vantablack');
    expect(after.tracks?.data.map((t) => t.title).sort()).toEqual([
      'Vantablack Evening',
      'Vantablack Morning',
    ]);
    expect(after.tracks?.pagination.total).toBe(2);
  });

  it('shows an item changed in the catalogue at once, though its search words did not change', async () => {
    expect(artistIn(await search(ana, 'vantablack'))?.name).toBe('Quillon Vantablack');
    // a change outside the search documents (no refresh): the kept item is read again in full
    await app.db.execute(sql`update artists set name = 'Quillon Vantablack Jr' where id = ${artistId}`);
    expect(artistIn(await search(ana, 'vantablack'))?.name).toBe('Quillon Vantablack Jr');
    expect(artistIn(await search(ben, 'vantablack'))?.name).toBe('Quillon Vantablack Jr');
    await app.db.execute(sql`update artists set name = 'Quillon Vantablack' where id = ${artistId}`);
  });

  it('keeps the match and its highlight when the answer comes from what was kept', async () => {
    const first = await search(ana, 'vantablack morn');
    const again = await search(ana, 'vantablack morn');
    expect(again.tracks).toEqual(first.tracks);
    expect(again.tracks?.data[0]?.match).toEqual({
      rank: 'prefix',
      ranges: [
        [0, 10],
        [11, 15],
      ],
    });
  });
});

describe('a catalogue emptied and filled again', () => {
  it('is searched afresh, never answered from what was kept before', async () => {
    expect(artistIn(await search(ana, 'vantablack'))).toBeDefined();
    // Emptying every table (as a restore into a fresh folder, or a test reset, does) empties the
    // generation's row too; the next one written must still differ from every earlier one.
    await resetDatabase(app.database);
    const nova = await createArtist(app, { name: 'Vantablack Nova' });
    await refreshCatalogue(app);
    const carl = await createUserWithToken(app);
    expect((await search(carl, 'vantablack')).artists?.data.map((a) => a.id)).toEqual([nova]);
    // and every change after that is seen too
    const nox = await createArtist(app, { name: 'Vantablack Nox' });
    await refreshCatalogue(app);
    const ids = (await search(carl, 'vantablack')).artists?.data.map((a) => a.id);
    expect(ids?.sort()).toEqual([nova, nox].sort());
  });
});

describe('SearchCache', () => {
  const prepared = (text: string) =>
    ({ text, words: text.split(' '), corrections: new Map(), short: false, terms: {} }) as never;

  it('serves and keeps entries of the generation it works at only', () => {
    const cache = new SearchCache(10);
    const first = cache.at(1);
    first.keepSection('k', { total: 1, hits: [{ rank: 'exact', id: 7 }] });
    expect(first.section('k')?.hits).toEqual([{ rank: 'exact', id: 7 }]);
    // a request that read generation 2 (an import committed) empties it
    const second = cache.at(2);
    expect(second.section('k')).toBeUndefined();
    // a slower request still at generation 1 neither reads nor stores
    first.keepSection('k', { total: 1, hits: [] });
    expect(second.section('k')).toBeUndefined();
    first.keepQuery(prepared('old'));
    expect(second.query('old')).toBeUndefined();
  });

  it('drops the least recently used page past its size, and keeps nothing when its size is 0', () => {
    const kept = new SearchCache(2).at(1);
    for (const key of ['a', 'b']) kept.keepSection(key, { total: 0, hits: [] });
    kept.section('a');
    kept.keepSection('c', { total: 0, hits: [] });
    expect(kept.section('b')).toBeUndefined();
    expect(kept.section('a')).toBeDefined();

    const off = new SearchCache(0).at(1);
    off.keepSection('a', { total: 0, hits: [] });
    expect(off.section('a')).toBeUndefined();
  });
});
