// Releasing an ID (docs/ids-and-identifications.md): one transaction links the ID to the
// released track and notifies everyone waiting for it. Operators do it with `cratedig release`.
import type { Db } from '../../db/client';
import type { ServiceContext } from '../../plugins/service-context';
import { notifyRelease } from '../notifications/service';
import { countConfirmedInSets, insertRelease, lockTracks, type ReleaseTrackRow } from './release-queries';

/**
 * The sets playing an ID count it as confirmed from now on (track_confirmed_count), in the caller's
 * transaction: the identifications module calls it when the crowd names the ID.
 */
export function countIdentifiedInSets(db: Db, idTrackId: number): Promise<void> {
  return countConfirmedInSets(db, idTrackId);
}

/** A release the catalogue refuses; the message says why, for the operator. */
export class ReleaseRefused extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ReleaseRefused';
  }
}

export interface ReleaseResult {
  id: ReleaseTrackRow;
  released: ReleaseTrackRow;
  /** false when the ID was already released as this track (nothing changed but late watchers). */
  created: boolean;
  /** Listeners notified by this call; someone already notified of this release is never counted again. */
  notified: number;
}

const label = (track: ReleaseTrackRow) => `${track.id} (${track.artist} – ${track.title})`;

export async function releaseId(
  ctx: ServiceContext,
  idTrackId: number,
  releasedTrackId: number,
): Promise<ReleaseResult> {
  if (idTrackId === releasedTrackId) throw new ReleaseRefused('An ID cannot be released as itself.');
  return ctx.db.transaction(async (tx) => {
    const rows = await lockTracks(tx, [idTrackId, releasedTrackId]);
    const id = rows.find((row) => row.id === idTrackId);
    const released = rows.find((row) => row.id === releasedTrackId);
    if (!id) throw new ReleaseRefused(`No track has the id ${idTrackId}.`);
    if (!released) throw new ReleaseRefused(`No track has the id ${releasedTrackId}.`);
    if (id.mix_type !== 'ID') {
      throw new ReleaseRefused(`Track ${label(id)} is not an ID (its mix type is ${id.mix_type}).`);
    }
    if (released.mix_type === 'ID') {
      throw new ReleaseRefused(
        `Track ${label(released)} is itself an ID: an ID is released as a track that came out.`,
      );
    }
    // The row locks above order concurrent releases of one ID: the second sees the first's link.
    const { releasedAs, created } = await insertRelease(tx, idTrackId, releasedTrackId);
    if (releasedAs !== releasedTrackId) {
      throw new ReleaseRefused(`ID ${label(id)} is already released as track ${releasedAs}.`);
    }
    const notified = await notifyRelease({ ...ctx, db: tx }, idTrackId);
    return { id, released, created, notified };
  });
}
