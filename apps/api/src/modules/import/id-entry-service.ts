// Adding an "ID" entry to an existing set's tracklist: where Cratedig's fingerprints recognised a
// track that the tracklist leaves unnamed, an entry "ID - ID" at the found times gives the crowd an ID
// to name (docs/fingerprints.md, "Calls"). Nothing is named here: the entry is an ID like one an
// imported 'ID - ID' line makes, and only an accepted proposal names it.
import type { Db } from '../../db/client';
import { findSetRows, type SetRow } from '../../db/read-models/catalogue-set-rows';
import { insertEntry, insertIdTrack, type LockedSet, lockSet } from './id-entry-queries';
import { refreshStatsFor } from './queries';

export type { LockedSet } from './id-entry-queries';

/** Locks the set's tracklist for the caller's transaction and answers the set with it, or undefined. */
export async function lockSetList(
  db: Db,
  setId: number,
): Promise<{ set: LockedSet; rows: SetRow[] } | undefined> {
  const set = await lockSet(db, setId);
  if (!set) return undefined;
  return { set, rows: await findSetRows(db, setId) };
}

/**
 * A new ID first heard in the set, listed from `start` to `end` (seconds) in time order. Call it with
 * the set locked (lockSetList), and refreshIdEntries once after the last one.
 */
export async function addIdEntry(
  db: Db,
  set: LockedSet,
  start: number,
  end: number,
): Promise<{ idTrackId: number; position: number }> {
  const idTrackId = await insertIdTrack(db, set);
  const position = await insertEntry(db, set.id, idTrackId, start, end);
  return { idTrackId, position };
}

/** The set's and the new IDs' maintained counts and search documents, as after an import. */
export function refreshIdEntries(db: Db, setId: number, idTrackIds: number[]): Promise<void> {
  return refreshStatsFor(db, {
    sets: [setId],
    tracks: idTrackIds,
    artists: [],
    labels: [],
    festivals: [],
    venues: [],
  });
}
