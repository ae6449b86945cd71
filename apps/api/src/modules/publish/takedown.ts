// The operator's takedown of a DJ's published set (`cratedig takedown`, docs/publishing.md): the set
// leaves the catalogue as a deletion removes it (the draft's media kept, for the operator to look at
// and for the owner to delete), the draft is marked taken down with the reason, and its owner is
// notified, all in one transaction.
import type { Db } from '../../db/client';
import type { ServiceContext } from '../../plugins/service-context';
import { removeOwnedSet, setOwnerOf } from '../import/owned-set-service';
import { notifyTakedown } from '../notifications/service';
import { lockOwnUpload, type UploadRow, updateUpload, uploadOfSet } from './queries';

/** A takedown the operator asked for that cannot be done, in words for them. */
export class TakedownRefused extends Error {}

export interface TakenDown {
  upload: UploadRow;
  notificationId: number;
}

async function lockedUploadOfSet(db: Db, setId: number): Promise<UploadRow | undefined> {
  const row = await uploadOfSet(db, setId);
  return row ? await lockOwnUpload(db, row.owner_id, row.id) : undefined;
}

export async function takedown(ctx: ServiceContext, setId: number, reason: string): Promise<TakenDown> {
  const why = reason.trim();
  if (why === '') throw new TakedownRefused('give the reason the owner is told (--reason "…")');
  return await ctx.db.transaction(async (db) => {
    const upload = await lockedUploadOfSet(db, setId);
    if (!upload || upload.state !== 'published') {
      const set = await setOwnerOf(db, setId);
      if (!set) throw new TakedownRefused(`there is no set ${setId}`);
      throw new TakedownRefused(
        `set ${setId} was imported, not published by a DJ: it has no owner to take it down from. ` +
          'Imported sets change only by import (docs/import.md).',
      );
    }
    await removeOwnedSet(db, setId);
    const updated = await updateUpload(db, upload.id, { state: 'taken_down', reason: why, set_id: null });
    if (!updated) throw new Error('the draft of a taken-down set went missing');
    const notificationId = await notifyTakedown({ ...ctx, db }, upload.owner_id, upload.id);
    return { upload: updated, notificationId };
  });
}
