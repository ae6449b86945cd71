// The four discover lists on a catalogue of five sets, five released tracks (and an ID), five artists
// and three labels, whose values give every sort field ties, nulls and an order of its own: each
// sort in both directions (nulls last, ties on id), the default page, the genre filters, and the
// tracks list leaving IDs out. The tables below are the catalogue; the expected orders follow from them.
import { DEFAULT_SORTS, type Genre, SORTS } from '@cratedig/contract/constants';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../test/app';
import { type CrowdUser, crowd } from '../../test/crowd';
import { resetDatabase } from '../../test/database';
import {
  createArtist,
  createLabel,
  createSet,
  createTrack,
  refreshCatalogue,
  sponsorSet,
} from '../../test/factories';
import { type ListPage, listPage, shownNames } from '../../test/list-pages';

type Value = string | number | null;
type Row = { name: string } & Record<string, Value>;

const LABELS = ['Atlas', 'Lumen', 'Quartz'];
const ARTISTS = ['Mira', 'Kato', 'Zane', 'Bela', 'Oryx'];

/** Keyed by the list's sort field (set_meta.<key>); `name` is the set's name. */
const SETS: Row[] = [
  { name: 'Aurora', artist: 'Mira', curator: 'Lumen', genre: 'Techno', release_date: '2024-03-01' },
  { name: 'Birch', artist: 'Kato', curator: null, genre: 'House', release_date: '2024-01-10' },
  { name: 'Cinder', artist: 'Zane', curator: 'Atlas', genre: 'Techno', release_date: '2024-06-20' },
  { name: 'Dune', artist: 'Bela', curator: null, genre: 'Trance', release_date: '2024-01-10' },
  { name: 'Ember', artist: 'Kato', curator: 'Atlas', genre: 'House', release_date: '2024-08-15' },
];
/** `name` is the title; `artist` is also the credited producer, except for Kite (nobody credited). */
const TRACKS: Row[] = [
  { name: 'Glow', artist: 'Mira', label_name: 'Atlas', genre: 'Techno', release_date: '2023-05-01' },
  { name: 'Haze', artist: 'Kato', label_name: 'Lumen', genre: 'House', release_date: '2024-02-01' },
  { name: 'Iris', artist: 'Kato', label_name: 'Atlas', genre: 'Deep House', release_date: '2022-11-11' },
  { name: 'Jade', artist: 'Bela', label_name: null, genre: 'Trance', release_date: '2024-02-01' },
  { name: 'Kite', artist: 'Unknown', label_name: null, genre: null, release_date: null },
];
/** Which tracks each set plays; Birch also plays Kato's unreleased ID. */
const PLAYS: Record<string, string[]> = {
  Aurora: ['Glow', 'Haze'],
  Birch: ['Haze'],
  Cinder: ['Iris'],
  Dune: ['Jade'],
  Ember: ['Glow', 'Iris'],
};
/** What the catalogue above makes of each artist and label (maintained counts and dates). */
const ARTIST_STATS: Row[] = [
  {
    name: 'Mira',
    set_count: 1,
    latest_set_date: '2024-03-01',
    track_count: 1,
    latest_track_date: '2023-05-01',
  },
  {
    name: 'Kato',
    set_count: 2,
    latest_set_date: '2024-08-15',
    track_count: 2,
    latest_track_date: '2024-02-01',
  },
  { name: 'Zane', set_count: 1, latest_set_date: '2024-06-20', track_count: 0, latest_track_date: null },
  {
    name: 'Bela',
    set_count: 1,
    latest_set_date: '2024-01-10',
    track_count: 1,
    latest_track_date: '2024-02-01',
  },
  { name: 'Oryx', set_count: 0, latest_set_date: null, track_count: 0, latest_track_date: null },
];
const LABEL_STATS: Row[] = [
  // Atlas: Glow and Iris, played in Aurora, Cinder and Ember, and curating Cinder and Ember.
  {
    name: 'Atlas',
    set_count: 3,
    latest_set_date: '2024-08-15',
    track_count: 2,
    latest_track_date: '2023-05-01',
    artist_count: 2,
  },
  {
    name: 'Lumen',
    set_count: 2,
    latest_set_date: '2024-03-01',
    track_count: 1,
    latest_track_date: '2024-02-01',
    artist_count: 1,
  },
  {
    name: 'Quartz',
    set_count: 0,
    latest_set_date: null,
    track_count: 0,
    latest_track_date: null,
    artist_count: 0,
  },
];

let app: FastifyInstance;
let listener: CrowdUser;

async function buildCatalogue(): Promise<void> {
  const labelIds = new Map<string, number>();
  for (const name of LABELS) labelIds.set(name, await createLabel(app, { name }));
  const artistIds = new Map<string, number>();
  for (const name of ARTISTS) artistIds.set(name, await createArtist(app, { name }));
  const trackIds = new Map<string, number>();
  for (const t of TRACKS) {
    const label = t.label_name === null ? undefined : labelIds.get(t.label_name as string);
    const id = await createTrack(app, {
      title: t.name,
      artist: t.artist as string,
      ...(artistIds.has(t.artist as string) ? { artistId: artistIds.get(t.artist as string) } : {}),
      ...(label === undefined ? {} : { label }),
      genre: t.genre as Genre | null,
      releaseDate: t.release_date as string | null,
    });
    trackIds.set(t.name, id);
  }
  const lost = await createTrack(app, {
    title: 'Lost',
    artist: 'Kato',
    mixType: 'ID',
    artistId: artistIds.get('Kato'),
  });
  for (const s of SETS) {
    const played = (PLAYS[s.name] ?? []).map((title) => trackIds.get(title) as number);
    if (s.name === 'Birch') played.push(lost);
    const set = await createSet(app, {
      name: s.name,
      performer: s.artist as string,
      artistId: artistIds.get(s.artist as string),
      genre: s.genre as Genre,
      releaseDate: s.release_date as string,
      tracks: played.map((_, i): [number, number] => [i * 300, (i + 1) * 300]),
      trackIds: played,
    });
    if (s.curator !== null) await sponsorSet(app, set.id, labelIds.get(s.curator as string) as number);
  }
  await refreshCatalogue(app);
}

beforeAll(async () => {
  app = await buildTestApp();
  // This file counts whole lists, so it starts from an empty catalogue.
  await resetDatabase(app.database);
  await buildCatalogue();
  [listener] = (await crowd(app, 1)) as [CrowdUser];
});
afterAll(async () => {
  await app?.close();
});

const page = (url: string): Promise<ListPage> => listPage(app, url, listener.headers);

/** The rows' names in `key` order: nulls last, ties in table (id) order; desc reverses both parts. */
function ordered(rows: Row[], key: string, direction: 'asc' | 'desc'): string[] {
  const present = rows.filter((row) => row[key] !== null);
  const absent = rows.filter((row) => row[key] === null);
  const asc = present
    .map((row, index) => ({ row, index }))
    .sort((a, b) => {
      const [x, y] = [a.row[key] as string | number, b.row[key] as string | number];
      return x < y ? -1 : x > y ? 1 : a.index - b.index;
    })
    .map(({ row }) => row.name);
  const nulls = absent.map((row) => row.name);
  return direction === 'asc' ? [...asc, ...nulls] : [...asc.reverse(), ...nulls.reverse()];
}

const LISTS = [
  { path: 'sets', sorts: SORTS.sets, rows: SETS },
  { path: 'tracks', sorts: SORTS.tracks, rows: TRACKS },
  { path: 'artists', sorts: SORTS.artists, rows: ARTIST_STATS },
  { path: 'labels', sorts: SORTS.labels, rows: LABEL_STATS },
] as const;

describe('discover lists', () => {
  it('the catalogue gives artists and labels the counts and dates the lists sort by', async () => {
    const keys = (row: Row) => Object.keys(row).filter((key) => key !== 'name');
    for (const [path, expected] of [
      ['artists', ARTIST_STATS],
      ['labels', LABEL_STATS],
    ] as const) {
      const sort = path === 'artists' ? SORTS.artists.name : SORTS.labels.name;
      const body = await page(`/api/${path}?order_by=${sort}&order_direction=asc`);
      const got = body.data.map((item) =>
        Object.fromEntries([['name', item.name], ...keys(expected[0] as Row).map((k) => [k, item[k]])]),
      );
      expect(got).toEqual(ordered(expected, 'name', 'asc').map((n) => expected.find((r) => r.name === n)));
    }
  });

  for (const list of LISTS) {
    it(`GET /api/${list.path} answers its default sort with the exact total`, async () => {
      const body = await page(`/api/${list.path}`);
      const { order_by, order_direction } = DEFAULT_SORTS[list.path];
      const key = order_by.split('.')[1] as string;
      expect(shownNames(body)).toEqual(ordered(list.rows, key, order_direction));
      expect(body.pagination).toEqual({ offset: 0, count: list.rows.length, total: list.rows.length });
    });

    for (const field of Object.values(list.sorts) as string[]) {
      const key = field.split('.')[1] as string;
      for (const direction of ['asc', 'desc'] as const) {
        it(`GET /api/${list.path} order_by=${field} ${direction}: nulls last, ties by id`, async () => {
          const body = await page(`/api/${list.path}?order_by=${field}&order_direction=${direction}`);
          expect(shownNames(body)).toEqual(ordered(list.rows, key, direction));
        });
      }
    }
  }

  it('the tracks list shows released tracks only (IDs have their own lists)', async () => {
    const body = await page('/api/tracks?order_by=track_meta.title&order_direction=asc');
    expect(shownNames(body)).toEqual(['Glow', 'Haze', 'Iris', 'Jade', 'Kite']);
    expect(body.data.every((track) => track.mix_type !== 'ID')).toBe(true);
  });

  it('filters by genre: a set’s genre, a track’s genre, any of an artist’s or label’s genres', async () => {
    const names = async (url: string) => {
      const body = await page(url);
      expect(body.pagination.total).toBe(body.data.length);
      return shownNames(body);
    };
    const asc = (sort: string) => `order_by=${sort}&order_direction=asc`;
    expect(await names(`/api/sets?genre=Techno&${asc(SORTS.sets.title)}`)).toEqual(['Aurora', 'Cinder']);
    // 'House' is not 'Deep House'
    expect(await names(`/api/tracks?genre=House&${asc(SORTS.tracks.title)}`)).toEqual(['Haze']);
    expect(await names(`/api/artists?genre=Deep%20House&${asc(SORTS.artists.name)}`)).toEqual(['Kato']);
    expect(await names(`/api/artists?genre=Techno&${asc(SORTS.artists.name)}`)).toEqual(['Mira']);
    expect(await names(`/api/labels?genre=Deep%20House&${asc(SORTS.labels.name)}`)).toEqual(['Atlas']);
    expect(await names(`/api/labels?genre=House&${asc(SORTS.labels.name)}`)).toEqual(['Lumen']);
    expect(await names('/api/labels?genre=Trance')).toEqual([]);
  });
});
