// The home page's featured lists: the editorial rows in their own order (not the items' ids), a
// featured festival or venue left out when no set was recorded there and otherwise leading to exactly
// its sets, and "most liked recently" when a kind has no editorial rows.
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { featured, sets } from '../../db/schema';
import { buildTestApp } from '../../test/app';
import { type CrowdUser, crowd } from '../../test/crowd';
import { resetDatabase } from '../../test/database';
import {
  createArtist,
  createFestival,
  createLabel,
  createSet,
  createTrack,
  createVenue,
  refreshCatalogue,
} from '../../test/factories';
import { type ListPage, listPage, shownNames } from '../../test/list-pages';

type Kind = 'sets' | 'tracks' | 'artists' | 'labels' | 'festivals' | 'venues';

let app: FastifyInstance;
let listener: CrowdUser;
const ids = new Map<string, number>();
/** Each kind's editorial rows by name, in position order. */
const EDITORIAL: Record<Kind, string[]> = {
  sets: ['Meadow', 'Harbor Lights'],
  tracks: ['Gamma', 'Alpha'],
  artists: ['Dock Duo', 'Harbor Crew'],
  labels: ['Zenith', 'Anchor'],
  festivals: ['Empty Fest', 'Meadow Days', 'Solstice Fest'],
  venues: ['Empty Club', 'Tresor Hall'],
};

beforeAll(async () => {
  app = await buildTestApp();
  // The fallback ranks the whole catalogue, so this file starts from an empty one.
  await resetDatabase(app.database);
  const id = (name: string) => ids.get(name) as number;
  for (const name of ['Anchor', 'Zenith']) ids.set(name, await createLabel(app, { name }));
  for (const name of ['Solstice Fest', 'Meadow Days', 'Empty Fest'])
    ids.set(name, await createFestival(app, name));
  for (const name of ['Tresor Hall', 'Empty Club']) ids.set(name, await createVenue(app, name));
  for (const [title, label] of [
    ['Alpha', 'Anchor'],
    ['Beta', 'Zenith'],
    ['Gamma', 'Zenith'],
  ] as const) {
    ids.set(title, await createTrack(app, { title, credited: true, label: id(label) }));
  }
  for (const name of ['Harbor Crew', 'Dock Duo', 'Meadow Band', 'Quiet One'])
    ids.set(name, await createArtist(app, { name }));
  const SETS = [
    [
      'Harbor Lights',
      'Harbor Crew',
      '2024-05-01',
      { festivalId: id('Solstice Fest'), venueId: id('Tresor Hall') },
    ],
    ['Dockside', 'Dock Duo', '2024-04-01', { venueId: id('Tresor Hall') }],
    ['Meadow', 'Meadow Band', '2024-03-01', { festivalId: id('Meadow Days') }],
    ['Quiet Room', 'Quiet One', '2024-06-01', {}],
  ] as const;
  for (const [name, performer, releaseDate, place] of SETS) {
    const set = await createSet(app, { name, performer, artistId: id(performer), releaseDate, ...place });
    ids.set(name, set.id);
  }
  for (const [kind, names] of Object.entries(EDITORIAL))
    await app.db
      .insert(featured)
      .values(names.map((name, i) => ({ kind: kind as Kind, itemId: id(name), position: i + 1 })));
  await refreshCatalogue(app);
  [listener] = (await crowd(app, 1)) as [CrowdUser];
});
afterAll(async () => {
  await app?.close();
});

const page = (url: string): Promise<ListPage> => listPage(app, url, listener.headers);

describe('featured lists', () => {
  for (const kind of Object.keys(EDITORIAL) as Kind[]) {
    it(`GET /api/featured/${kind} answers the editorial rows in their order`, async () => {
      // A featured place opens the list of its sets, so one where no set was recorded is left out.
      const expected = EDITORIAL[kind].filter((name) => !name.startsWith('Empty'));
      expect(shownNames(await page(`/api/featured/${kind}`))).toEqual(expected);
    });
  }

  for (const [kind, param] of [
    ['festivals', 'festival_id'],
    ['venues', 'venue_id'],
  ] as const) {
    it(`a featured ${kind.slice(0, -1)} leads to exactly its sets (GET /api/sets?${param}=)`, async () => {
      const expected: Record<string, string[]> = {
        'Meadow Days': ['Meadow'],
        'Solstice Fest': ['Harbor Lights'],
        'Tresor Hall': ['Dockside', 'Harbor Lights'],
      };
      for (const place of shownNames(await page(`/api/featured/${kind}`))) {
        const body = await page(
          `/api/sets?${param}=${ids.get(place)}&order_by=set_meta.set_name&order_direction=asc`,
        );
        expect(shownNames(body), place).toEqual(expected[place]);
        expect(body.pagination.total).toBe(body.data.length);
      }
    });
  }

  it('falls back to "most liked recently" when a kind has no editorial rows', async () => {
    await app.db.delete(featured).where(eq(featured.kind, 'sets'));
    try {
      for (const [name, likes] of [
        ['Meadow', 9],
        ['Quiet Room', 5],
        ['Dockside', 5],
      ] as const)
        await app.db
          .update(sets)
          .set({ likes })
          .where(eq(sets.id, ids.get(name) as number));
      // most likes first; equal likes, the newer set first
      expect(shownNames(await page('/api/featured/sets'))).toEqual([
        'Meadow',
        'Quiet Room',
        'Dockside',
        'Harbor Lights',
      ]);
    } finally {
      await app.db.insert(featured).values(
        EDITORIAL.sets.map((name, i) => ({
          kind: 'sets' as const,
          itemId: ids.get(name) as number,
          position: i + 1,
        })),
      );
    }
  });
});
