// The import's side of a DJ's own sets (docs/publishing.md): their tracklists read by the import's
// readers, and their catalogue rows written, edited in place and removed by the import's writer, the
// catalogue's only writer. The publish module calls these, inside its own transactions.
import type { Db } from '../../db/client';
import { NameIndexes, planDraft, type ReadTracklist, readDraftTracklist } from './draft-tracklist';
import { type Created, writePlan } from './write';

export {
  type DraftSet,
  djLine,
  NameIndexes,
  planDraft,
  previewOf,
  problemsByLine,
  type ReadTracklist,
  readDraftTracklist,
  unfileable,
} from './draft-tracklist';
export {
  removeSet as removeOwnedSet,
  setArt as setOwnedSetArt,
  setOwnerOf,
} from './owned-set-queries';

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
