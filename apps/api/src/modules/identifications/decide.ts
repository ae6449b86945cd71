// Deciding a proposal, inside the transaction of the vote (or the operator's command) that decides it,
// with the ID's track row already locked: accepting releases the ID to the named catalogue track (the
// release of cratedig release, with its notifications) or marks it identified-but-unreleased and tells
// its watchers; either way the author is told, the ID's other open proposals close as rejected, and
// everyone showing the ID gets a live event.
import type { ServiceContext } from '../../plugins/service-context';
import { releaseId } from '../catalogue/release-service';
import { notifyAboutId } from '../notifications/service';
import * as out from './outcome-queries';
import * as q from './queries';

export type Decision = 'accepted' | 'rejected';

export interface DecisionResult {
  decision: Decision;
  /** Listeners newly notified of the release or the identification (not counting the author's). */
  notified: number;
  /** The ID's other open proposals closed by the acceptance. */
  closed: number[];
}

/** `tx` must be a transaction holding the ID's track lock (queries.lockIdTrack). */
export async function decide(
  tx: ServiceContext,
  proposal: q.ProposalRow,
  decision: Decision,
): Promise<DecisionResult> {
  const { db } = tx;
  await q.setStatus(db, proposal.id, decision);
  if (decision === 'rejected') {
    await out.insertIdentificationEvent(db, proposal.id, 'decided');
    return { decision, notified: 0, closed: [] };
  }
  const closed = await out.rejectOthers(db, proposal.id_track_id, proposal.id);
  await out.countAccepted(db, proposal.author_id);
  await out.countIdentifiedInSets(db, proposal.id_track_id);
  let notified: number;
  if (proposal.track_id !== null) {
    // The same transaction as `cratedig release` (a savepoint inside this one).
    notified = (await releaseId(tx, proposal.id_track_id, proposal.track_id)).notified;
  } else {
    notified = await notifyAboutId(
      db,
      out.watchersOf(proposal.id_track_id),
      proposal.id_track_id,
      'identified',
      proposal.id,
    );
  }
  await notifyAboutId(
    db,
    out.justUser(proposal.author_id),
    proposal.id_track_id,
    'proposal_accepted',
    proposal.id,
  );
  await out.insertIdentificationEvent(db, proposal.id, 'decided');
  for (const id of closed) await out.insertIdentificationEvent(db, id, 'decided');
  return { decision, notified, closed };
}
