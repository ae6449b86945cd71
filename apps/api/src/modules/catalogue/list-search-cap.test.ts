// A list's `search` counts its matches only up to LIST_TOTAL_CAP: past it the total is the cap and
// `total_capped` says it is a lower bound; below it the total is exact. Paging goes on past the cap.
// The short whole-list searches past the cap are found and recorded before anyone asks (kept ready).
import { encodeCursor } from '@cratedig/contract/catalogue-api';
import { LIST_TOTAL_CAP } from '@cratedig/contract/common';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/rows';
import { buildTestApp } from '../../test/app';
import { createUserWithToken, type SignedInUser } from '../../test/auth';
import { resetDatabase } from '../../test/database';
import { fillReadySearches, readySearchesKeeper } from './ready-searches';

type Page = {
  data: { id: number; title: string }[];
  pagination: { offset: number; count: number; total: number; total_capped?: boolean };
};

let app: FastifyInstance;
let listener: SignedInUser;
const MANY = LIST_TOTAL_CAP + 50;

beforeAll(async () => {
  await resetDatabase();
  app = await buildTestApp();
  listener = await createUserWithToken(app);
  await app.db.execute(sql`
    insert into tracks (title, artist, mix_name, mix_type, genre, release_date)
    select 'Glow ' || n, 'Kessa Lindqvist', '909 ωmega', 'original_mix', 'Techno', date '2020-01-01' + (n % 1000)
    from generate_series(1, ${MANY}) n`);
  await app.db.execute(sql`
    insert into tracks (title, artist, mix_type, genre, release_date)
    select 'Amber ' || n, 'Juno Hartmann', 'original_mix', 'House', date '2021-01-01' + n
    from generate_series(1, 37) n`);
  // Searches read the maintained word lists, as after an import.
  await app.db.execute(sql`select refresh_search_documents()`);
  // Ten thousand rows and their word lists take a while on the embedded database.
}, 180_000);
afterAll(async () => {
  await app?.close();
  await resetDatabase();
});

async function page(url: string): Promise<Page> {
  const response = await app.inject({ url, headers: listener.headers });
  expect(response.statusCode, response.body.slice(0, 300)).toBe(200);
  return response.json() as Page;
}

describe('a searched list’s total', () => {
  it('stops counting at the cap and says the total is at least that', async () => {
    const first = await page('/api/tracks?search=glow&limit=5');
    expect(first.pagination).toEqual({ offset: 0, count: 5, total: LIST_TOTAL_CAP, total_capped: true });
    expect(first.data.every((track) => track.title.startsWith('Glow '))).toBe(true);
  });

  it('is exact below the cap, without the flag', async () => {
    const amber = await page('/api/tracks?search=amber&limit=100');
    expect(amber.pagination).toEqual({ offset: 0, count: 37, total: 37 });
    const none = await page('/api/tracks?search=zzzqqqxxx');
    expect(none.pagination).toEqual({ offset: 0, count: 0, total: 0 });
  });

  it('keeps paging past the cap, by offset and by cursor, without overlap', async () => {
    const beyond = await page(`/api/tracks?search=glow&limit=100&offset=${LIST_TOTAL_CAP - 10}`);
    expect(beyond.pagination).toMatchObject({ count: 60, total: LIST_TOTAL_CAP, total_capped: true });
    const ordered = '&order_by=track_meta.title&order_direction=asc&limit=50';
    const a = await page(`/api/tracks?search=glow${ordered}`);
    const last = a.data.at(-1) as { id: number; title: string };
    const b = await page(`/api/tracks?search=glow${ordered}&after=${encodeCursor(last.title, last.id)}`);
    expect(b.data).toHaveLength(50);
    const ids = new Set([...a.data, ...b.data].map((track) => track.id));
    expect(ids.size).toBe(100);
  });

  it('remembers a whole-list search counted past the cap and answers it alike without counting', async () => {
    await app.db.execute(sql`delete from list_search_capped`);
    const first = await page('/api/tracks?search=GLOW&limit=5');
    const known = await app.db.execute(sql`select list, words from list_search_capped`);
    expect((known as unknown as { rows: unknown[] }).rows).toEqual([{ list: 'tracks', words: 'glow' }]);
    const again = await page('/api/tracks?search=glow&limit=5');
    expect(again).toEqual(first);
    // below the cap nothing is kept, and a genre-narrowed search is counted as before
    await page('/api/tracks?search=amber');
    const narrowed = await page('/api/tracks?search=glow&genre=House');
    expect(narrowed.pagination).toEqual({ offset: 0, count: 0, total: 0 });
    const after = await app.db.execute(sql`select count(*)::int as n from list_search_capped`);
    expect((after as unknown as { rows: { n: number }[] }).rows[0]?.n).toBe(1);
  });

  it('counts again after a full refresh of the search documents', async () => {
    await page('/api/tracks?search=glow&limit=5');
    await app.db.execute(sql`select refresh_search_documents()`);
    const left = await app.db.execute(sql`select count(*)::int as n from list_search_capped`);
    expect((left as unknown as { rows: { n: number }[] }).rows[0]?.n).toBe(0);
    const recounted = await page('/api/tracks?search=glow&limit=5');
    expect(recounted.pagination).toMatchObject({ total: LIST_TOTAL_CAP, total_capped: true });
  });
});

/** What list_search_capped holds, as `list:words`, sorted. */
async function recorded(): Promise<string[]> {
  const rows = await queryRows<{ key: string }>(
    app.db,
    sql`select list || ':' || words as key from list_search_capped`,
  );
  return rows.map((row) => row.key).sort();
}

// Past the cap on /tracks: the title word "glow", the artist's "kessa lindqvist" and the mix name's
// "909 ωmega" (a digit and a letter outside a-z), each by its first one and two letters. "techno" is
// in the tracks' search documents (their genre) but not in the text a list search matches.
const PAST_CAP = ['9', '90', 'g', 'gl', 'k', 'ke', 'l', 'li', 'ω', 'ωm'].map((p) => `tracks:${p}`).sort();

describe('short searches kept ready', () => {
  it('records exactly the one- and two-letter searches past the cap, which then answer as when counted', async () => {
    const urls = [
      `/api/tracks?search=${encodeURIComponent('ω')}&limit=5`,
      '/api/tracks?search=90&order_by=track_meta.title&order_direction=asc',
    ];
    await app.db.execute(sql`delete from list_search_capped`);
    const counted: Page[] = [];
    for (const url of urls) counted.push(await page(url));
    await app.db.execute(sql`delete from list_search_capped`);

    const run = await fillReadySearches(app.db);
    expect(run).toMatchObject({ candidates: 12, counted: 12, recorded: 10, stopped: false });
    expect(await recorded()).toEqual(PAST_CAP);
    for (const [i, url] of urls.entries()) expect(await page(url)).toEqual(counted[i]);
    expect(counted[0]?.pagination).toMatchObject({ total: LIST_TOTAL_CAP, total_capped: true });
  });

  it('counts only what is not recorded yet, and two runs at once record each search once', async () => {
    const again = await fillReadySearches(app.db);
    // "t" and "te" (techno) may be past the cap by the search documents, and are counted to be sure
    expect(again).toMatchObject({ candidates: 2, counted: 2, recorded: 0 });
    await app.db.execute(sql`delete from list_search_capped`);
    const both = await Promise.all([fillReadySearches(app.db), fillReadySearches(app.db)]);
    expect(both.every((run) => run.stopped === false)).toBe(true);
    expect(await recorded()).toEqual(PAST_CAP);
  });

  it('stops before its next count when asked to, and the next run carries on', async () => {
    await app.db.execute(sql`delete from list_search_capped`);
    expect(await fillReadySearches(app.db, { stopped: () => true })).toMatchObject({
      counted: 0,
      stopped: true,
    });
    expect(await recorded()).toEqual([]);
    const keeper = readySearchesKeeper(app.db);
    let asked = 0;
    const first = await keeper.run(() => ++asked > 3);
    expect(first).toMatchObject({ counted: 3, stopped: true });
    expect(await recorded()).toHaveLength(3);
    expect(await keeper.run()).toMatchObject({ stopped: false });
    expect(await recorded()).toEqual(PAST_CAP);
  });

  it('does nothing while the search documents stay the same, and looks again after an import', async () => {
    const keeper = readySearchesKeeper(app.db);
    expect(await keeper.run()).toMatchObject({ recorded: 0 });
    expect(await keeper.run()).toBeUndefined();
    await app.db.execute(sql`delete from list_search_capped where words = 'gl'`);
    expect(await keeper.run()).toBeUndefined();
    // an import adds a track and its search document: the generation moves on
    const [added] = await queryRows<{ id: number }>(
      app.db,
      sql`insert into tracks (title, artist, mix_type, genre, release_date)
        values ('Glimmer', 'Juno Hartmann', 'original_mix', 'House', date '2022-02-02') returning id`,
    );
    await app.db.execute(
      sql`select refresh_search_documents_for('{}', array[${added?.id}::int], '{}', '{}')`,
    );
    expect(await keeper.run()).toMatchObject({ candidates: 3, recorded: 1, stopped: false });
    expect(await recorded()).toEqual(PAST_CAP);
  });
});
