// Paging and searching the discover lists: the default page of 20 with the exact total, offsets that
// never overlap or skip, the keyset cursor walking through ties and into the nulls, and the list
// search (names, titles and the display artist; accents, case and punctuation left out; word starts
// only) keeping its order and cursor. Twenty-three sets on five dates and three genres give the ties.
import { encodeCursor } from '@cratedig/contract/catalogue-api';
import type { Genre } from '@cratedig/contract/constants';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../test/app';
import { type CrowdUser, crowd } from '../../test/crowd';
import { resetDatabase } from '../../test/database';
import { createArtist, createSet, createTrack, refreshCatalogue, several } from '../../test/factories';
import { type ListItem, type ListPage, listPage, shownNames } from '../../test/list-pages';

const NIGHTS = 23;
const GENRES: Genre[] = ['House', 'Techno', 'Trance'];
const DATES = ['2024-01-05', '2024-02-05', '2024-03-05', '2024-04-05', '2024-05-05'];
/** Titles a search for "the" finds (a word starting "the"), in title order… */
const WITH_THE = [
  'Into the Cold',
  'The Arc',
  'The Bend',
  'The Drift',
  'The Glass',
  'Theory of Echoes',
  'Under the Fog',
];
/** …and titles holding "the" only inside a word. */
const WITHOUT_THE = ['Athens Haze', 'Other Ice'];

let app: FastifyInstance;
let listener: CrowdUser;

beforeAll(async () => {
  app = await buildTestApp();
  // The paging walks count whole lists, so this file starts from an empty catalogue.
  await resetDatabase(app.database);
  for (let i = 0; i < NIGHTS; i++) {
    await createSet(app, {
      name: `Night ${i + 1}`,
      genre: GENRES[i % GENRES.length] as Genre,
      releaseDate: DATES[i % DATES.length] as string,
    });
  }
  await createSet(app, { name: 'Sunrise Sessions', performer: 'Aurelio Vance', releaseDate: '2023-06-01' });
  // artists with no set: their latest set date is null, so they close the artists list
  await several(3, () => createArtist(app));
  for (const name of ['Mika Ylönen', 'Théo Marchetti']) await createArtist(app, { name });
  for (const title of [...WITH_THE, ...WITHOUT_THE].sort().reverse()) await createTrack(app, { title });
  await createTrack(app, { title: 'Northern Lights', artist: 'Mika Ylönen feat. Ilo' });
  await refreshCatalogue(app);
  [listener] = (await crowd(app, 1)) as [CrowdUser];
});
afterAll(async () => {
  await app?.close();
});

const page = (url: string): Promise<ListPage> => listPage(app, url, listener.headers);

describe('paging the discover lists', () => {
  it('answers a page of 20 by default, with the exact total', async () => {
    const body = await page('/api/sets');
    expect(body.pagination).toEqual({ offset: 0, count: 20, total: NIGHTS + 1 });
    expect(body.data).toHaveLength(20);
  });

  it('pages by offset never overlap or skip, even across ties, and keep the total', async () => {
    const seen: number[] = [];
    for (let offset = 0; offset < NIGHTS + 1; offset += 7) {
      const body = await page(
        `/api/sets?order_by=set_meta.genre&order_direction=asc&limit=7&offset=${offset}`,
      );
      expect(body.pagination).toMatchObject({ offset, total: NIGHTS + 1 });
      seen.push(...body.data.map((set) => set.id));
    }
    expect(seen).toHaveLength(NIGHTS + 1);
    expect(new Set(seen).size).toBe(NIGHTS + 1);
  });

  it('the keyset cursor continues exactly where the previous page ended, through ties and nulls', async () => {
    const sort = 'order_by=artist_meta.latest_set_date&order_direction=desc';
    const all = await page(`/api/artists?${sort}&limit=100`);
    // 24 performers on 6 dates, then 5 artists with no set at all
    expect(all.data.filter((a) => a.latest_set_date === null)).toHaveLength(5);
    const walked: number[] = [];
    let after = '';
    for (;;) {
      const body = await page(`/api/artists?${sort}&limit=5${after}`);
      walked.push(...body.data.map((a) => a.id));
      const last = body.data.at(-1) as ListItem | undefined;
      if (!last || body.data.length < 5) break;
      after = `&after=${encodeCursor(last.latest_set_date as string | null, last.id)}`;
    }
    expect(walked).toEqual(all.data.map((a) => a.id));
  });
});

describe('searching a discover list', () => {
  it('finds a set by its name or by its artist line, with a counted total', async () => {
    for (const search of ['sunrise', 'Aurelio Vance', 'vance sessions']) {
      const body = await page(`/api/sets?search=${encodeURIComponent(search)}`);
      expect(shownNames(body), search).toEqual(['Sunrise Sessions']);
      expect(body.pagination.total).toBe(1);
    }
    expect(await page('/api/tracks?search=zzzqqqxxx')).toEqual({
      data: [],
      pagination: { offset: 0, count: 0, total: 0 },
    });
  });

  it('matches as the search box does: accents, case and punctuation left out, word starts only', async () => {
    expect(shownNames(await page('/api/artists?search=mika%20ylonen'))).toEqual(['Mika Ylönen']);
    expect(shownNames(await page(`/api/artists?search=${encodeURIComponent('THEO, march')}`))).toEqual([
      'Théo Marchetti',
    ]);
    // a query word must start a word of the name, not sit inside one
    expect(shownNames(await page('/api/artists?search=archetti'))).toEqual([]);
    // a track by its display artist, written without the accent
    expect(shownNames(await page('/api/tracks?search=ylonen'))).toEqual(['Northern Lights']);
  });

  it('keeps the alphabetical order and the `after` cursor on a searched list, counting every match', async () => {
    const sort = 'search=the&order_by=track_meta.title&order_direction=asc';
    const all = await page(`/api/tracks?${sort}&limit=100`);
    expect(shownNames(all)).toEqual(WITH_THE);
    const first = await page(`/api/tracks?${sort}&limit=3`);
    expect(shownNames(first)).toEqual(WITH_THE.slice(0, 3));
    expect(first.pagination).toEqual({ offset: 0, count: 3, total: WITH_THE.length });
    const last = first.data.at(-1) as ListItem;
    const next = await page(
      `/api/tracks?${sort}&limit=3&after=${encodeCursor(last.title as string, last.id)}`,
    );
    expect(shownNames(next)).toEqual(WITH_THE.slice(3, 6));
  });
});
