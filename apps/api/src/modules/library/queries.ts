// The library's SQL (the only file here that talks to its tables). Every toggle is ONE statement: an
// INSERT … ON CONFLICT DO UPDATE that flips the flag on the user's row, and, for likes, a
// data-modifying CTE that moves the item's total_user_likes by the same +1/-1 in the same statement.
//
// Why this is exact under concurrency on a PostgreSQL server (READ COMMITTED):
// - ON CONFLICT DO UPDATE locks the user's row and computes `not flag` from its latest committed
//   version, so two taps of one user serialise and flip twice, never once;
// - `UPDATE … SET total_user_likes = total_user_likes + delta` re-reads the item row after waiting for
//   its lock (EvalPlanQual), so concurrent likes of many users never lose an increment;
// - the delta comes from the row this statement just wrote, not from a read made earlier.
// Nothing is read first and written later, so there is no window for a lost or doubled change.
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { queryRows } from '../../db/rows';

/** What a toggle acts on: the per-user table, its item column, and the item's table. */
export interface LibraryTarget {
  stateTable:
    | 'user_set_favs'
    | 'user_track_favs'
    | 'user_artist_stats'
    | 'user_label_stats'
    | 'user_festival_stats'
    | 'user_venue_stats';
  itemColumn: 'set_id' | 'track_id' | 'artist_id' | 'label_id' | 'festival_id' | 'venue_id';
  itemTable: 'sets' | 'tracks' | 'artists' | 'labels' | 'festivals' | 'venues';
  /** Whether the item keeps total_user_likes (tracks, artists, labels; a set counts moment likes). */
  countsLikes: boolean;
}

export const TARGETS = {
  set: { stateTable: 'user_set_favs', itemColumn: 'set_id', itemTable: 'sets', countsLikes: false },
  track: { stateTable: 'user_track_favs', itemColumn: 'track_id', itemTable: 'tracks', countsLikes: true },
  artist: {
    stateTable: 'user_artist_stats',
    itemColumn: 'artist_id',
    itemTable: 'artists',
    countsLikes: true,
  },
  label: { stateTable: 'user_label_stats', itemColumn: 'label_id', itemTable: 'labels', countsLikes: true },
  festival: {
    stateTable: 'user_festival_stats',
    itemColumn: 'festival_id',
    itemTable: 'festivals',
    countsLikes: false,
  },
  venue: { stateTable: 'user_venue_stats', itemColumn: 'venue_id', itemTable: 'venues', countsLikes: false },
} as const satisfies Record<string, LibraryTarget>;

export type Flag = 'is_fav' | 'show_likes' | 'is_followed' | 'is_purchased';

/**
 * 'toggle' flips the flag; `true` sets it (idempotent: a purchase).
 */
export type FlagChange = 'toggle' | true;

/** The user's row after the change, plus the item's total_user_likes when the item keeps one. */
export interface FlagRow {
  is_fav?: boolean;
  show_likes?: boolean;
  is_followed?: boolean;
  is_purchased?: boolean;
  total_user_likes: number | null;
}

/** drizzle's execute() result differs per driver; both carry `rows`. */

/** The flag columns each state table has, returned with every change. */
const STATE_COLUMNS: Record<LibraryTarget['stateTable'], Flag[]> = {
  user_set_favs: ['is_fav', 'show_likes'],
  user_track_favs: ['is_fav', 'show_likes', 'is_purchased'],
  user_artist_stats: ['is_followed', 'show_likes'],
  user_label_stats: ['is_followed', 'show_likes'],
  user_festival_stats: ['is_followed'],
  user_venue_stats: ['is_followed'],
};

const columnList = (prefix: string, columns: Flag[]) =>
  sql.raw(columns.map((c) => `${prefix}.${c}`).join(', '));

/**
 * The one statement of a toggle. No row when the item does not exist (the caller answers 404): the
 * insert selects from the item's table, so an unknown id writes nothing and never trips the FK.
 */
export function flagStatement(
  target: LibraryTarget,
  flag: Flag,
  change: FlagChange,
  userId: number,
  itemId: number,
): SQL {
  const state = sql.raw(target.stateTable);
  const column = sql.raw(target.itemColumn);
  const items = sql.raw(target.itemTable);
  const f = sql.raw(flag);
  const columns = STATE_COLUMNS[target.stateTable];
  const counts = target.countsLikes && flag === 'show_likes';

  if (change === 'toggle') {
    const changed = sql`
      insert into ${state} as s (user_id, ${column}, ${f})
      select ${userId}, it.id, true from ${items} it where it.id = ${itemId}
      on conflict (user_id, ${column}) do update set ${f} = not s.${f}, updated_at = now()
      returning ${columnList('s', columns)}`;
    if (!counts) {
      return sql`with changed as (${changed})
        select ${columnList('c', columns)}, null::int as total_user_likes from changed c`;
    }
    // A toggle always changes the flag: +1 when it is now on, -1 when it is now off.
    return sql`
      with changed as (${changed}),
      counted as (
        update ${items} x set total_user_likes = x.total_user_likes + case when c.${f} then 1 else -1 end
        from changed c where x.id = ${itemId}
        returning x.total_user_likes
      )
      select ${columnList('c', columns)}, (select total_user_likes from counted) as total_user_likes
      from changed c`;
  }

  // Idempotent set (purchase): the row is always written, so RETURNING always answers. Likes are only
  // toggled here; an idempotent like would also have to move total_user_likes.
  if (counts) throw new Error(`${flag} of ${target.itemTable} can only be toggled`);
  return sql`
    with changed as (
      insert into ${state} as s (user_id, ${column}, ${f})
      select ${userId}, it.id, true from ${items} it where it.id = ${itemId}
      on conflict (user_id, ${column}) do update set ${f} = true, updated_at = now()
      returning ${columnList('s', columns)}
    )
    select ${columnList('c', columns)}, null::int as total_user_likes from changed c`;
}

/** Applies a change; undefined when the item does not exist. */
export async function changeFlag(
  db: Db,
  target: LibraryTarget,
  flag: Flag,
  change: FlagChange,
  userId: number,
  itemId: number,
): Promise<FlagRow | undefined> {
  return (await queryRows<FlagRow>(db, flagStatement(target, flag, change, userId, itemId)))[0];
}

// ---------------------------------------------------------------------------------------------------
// Profile lists: which catalogue items a user keeps (docs/library.md). A listener keeps a set or a
// track by favouriting or liking it, an ID by watching or favouriting it, an artist or a label by
// following or liking it; the profile lists everything kept either way, so a follow or a favourite
// is never missing from it. These are scopes over the catalogue lists (the catalogue service builds
// the page, the sort and the JSON), written as `x.id in (the user's ids)` so the planner starts from
// the user's few rows (their primary key starts with the user id).

export const profileScopes = {
  /** Liked Sets: liked or favourited. */
  sets: (userId: number) =>
    sql`x.id in (select f.set_id from user_set_favs f where f.user_id = ${userId} and (f.show_likes or f.is_fav))`,
  /** Liked Tracks: released tracks only (the catalogue's tracks kind already excludes IDs). */
  tracks: (userId: number) =>
    sql`x.id in (select f.track_id from user_track_favs f where f.user_id = ${userId} and (f.show_likes or f.is_fav))`,
  /**
   * Watched IDs: watched (show_likes on an ID) or favourited, which is told of a release as a watch
   * is (the catalogue's ids kind keeps mix_type ID only).
   */
  ids: (userId: number) =>
    sql`x.id in (select f.track_id from user_track_favs f where f.user_id = ${userId} and (f.show_likes or f.is_fav))`,
  /** Liked Artists: followed or liked. */
  artists: (userId: number) =>
    sql`x.id in (select f.artist_id from user_artist_stats f where f.user_id = ${userId} and (f.show_likes or f.is_followed))`,
  /** Liked Labels: followed or liked. */
  labels: (userId: number) =>
    sql`x.id in (select f.label_id from user_label_stats f where f.user_id = ${userId} and (f.show_likes or f.is_followed))`,
};
