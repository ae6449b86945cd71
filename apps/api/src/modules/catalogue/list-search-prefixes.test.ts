// A list's short search (words of 1-3 letters, matched through the items' word prefixes) answers
// exactly what the plain rule gives: the items one of whose normalised words starts with each query
// word, in the list's own order, with the same total. Checked for every one- and two-letter prefix a
// catalogue written with the demo's names holds, on every searchable list and each of its sorts; and a
// new track is found at once, before any refresh of the search documents.
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/rows';
import { buildTestApp } from '../../test/app';
import { createUserWithToken, type SignedInUser } from '../../test/auth';
import { resetDatabase } from '../../test/database';
import { createTrack } from '../../test/factories';
import { createNamedCatalogue } from '../../test/named-catalogue';

type Page = { data: { id: number }[]; pagination: { total: number; total_capped?: boolean } };
type ListName = 'tracks' | 'sets' | 'artists' | 'labels';

/** Each list's row text, kind filter and sorts, written out plainly (not taken from list-spec.ts). */
const LISTS: Record<ListName, { text: string; where: string; sorts: [string, string][] }> = {
  tracks: {
    text: `x.title || ' ' || x.artist || ' ' || coalesce(x.mix_name, '') || ' ' || coalesce(x.label_name, '')`,
    where: `x.mix_type <> 'ID'`,
    sorts: [
      ['track_meta.release_date', 'x.release_date'],
      ['track_meta.title', 'x.title'],
      ['track_meta.artist', 'x.artist'],
      ['track_meta.genre', 'x.genre'],
      ['track_meta.label_name', 'x.label_name'],
    ],
  },
  sets: {
    text: `x.set_name || ' ' || x.artist || ' ' || coalesce(x.curator, '')`,
    where: 'true',
    sorts: [
      ['set_meta.release_date', 'x.release_date'],
      ['set_meta.set_name', 'x.set_name'],
      ['set_meta.artist', 'x.artist'],
      ['set_meta.curator', 'x.curator'],
    ],
  },
  artists: {
    text: 'x.name',
    where: 'true',
    sorts: [
      ['artist_meta.set_count', 'x.set_count'],
      ['artist_meta.name', 'x.name'],
      ['artist_meta.latest_set_date', 'x.latest_set_date'],
    ],
  },
  labels: {
    text: 'x.name',
    where: 'true',
    sorts: [
      ['label_meta.set_count', 'x.set_count'],
      ['label_meta.name', 'x.name'],
      ['label_meta.track_count', 'x.track_count'],
    ],
  },
};

let app: FastifyInstance;
let listener: SignedInUser;

beforeAll(async () => {
  app = await buildTestApp();
  // every prefix of a realistic spread of names (the demo's), which this file enumerates whole
  await resetDatabase(app.database);
  await createNamedCatalogue(app);
  listener = await createUserWithToken(app);
}, 120_000);
afterAll(async () => {
  await app?.close();
  await resetDatabase();
});

async function rows<T>(statement: ReturnType<typeof sql>): Promise<T[]> {
  return queryRows<T>(app.db, statement);
}

async function page(url: string): Promise<Page> {
  const response = await app.inject({ url, headers: listener.headers });
  expect(response.statusCode, response.body.slice(0, 300)).toBe(200);
  return response.json() as Page;
}

/** Every one- and two-letter start of a word of the list's rows (as the search box normalises it). */
async function prefixes(list: ListName): Promise<string[]> {
  const { text, where } = LISTS[list];
  const found = await rows<{ p: string }>(
    sql.raw(`select distinct left(w, n) as p from ${list} x, unnest(cd_name_words(${text})) w,
      generate_series(1, 2) n where ${where} and w <> '' order by 1`),
  );
  return found.map((row) => row.p);
}

/** The plain rule: one of the row's normalised words starts with the prefix; the list's order. */
async function expected(list: ListName, prefix: string, column: string, dir: 'asc' | 'desc') {
  const { text, where } = LISTS[list];
  const match = sql`${sql.raw(`x.${where === 'true' ? 'id is not null' : where.slice(2)}`)}
    and exists (select 1 from unnest(cd_name_words(${sql.raw(text)})) w where starts_with(w, ${prefix}))`;
  const order = sql.raw(`${column} ${dir} nulls last, x.id ${dir}`);
  const ids = await rows<{ id: number }>(
    sql`select x.id from ${sql.raw(list)} x where ${match} order by ${order} limit 20`,
  );
  const [count] = await rows<{ n: number }>(
    sql`select count(*)::int as n from ${sql.raw(list)} x where ${match}`,
  );
  return { ids: ids.map((row) => row.id), total: count?.n ?? 0 };
}

describe('a list’s one- and two-letter search', () => {
  for (const list of Object.keys(LISTS) as ListName[]) {
    it(`finds on ${list} what the plain word rule finds, in the list’s order`, async () => {
      const all = await prefixes(list);
      expect(all.length).toBeGreaterThan(20);
      // a few that start no word of the catalogue, and accents/case folded like names
      const inputs = [...all, 'qx', 'zz', 'Ä', 'M'];
      const { sorts } = LISTS[list];
      let checked = 0;
      for (const [i, input] of inputs.entries()) {
        const [orderBy, column] = sorts[i % sorts.length] as [string, string];
        const dir = i % 2 === 0 ? 'asc' : 'desc';
        const [normalised] = await rows<{ p: string }>(sql`select cd_normalise_name(${input}) as p`);
        // a join word alone ('x') is no query: it matches nothing
        const prefix = normalised?.p ?? '';
        const want = prefix === '' ? { ids: [], total: 0 } : await expected(list, prefix, column, dir);
        const got = await page(
          `/api/${list}?search=${encodeURIComponent(input)}&order_by=${orderBy}&order_direction=${dir}&limit=20`,
        );
        expect({ input, ids: got.data.map((item) => item.id), total: got.pagination.total }).toEqual({
          input,
          ids: want.ids,
          total: want.total,
        });
        checked += want.total > 0 ? 1 : 0;
      }
      expect(checked).toBeGreaterThan(20);
    }, 120_000);
  }
});

describe('a new track', () => {
  it('is found by its first letters at once, before the search documents are refreshed', async () => {
    const id = await createTrack(app, { title: 'Qzorbital Drift', artist: 'Xyvane Okto' });
    for (const search of ['qz', 'q', 'xy o', 'Qzo dri']) {
      const found = await page(`/api/tracks?search=${encodeURIComponent(search)}&limit=100`);
      expect(
        found.data.map((track) => track.id),
        search,
      ).toContain(id);
    }
  });
});
