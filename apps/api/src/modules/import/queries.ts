// The import's SQL: what the catalogue already has (read through the catalogue read layer,
// db/read-models/catalogue-lookups.ts, and keyed here) and adding new rows. An import only adds;
// existing rows are reused as they are. The import is the catalogue's writer (docs/import.md), so its
// inserts name the catalogue's tables.
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import * as lookups from '../../db/read-models/catalogue-lookups';
import { type ExistingTrack, intArray, type NamedKind } from '../../db/read-models/catalogue-lookups';
import { queryRows } from '../../db/rows';
import { normaliseName, normaliseTitle } from './normalise';

export { type ExistingTrack, intArray, type NamedKind } from '../../db/read-models/catalogue-lookups';

/**
 * The catalogue's items of one kind whose normalised name equals one of `names`' keys, keyed by that
 * key (lowest id first).
 */
export async function findByNames(db: Db, kind: NamedKind, names: string[]): Promise<Map<string, number>> {
  const index = new Map<string, number>();
  const keys = [...new Set(names.map(normaliseName))].filter((k) => k !== '');
  if (keys.length === 0) return index;
  for (const row of await lookups.itemsNamed(db, kind, keys)) {
    if (!index.has(row.key)) index.set(row.key, row.id);
  }
  return index;
}

/** Existing sets recorded on one of `dates`, keyed `normalised name|date`. */
export async function findSetsByDates(db: Db, dates: string[]): Promise<Map<string, number>> {
  const found = new Map<string, number>();
  if (dates.length === 0) return found;
  for (const row of await lookups.setsRecordedOn(db, dates)) {
    const key = setKey(row.set_name, row.release_date);
    if (!found.has(key)) found.set(key, row.id);
  }
  return found;
}

/** Tracks credited to any of `artistIds`, or titled one of `titles`, with their credits by name. */
export async function findTrackCandidates(
  db: Db,
  artistIds: number[],
  titles: string[],
): Promise<ExistingTrack[]> {
  if (artistIds.length === 0 && titles.length === 0) return [];
  return lookups.trackCandidates(db, artistIds, titles);
}

/** IDs first heard in an existing set, oldest first, with their artist line. */
export function findSetIds(db: Db, setId: number): Promise<{ id: number; artist: string }[]> {
  return lookups.idsFirstHeardIn(db, setId);
}

/**
 * The comparison key of a set: its name and recorded date. Case, accents and spacing aside, a set's
 * name is compared as written: 'Mix speed+2' and 'Mix speed-2' are two sets, where names of people
 * and places would read the same.
 */
export function setKey(name: string, date: string): string {
  const folded = name.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase().replace(/\s+/g, ' ').trim();
  return `${folded}|${date}`;
}

/**
 * The comparison key of a track: its artists by role, title and mix (normalised). A version no one is
 * credited for ('Intro Mix', held as the mix name with no mixer) compares as part of the title, so
 * 'Hold On' with the mix 'Intro Mix' and a title that carries its bracket ('Hold On (Intro Mix)', as a
 * catalogue file or an older row may hold it) are the same track.
 */
export function trackKey(t: {
  title: string;
  artistLine: string;
  mixType: string;
  mixName?: string | null;
  credits: { name: string; role: string }[];
}): string {
  const names = (roles: string[]) =>
    t.credits
      .filter((c) => roles.includes(c.role))
      .map((c) => normaliseName(c.name))
      .sort()
      .join('+');
  const artists = t.credits.length > 0 ? names(['producer', 'feat', 'ID']) : normaliseName(t.artistLine);
  const mixers = names(['mixer']);
  const version = mixers === '' && t.mixType !== 'ID' && t.mixName ? t.mixName : '';
  const title = version ? `${t.title} (${version})` : t.title;
  return `${artists}|${normaliseTitle(title)}|${version ? 'original_mix' : t.mixType}|${mixers}`;
}

/** Inserts rows (objects with the same keys) and returns their new ids in the same order. */
export async function insertRows(db: Db, table: string, rows: Record<string, unknown>[]): Promise<number[]> {
  const ids: number[] = [];
  const first = rows[0];
  if (!first) return ids;
  const columns = Object.keys(first);
  for (let i = 0; i < rows.length; i += 500) {
    const chunk = rows.slice(i, i + 500);
    const values = sql.join(
      chunk.map(
        (row) =>
          sql`(${sql.join(
            columns.map((c) => sql`${row[c] ?? null}`),
            sql`, `,
          )})`,
      ),
      sql`, `,
    );
    const statement = sql`insert into ${sql.raw(table)} (${sql.raw(columns.map((c) => `"${c}"`).join(', '))})
      values ${values} returning id`;
    ids.push(...(await queryRows<{ id: number }>(db, statement)).map((r) => r.id));
  }
  return ids;
}

/** Inserts link rows (no id). */
export async function insertLinks(db: Db, table: string, rows: Record<string, unknown>[]): Promise<void> {
  const first = rows[0];
  if (!first) return;
  const columns = Object.keys(first);
  for (let i = 0; i < rows.length; i += 1000) {
    const chunk = rows.slice(i, i + 1000);
    const values = sql.join(
      chunk.map(
        (row) =>
          sql`(${sql.join(
            columns.map((c) => sql`${row[c] ?? null}`),
            sql`, `,
          )})`,
      ),
      sql`, `,
    );
    await db.execute(sql`insert into ${sql.raw(table)} (${sql.raw(columns.map((c) => `"${c}"`).join(', '))})
      values ${values} on conflict do nothing`);
  }
}

/** Brings the maintained counts and dates up to date for what an import created (migration 0012). */
export async function refreshStatsFor(
  db: Db,
  created: Created,
  options: { relations?: boolean } = {},
): Promise<void> {
  await db.execute(sql`select refresh_catalogue_stats_for(${intArray(created.sets)}, ${intArray(created.tracks)},
    ${intArray(created.artists)}, ${intArray(created.labels)}, ${intArray(created.festivals)}, ${intArray(created.venues)})`);
  if (options.relations !== false) await refreshRelations(db, created);
}

/**
 * The tabs' relations copy the stats as sort keys, so they follow the stats. A refresh scoped to the
 * imported sets (and the sets an owner edited in place) covers their tracks, artists and labels; a
 * track no such set plays, or a label founder, is reached only by the whole refresh (which writes
 * only the rows that changed).
 */
export async function refreshRelations(db: Db, created: Created, edited: number[] = []): Promise<void> {
  const sets = [...created.sets, ...edited];
  const scoped = (await lookups.reachedOutsideSets(db, { ...created, sets })) === 0;
  await db.execute(sql`select refresh_catalogue_relations(${scoped ? intArray(sets) : sql`null::int[]`})`);
}

type Created = {
  sets: number[];
  tracks: number[];
  artists: number[];
  labels: number[];
  festivals: number[];
  venues: number[];
};

/** Replaces one featured list with `ids` in order. */
export async function replaceFeaturedRows(db: Db, kind: string, ids: number[]): Promise<void> {
  await db.execute(sql`delete from featured where kind = ${kind}`);
  await insertLinks(
    db,
    'featured',
    ids.map((itemId, i) => ({ kind, item_id: itemId, position: i + 1 })),
  );
}
