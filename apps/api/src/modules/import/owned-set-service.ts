// The import's side of a DJ's own sets (docs/publishing.md): their tracklists read by the import's
// readers, and their catalogue rows written, edited in place and removed by the import's writer, the
// catalogue's only writer. The publish module calls these, inside its own transactions.
import type { Db } from '../../db/client';
import { planDraft, type ReadTracklist, readDraftTracklist } from './draft-tracklist-service';
import { setOwnerOf as ownerOf, removeSet, setArt } from './owned-set-queries';
import { NameIndexes } from './plan';
import { type Created, writePlan } from './write';

/** Who owns a set: its owner_id (null for a catalogue set), undefined when there is no such set. */
export function setOwnerOf(db: Db, setId: number): Promise<{ owner_id: number | null } | undefined> {
  return ownerOf(db, setId);
}

/** A DJ's set gets its artwork (site paths of the small and large image). */
export function setOwnedSetArt(db: Db, setId: number, sm: string, xl: string): Promise<void> {
  return setArt(db, setId, sm, xl);
}

/**
 * Removes a DJ's set from the catalogue with everything about it (owned-set-queries.ts, removeSet);
 * false when there is no such set.
 */
export function removeOwnedSet(db: Db, setId: number): Promise<boolean> {
  return removeSet(db, setId);
}

/**
 * Writes a read tracklist's set: a new set (owned by the DJ, never matched to a namesake), or, for a
 * published set (`owned.setId`), its row, DJs and entries again in place; with the counts, relations
 * and search documents brought up to date. The caller checked `read.problems` is empty.
 */
export async function writeOwnedSet(db: Db, read: ReadTracklist, indexes: NameIndexes): Promise<Created> {
  const plan = await planDraft(db, read, indexes);
  return await writePlan(db, read.batch, plan, new Map());
}

/** Reads a draft's tracklist (with a fresh name index) for `writeOwnedSet` or a preview. */
export async function readOwnedTracklist(
  db: Db,
  text: string,
  draft: Parameters<typeof readDraftTracklist>[3],
): Promise<{ read: ReadTracklist; indexes: NameIndexes }> {
  const indexes = new NameIndexes();
  return { read: await readDraftTracklist(db, indexes, text, draft), indexes };
}
