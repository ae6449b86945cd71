// Shared by the identification tests: an empty catalogue but for the one set its IDs are heard in,
// fresh IDs and released tracks, and the calls a listener makes.
import type { FastifyInstance } from 'fastify';
import type { CrowdUser } from './crowd';
import { resetDatabase } from './database';
import { createSet } from './factories';
import { ids } from './sql';

/** PGlite starting and migrating on a busy machine takes longer than the default hook timeout. */
export const SETUP_TIMEOUT_MS = 240_000;

/** Empties the database and creates the set every fresh ID is first heard in (two tracks already). */
export async function setUpIdCatalogue(app: FastifyInstance): Promise<number> {
  await resetDatabase(app.database);
  const set = await createSet(app, {
    name: 'Where the IDs Play',
    tracks: [
      [0, 300],
      [300, 600],
    ],
  });
  return set.id;
}

let made = 0;

/** A new ID heard in the first set (setUpIdCatalogue's), its set track appended; never used by another test. */
export async function freshId(app: FastifyInstance): Promise<number> {
  made += 1;
  const [id] = await ids(
    app,
    `with t as (insert into tracks (title, artist, mix_type, found_in_set_id)
       values ('ID', 'Test ID Artist ${made}', 'ID', (select min(id) from sets)) returning id, found_in_set_id),
     st as (insert into set_tracks (set_id, track_position, track_id, start_time, end_time)
       select t.found_in_set_id, (select coalesce(max(track_position), 0) + 1 from set_tracks where set_id = t.found_in_set_id),
              t.id, 100000 + ${made} * 10, 100000 + ${made} * 10 + 5 from t)
     select id from t`,
  );
  if (id === undefined) throw new Error('could not make an ID');
  return id;
}

/** A new released track (not an ID) nobody has suggested yet. */
export async function freshTrack(app: FastifyInstance, title?: string): Promise<number> {
  made += 1;
  const [id] = await ids(
    app,
    `insert into tracks (title, artist, mix_type, release_date)
     values ('${title ?? `Tune ${made}`}', 'Test Producer ${made}', 'original_mix', '2026-11-01') returning id`,
  );
  if (id === undefined) throw new Error('could not make a track');
  return id;
}

export function calls(app: FastifyInstance) {
  const send = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, user: CrowdUser, payload?: object) =>
    payload === undefined
      ? app.inject({ method, url, headers: user.headers })
      : app.inject({ method, url, headers: user.headers, payload });
  return {
    propose: (user: CrowdUser, idTrackId: number, body: object) =>
      send('POST', `/api/tracks/${idTrackId}/identifications`, user, body),
    vote: (user: CrowdUser, id: number, vote: 'confirm' | 'reject' | null) =>
      send('PUT', `/api/identifications/${id}/vote`, user, { vote }),
    withdraw: (user: CrowdUser, id: number) => send('DELETE', `/api/identifications/${id}`, user),
    list: (user: CrowdUser, idTrackId: number) =>
      send('GET', `/api/tracks/${idTrackId}/identifications`, user),
    track: (user: CrowdUser, id: number) => send('GET', `/api/tracks/${id}`, user),
    watch: (user: CrowdUser, id: number) => send('PUT', `/api/favs/track/${id}/likes-toggle`, user),
    notifications: (user: CrowdUser) => send('GET', '/api/notifications', user),
  };
}
