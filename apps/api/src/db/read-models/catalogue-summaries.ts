// The short form of a set or a track (id, name, artist, small cover) that a fingerprint match is shown
// with (docs/fingerprints.md: heard in, suggestions). Part of the catalogue read layer
// (db/read-models/): the fingerprints module reads the catalogue through it.
import type { HeardIn, SetSuggestion } from '@cratedig/contract/fingerprints-api';
import { sql } from 'drizzle-orm';
import type { Db } from '../client';
import { queryRow, queryRows } from '../rows';

export type SetSummary = HeardIn['set_meta'];
export type TrackSummary = SetSuggestion['track_meta'];

/** The sets among `ids` that exist, in no particular order. */
export async function setSummaries(db: Db, ids: number[]): Promise<SetSummary[]> {
  if (ids.length === 0) return [];
  return queryRows<SetSummary>(
    db,
    sql`select id, set_name, artist, art_url_sm from sets
        where id in (${sql.join(
          ids.map((id) => sql`${id}`),
          sql`, `,
        )})`,
  );
}

/** The track `id`, or undefined when there is none. */
export function trackSummary(db: Db, id: number): Promise<TrackSummary | undefined> {
  return queryRow<TrackSummary>(db, sql`select id, title, artist, art_url_sm from tracks where id = ${id}`);
}

/** A track's names as a tracklist writes them: artist, title, mix and label. */
export interface TrackNames {
  id: number;
  artist: string;
  title: string;
  mix_type: string;
  mix_name: string | null;
  label_name: string | null;
}

export async function trackNames(db: Db, ids: number[]): Promise<TrackNames[]> {
  if (ids.length === 0) return [];
  return queryRows<TrackNames>(
    db,
    sql`select id, artist, title, mix_type, mix_name, label_name from tracks
        where id in (${sql.join(
          ids.map((id) => sql`${id}`),
          sql`, `,
        )})`,
  );
}
