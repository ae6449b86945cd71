// A DJ's own sets as they read them (My sets) and the removal of a draft not yet published. Every
// function acts as the context's user on their own drafts only: another's is not found.
import type { MySet, MySetList } from '@cratedig/contract/publish-api';
import { notFound } from '../../lib/http-errors';
import type { MediaStore } from '../../lib/media-store';
import type { UserContext } from '../../plugins/service-context';
import { deleteUpload, lockOwnUpload, mySetOf, ownUpload, ownUploads, type UploadRow } from './queries';
import { uploadStoreOf } from './upload-store';

export const NOT_FOUND = 'Set';

export async function list(ctx: UserContext): Promise<MySetList> {
  const rows = await ownUploads(ctx.db, ctx.userId);
  return { items: rows.map(mySetOf), total: rows.length };
}

export async function detail(ctx: UserContext, id: string): Promise<MySet> {
  const row = await ownUpload(ctx.db, ctx.userId, id);
  if (!row) throw notFound(NOT_FOUND);
  return mySetOf(row);
}

/** The media objects a draft holds. */
export function mediaOf(row: UploadRow): string[] {
  return [row.rendition_key, row.original_key, row.art_sm, row.art_xl].filter((k): k is string => !!k);
}

/**
 * Deletes a draft that is not a public set: its row, its bytes still uploading, and its media. A
 * published set goes through `removeSet`, which takes the set off the catalogue first.
 */
export async function removeDraft(
  ctx: UserContext,
  media: MediaStore,
  id: string,
  removeSet: (row: UploadRow) => Promise<void>,
): Promise<void> {
  const row = await ctx.db.transaction(async (tx) => {
    const found = await lockOwnUpload(tx, ctx.userId, id);
    if (!found) throw notFound(NOT_FOUND);
    if (found.set_id === null || found.state !== 'published') await deleteUpload(tx, id);
    return found;
  });
  if (row.set_id !== null && row.state === 'published') {
    await removeSet(row);
    return;
  }
  await uploadStoreOf(ctx.config.publish, media).remove(id);
  for (const key of mediaOf(row)) await media.delete(key);
}
