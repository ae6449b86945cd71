// What other modules write and read of a listener's own state on sets and tracks (user_set_favs,
// user_track_favs: the library's tables, docs/database.md "Who owns which tables"). Each is a SQL
// fragment, so the caller's statement stays one: the player's resume position and moment likes count
// in the same statement (and under the same row locks) as its own rows.
import { type SQL, sql } from 'drizzle-orm';

/**
 * Upserts the listener's resume position on the set where `exists` holds, answering the row's set_id;
 * the upsert locks the (user, set) row until commit.
 */
export function saveResumePositionSql(userId: number, setId: number, positionS: number, exists: SQL): SQL {
  return sql`insert into user_set_favs (user_id, set_id, resume_position_s, position_saved_at)
        select ${userId}, ${setId}, ${positionS}, clock_timestamp() where ${exists}
        on conflict (user_id, set_id) do update
          set resume_position_s = excluded.resume_position_s, position_saved_at = clock_timestamp(),
              updated_at = now()
        returning set_id`;
}

/** +1 on the listener's moment likes of each set `setId` names in `from` (a CTE of the caller). */
export function raiseListenerSetLikes(userId: number, setId: SQL, from: SQL): SQL {
  return sql`insert into user_set_favs (user_id, set_id, user_likes) select ${userId}, ${setId}, 1 from ${from}
          on conflict (user_id, set_id) do update
            set user_likes = user_set_favs.user_likes + 1, updated_at = now()`;
}

/** +1 on the listener's moment likes of each track `trackId` names in `from` (a CTE of the caller). */
export function raiseListenerTrackLikes(userId: number, trackId: SQL, from: SQL): SQL {
  return sql`insert into user_track_favs (user_id, track_id, user_likes) select ${userId}, ${trackId}, 1 from ${from}
          on conflict (user_id, track_id) do update
            set user_likes = user_track_favs.user_likes + 1, updated_at = now()`;
}

/**
 * Puts the set into the listener's likes where `exists` holds, answering the row's flags, likes and
 * resume position (as current_timestamp).
 */
export function likeSetSql(userId: number, setId: number, exists: SQL): SQL {
  return sql`insert into user_set_favs (user_id, set_id, show_likes)
        select ${userId}, ${setId}, true where ${exists}
        on conflict (user_id, set_id) do update set show_likes = true, updated_at = now()
        returning is_fav, show_likes, user_likes, resume_position_s as current_timestamp`;
}

/**
 * Puts the track into the listener's likes where `exists` holds, answering its track_id only when this
 * statement turned show_likes from false (or no row) to true: the conditional DO UPDATE re-checks the
 * latest row under its lock.
 */
export function likeTrackSql(userId: number, trackId: number, exists: SQL): SQL {
  return sql`insert into user_track_favs (user_id, track_id, show_likes)
            select ${userId}, ${trackId}, true where ${exists}
            on conflict (user_id, track_id) do update set show_likes = true, updated_at = now()
              where not user_track_favs.show_likes
            returning track_id`;
}

/** The listener's flags and likes on a track. */
export function trackFavSql(userId: number, trackId: number): SQL {
  return sql`select is_fav, show_likes, user_likes, is_purchased from user_track_favs
          where user_id = ${userId} and track_id = ${trackId}`;
}
