// SQL of releasing an ID (docs/ids-and-identifications.md): the pair's tracks, and the
// id_releases row that links them.
import { eq, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { planCached } from '../../db/plan-cache';
import { setsPlaying } from '../../db/read-models/catalogue-ids';
import { trackItem } from '../../db/read-models/catalogue-items';
import { waitingCount } from '../../db/read-models/library-favourites';
import { queryRows } from '../../db/rows';
import { idReleases } from '../../db/schema/index';
import { type Found, GENERATION } from './generation';

export interface ReleaseTrackRow {
  id: number;
  title: string;
  artist: string;
  mix_type: string;
}

/**
 * The two tracks of a release, locked for the transaction so that two releases of the same ID run one
 * after the other.
 */
export async function lockTracks(db: Db, ids: number[]): Promise<ReleaseTrackRow[]> {
  return await queryRows<ReleaseTrackRow>(
    db,
    sql`
      select id, title, artist, mix_type from tracks
      where id in (${sql.join(
        ids.map((id) => sql`${id}`),
        sql`, `,
      )})
      order by id for update`,
  );
}

/**
 * Links the ID to its release unless it already is. Answers the track the ID is released as now, and
 * whether this call made the link.
 */
export async function insertRelease(
  db: Db,
  idTrackId: number,
  releasedTrackId: number,
): Promise<{ releasedAs: number; created: boolean }> {
  const inserted = await db
    .insert(idReleases)
    .values({ idTrackId, releasedTrackId })
    .onConflictDoNothing({ target: idReleases.idTrackId })
    .returning({ releasedTrackId: idReleases.releasedTrackId });
  if (inserted.length > 0) return { releasedAs: releasedTrackId, created: true };
  const [row] = await db
    .select({ releasedTrackId: idReleases.releasedTrackId })
    .from(idReleases)
    .where(eq(idReleases.idTrackId, idTrackId));
  return { releasedAs: row?.releasedTrackId ?? releasedTrackId, created: false };
}

/**
 * The track and every ID released as it: a released track is heard in every set its IDs were heard
 * in, so its Sets tab, its set count and its Play reach those sets.
 */
export function heardAs(trackId: number): SQL {
  return sql`(select ${trackId}::int union all
    select r.id_track_id from id_releases r where r.released_track_id = ${trackId})`;
}

/** A sets-list scope (alias `x`): the sets playing the track or one of the IDs released as it. */
export function setsHearing(trackId: number): SQL {
  return sql`x.id in (select st.set_id from set_tracks st where st.track_id in ${heardAs(trackId)})`;
}

/** Whether some ID was released as this track (its sets are then more than its own relation's). */
export async function hasReleasedIds(db: Db, trackId: number): Promise<boolean> {
  const found = await queryRows<{ one: number }>(
    db,
    sql`select 1 as one from id_releases where released_track_id = ${trackId} limit 1`,
  );
  return found.length > 0;
}

/**
 * GET /tracks/{id}: the track as in the lists, plus how many sets it can be played in, how many
 * listeners wait for an ID (watching or favourited it), whether every set lists it without times,
 * and, for a released track heard as an ID first, where and when that was. The
 * earliest-heard ID counts when several were released as the same track. The set count is the
 * track's maintained one unless IDs were released as it: a popular track plays in thousands of sets,
 * and recounting them on every view made this page ten times dearer than the track's list row.
 */
export function trackDetailStatement(id: number, userId: number): SQL {
  const track = trackItem(userId);
  return planCached(sql`
      select ${track.json}::jsonb || jsonb_build_object(
        'set_count', case when exists (select 1 from id_releases r where r.released_track_id = i.id)
          then (select count(distinct st.set_id)::int from set_tracks st where st.track_id in ${heardAs(id)})
          else i.set_count end,
        'waiting_count', ${waitingCount},
        'first_heard', (
          select jsonb_build_object('id_track_id', h.id,
            'set_meta', (select jsonb_build_object('id', s.id, 'set_name', s.set_name) from sets s where s.id = h.found_in_set_id),
            'created_dt', to_char(h.created_dt at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))
          from id_releases x join tracks h on h.id = x.id_track_id
          where x.released_track_id = i.id order by h.created_dt, h.id limit 1))
        -- every set playing it lists it without times: there is no moment of it to play from
        || case when exists (select 1 from set_tracks st where st.track_id in ${heardAs(id)})
             and not exists (select 1 from set_tracks st where st.track_id in ${heardAs(id)} and not st.untimed)
           then '{"untimed_only": true}'::jsonb else '{}'::jsonb end as item,
        ${GENERATION} as generation
      from tracks i where i.id = ${id}`);
}

export async function findTrackDetail<T>(db: Db, id: number, userId: number): Promise<Found<T> | undefined> {
  const [row] = await queryRows<Found<T>>(db, trackDetailStatement(id, userId));
  return row;
}

/** The sets playing the ID count it as confirmed from now on (track_confirmed_count). */
export async function countConfirmedInSets(db: Db, idTrackId: number): Promise<void> {
  await db.execute(sql`
    update sets s set track_confirmed_count = s.track_confirmed_count + x.n
    from (${setsPlaying(idTrackId)}) x
    where s.id = x.set_id`);
}
