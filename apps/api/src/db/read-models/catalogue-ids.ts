// What the crowd's identifications read of the catalogue: a track's kind and names, whether an ID is
// released, where it was heard, who watches it, and the sets that play it. Part of the catalogue read
// layer (db/read-models/): the identifications module reads the catalogue through these SQL
// fragments, never naming the catalogue's tables itself.
import { type SQL, sql } from 'drizzle-orm';

/** Track `trackId`'s id and mix type (its kind: 'ID' or a released track), as a row source. */
export function trackKindRow(trackId: number): SQL {
  return sql`select id, mix_type from tracks where id = ${trackId}`;
}

/** The key a proposal naming catalogue track `trackId` is compared by (cd_proposal_name_key). */
export function trackNameKey(trackId: number): SQL {
  return sql`(select cd_proposal_name_key(t.artist, t.title, t.mix_name) from tracks t where t.id = ${trackId})`;
}

/** True when the ID (an SQL expression of its track id) has been released. */
export function isReleased(idTrackId: SQL): SQL {
  return sql`exists (select 1 from id_releases x where x.id_track_id = ${idTrackId})`;
}

/**
 * The ID's track row as `t` (columns id, mix_type), locked FOR NO KEY UPDATE: rows that only
 * reference it (a like, a comment) do not wait; an operator's release (FOR UPDATE) does.
 */
export function lockedIdTrack(columns: SQL, idTrackId: SQL): SQL {
  return sql`select ${columns} from tracks t where t.id = ${idTrackId} for no key update of t`;
}

/** The ID `idTrackId` (a proposal's `p.id_track_id`) as a user's proposal shows it, JSONB. */
export function idTrackRef(idTrackId: SQL): SQL {
  return sql`(select jsonb_build_object('id', h.id, 'title', h.title, 'artist', h.artist, 'art_url_sm', h.art_url_sm,
    'set_meta', (select jsonb_build_object('id', s.id, 'set_name', s.set_name) from sets s where s.id = h.found_in_set_id))
    from tracks h where h.id = ${idTrackId})`;
}

/** The users who watch track `trackId` (like or favourite it), as a row source of `user_id`. */
export function watchersOf(trackId: number): SQL {
  return sql`select f.user_id from user_track_favs f where f.track_id = ${trackId} and (f.show_likes or f.is_fav)`;
}

/** The tracks user `userId` watches, as a row source of `track_id`. */
export function watchedBy(userId: number): SQL {
  return sql`select f.track_id from user_track_favs f where f.user_id = ${userId} and (f.is_fav or f.show_likes)`;
}

/** How many times each set plays track `trackId`, as a row source of (set_id, n). */
export function setsPlaying(trackId: number): SQL {
  return sql`select set_id, count(*)::int as n from set_tracks where track_id = ${trackId} group by set_id`;
}

/** The ID tracks (`x`) an SQL predicate over a track row `x` holds for, as an SQL condition on `w`. */
export function idTrackMatches(predicate: SQL): SQL {
  return sql`w.id in (select x.id from tracks x where ${predicate})`;
}

export interface IdTrackPage {
  /** Conditions over the track row `w` (its id, mix_type, sort columns). */
  where: SQL;
  /** Beyond the keyset cursor, over `w`; `true` without one. */
  beyond: SQL;
  /** The order over `w`, ending in `w.id` so that it is total. */
  order: SQL;
  /** Each track's JSON, built over `w` (trackItem(userId, 'w').json). */
  item: SQL;
  limit: number;
  offset: number;
}

/** One page of tracks `w` meeting `where`, as `data` (JSON, in order) and the `total` meeting it. */
export function idTrackPage(page: IdTrackPage): SQL {
  return sql`
    select (select count(*)::int from tracks w where ${page.where}) as total,
      (select json_agg(p.item order by p.n) from (
        select ${page.item} as item, row_number() over (order by ${page.order}) as n
        from tracks w where ${page.where} and ${page.beyond}
        order by ${page.order}
        limit ${page.limit} offset ${page.offset}) p) as data`;
}
