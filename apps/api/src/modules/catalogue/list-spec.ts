// What each catalogue list sorts, filters and counts on (docs/catalogue.md sort choices).
// Every order_by value the contract whitelists maps to one column here; nothing a client sends is ever
// spliced into SQL as text.
import type { SortField } from '@cratedig/contract/common';
import { type SQL, sql } from 'drizzle-orm';
import type { ItemKind, UserRef } from '../../db/read-models/catalogue-items';
import { followedIds } from '../../db/read-models/library-favourites';
import { listSearchCondition } from './list-search';

export type { ItemKind };

/** How a sort column compares: the cast a cursor value gets, and whether nulls can occur. */
export interface SortColumn {
  /** The column of the item table (alias `x`), e.g. `x.release_date`. */
  column: SQL;
  /** The bare column name, for queries over a scoped CTE. */
  name: string;
  cast: 'text' | 'int' | 'date' | 'timestamptz';
  /**
   * Nullable sort keys sort nulls last in both directions (an artist with no set yet is not the
   * "latest"). The descending order is then backed by the `*_nf_idx` indexes of migration 0006.
   */
  nullable: boolean;
}

type SortMap<L extends ItemKind> = Record<SortField<L>, SortColumn>;

const c = (column: string, cast: SortColumn['cast'], nullable = false): SortColumn => ({
  column: sql.raw(column),
  name: column.slice(2),
  cast,
  nullable,
});

export const SORT_COLUMNS: { [K in ItemKind]: SortMap<K> } = {
  sets: {
    'set_meta.artist': c('x.artist', 'text'),
    'set_meta.set_name': c('x.set_name', 'text'),
    'set_meta.curator': c('x.curator', 'text', true),
    'set_meta.genre': c('x.genre', 'text', true),
    'set_meta.release_date': c('x.release_date', 'date'),
  },
  tracks: {
    'track_meta.artist': c('x.artist', 'text'),
    'track_meta.title': c('x.title', 'text'),
    'track_meta.label_name': c('x.label_name', 'text', true),
    'track_meta.genre': c('x.genre', 'text', true),
    'track_meta.release_date': c('x.release_date', 'date', true),
  },
  ids: {
    'track_meta.artist': c('x.artist', 'text'),
    'track_meta.title': c('x.title', 'text'),
    'track_meta.created_dt': c('x.created_dt', 'timestamptz'),
  },
  artists: {
    'artist_meta.name': c('x.name', 'text'),
    'artist_meta.set_count': c('x.set_count', 'int'),
    'artist_meta.latest_set_date': c('x.latest_set_date', 'date', true),
    'artist_meta.track_count': c('x.track_count', 'int'),
    'artist_meta.latest_track_date': c('x.latest_track_date', 'date', true),
  },
  labels: {
    'label_meta.name': c('x.name', 'text'),
    'label_meta.set_count': c('x.set_count', 'int'),
    'label_meta.latest_set_date': c('x.latest_set_date', 'date', true),
    'label_meta.track_count': c('x.track_count', 'int'),
    'label_meta.latest_track_date': c('x.latest_track_date', 'date', true),
    'label_meta.artist_count': c('x.artist_count', 'int'),
  },
};

/** The table behind each kind; the alias is always `x`. */
export const KIND_TABLE: Record<ItemKind, SQL> = {
  sets: sql.raw('sets'),
  tracks: sql.raw('tracks'),
  ids: sql.raw('tracks'),
  artists: sql.raw('artists'),
  labels: sql.raw('labels'),
};

/**
 * Rows that belong to a kind at all. The Tracks lists show released tracks only; IDs (mix_type ID)
 * have their own lists (/artists/{id}/ids, the profile's Watched IDs), see contract catalogue-api.ts.
 */
export function kindPredicate(kind: ItemKind): SQL | undefined {
  if (kind === 'tracks') return sql`x.mix_type <> 'ID'`;
  if (kind === 'ids') return sql`x.mix_type = 'ID'`;
  return undefined;
}

export function genrePredicate(kind: ItemKind, genre: string): SQL {
  if (kind === 'artists' || kind === 'labels') return sql`x.track_genres @> array[${genre}]::text[]`;
  return sql`x.genre = ${genre}`;
}

/**
 * The text whose normalised words a list's `search` matches (the same expressions as the GIN indexes
 * of migrations 0013_search_speed.sql and 0023_list_search_prefixes.sql): tracks and IDs by title,
 * artist line, mix name and label; sets by name, artist line and curator; artists and labels by name.
 */
const ITEM_TEXT: Record<ItemKind, SQL> = {
  tracks: sql`x.title || ' ' || x.artist || ' ' || coalesce(x.mix_name, '') || ' ' || coalesce(x.label_name, '')`,
  ids: sql`x.title || ' ' || x.artist || ' ' || coalesce(x.mix_name, '') || ' ' || coalesce(x.label_name, '')`,
  sets: sql`x.set_name || ' ' || x.artist || ' ' || coalesce(x.curator, '')`,
  artists: sql`x.name`,
  labels: sql`x.name`,
};

/**
 * The search box's word matching (search module): every normalised word of the text starts one of the
 * item's normalised words, whatever the case, accents and punctuation.
 */
export function searchPredicate(kind: ItemKind, search: string): SQL {
  return listSearchCondition(kind === 'ids' ? 'tracks' : kind, search, ITEM_TEXT[kind]);
}

/**
 * The user's own rows: favourites for sets and tracks (docs/library.md: the switch lists `/sets/favs`,
 * `/tracks/favs`), follows for artists and labels. Written as `x.id in (user's ids)` so the planner
 * starts from the user's few rows (user_*_fav_idx / *_followed_idx) instead of the catalogue.
 */
export function followedPredicate(kind: ItemKind, userId: number): SQL {
  return sql`x.id in (${followedIds(kind, userId)})`;
}

/**
 * Which items the user's own rows of a kind are, as one text: equal exactly when the membership is
 * equal. A kept page of the user's favourites or follows (kept-pages.ts) is used only while it is.
 */
export function followedDigest(kind: ItemKind, userId: UserRef): SQL {
  return sql`(select md5(coalesce(string_agg(o.id::text, ',' order by o.id), ''))
    from (${followedIds(kind, userId)}) o)`;
}

/**
 * The exact total of a whole list from catalogue_counts (O(1); refresh_catalogue_stats() keeps it).
 * 'tracks' there counts IDs too, so the released-tracks total subtracts the 'ids' row of the same genre.
 */
export function maintainedTotal(kind: ItemKind, genre: string | undefined): SQL {
  const g = genre ?? '';
  if (kind === 'tracks') {
    return sql`(select coalesce(sum(case when cc.list = 'tracks' then cc.total else -cc.total end), 0)
      from catalogue_counts cc where cc.list in ('tracks', 'ids') and cc.genre = ${g})`;
  }
  return sql`(select coalesce(sum(cc.total), 0) from catalogue_counts cc where cc.list = ${kind} and cc.genre = ${g})`;
}
