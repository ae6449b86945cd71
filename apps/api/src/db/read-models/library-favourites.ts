// What the catalogue reads of a listener's library (user_*_favs and user_*_stats are the library's
// tables, docs/database.md "Who owns which tables"): the ids of a listener's favourites and follows,
// for the lists' favourites filter, and how many listeners wait for an ID. A read model rather than a
// call to the library's service: the library lists its profile pages through the catalogue, so the
// catalogue cannot import it. Each is an SQL fragment of the catalogue's statements.
import { type SQL, sql } from 'drizzle-orm';
import type { ItemKind, UserRef } from './catalogue-items';

/**
 * The ids of the user's own rows of a kind, as a subquery of one column `id`: favourites for sets and
 * tracks (IDs are tracks), follows for artists and labels.
 */
export function followedIds(kind: ItemKind, userId: UserRef): SQL {
  switch (kind) {
    case 'sets':
      return sql`select f.set_id as id from user_set_favs f where f.user_id = ${userId} and f.is_fav`;
    case 'tracks':
    case 'ids':
      return sql`select f.track_id as id from user_track_favs f where f.user_id = ${userId} and f.is_fav`;
    case 'artists':
      return sql`select f.artist_id as id from user_artist_stats f where f.user_id = ${userId} and f.is_followed`;
    case 'labels':
      return sql`select f.label_id as id from user_label_stats f where f.user_id = ${userId} and f.is_followed`;
  }
}

/**
 * How many listeners wait for an ID (watching or favourited it), null for a released track (the track
 * row under alias `i`). Read fresh on every view, like the listener's own fields
 * (modules/catalogue/own-fields.ts).
 */
export const waitingCount = sql`case when i.mix_type = 'ID' then (
  select count(*)::int from user_track_favs f where f.track_id = i.id and (f.show_likes or f.is_fav)) end`;
