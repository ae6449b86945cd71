// When an ID is named, other modules may propose the same name elsewhere: the fingerprints find the
// same audio under other ID entries, and each of those gets a proposal from Cratedig itself, for the
// crowd to confirm as usual (nothing is changed without a vote or an operator). Its watchers are told
// as of any new proposal.
import { sql } from 'drizzle-orm';
import { queryRow, queryRows } from '../../db/rows';
import type { ServiceContext } from '../../plugins/service-context';
import { internalAccount } from '../accounts/service';
import { notifyAboutId } from '../notifications/service';
import * as out from './outcome-queries';
import * as q from './queries';

/** The account Cratedig's own proposals are made by: it cannot sign in (no password, no provider). */
export const CRATEDIG_LISTENS = 'cratedig_listens';

export interface NamedId {
  idTrackId: number;
  values: q.ProposalValues;
}

type NamedListener = (ctx: ServiceContext, named: NamedId) => Promise<void>;
const listeners = new Map<string, NamedListener>();

/** Registers (or replaces) the listener told after a proposal naming an ID is accepted. */
export function whenIdNamed(name: string, listener: NamedListener): void {
  listeners.set(name, listener);
}

/** After the deciding transaction committed: a failing listener never undoes the decision. */
export async function announceNamed(
  ctx: ServiceContext,
  proposalId: number,
  warn: (error: unknown) => void,
): Promise<void> {
  if (listeners.size === 0) return;
  const row = await queryRow<
    { id_track_id: number; track_id: number | null } & Omit<q.ProposalValues, 'trackId'>
  >(
    ctx.db,
    sql`select id_track_id, track_id, artist, title, mix_name as "mixName", label_name as "labelName", url
        from identifications where id = ${proposalId} and status = 'accepted'`,
  );
  if (!row) return;
  const named: NamedId = {
    idTrackId: row.id_track_id,
    values: {
      trackId: row.track_id,
      artist: row.artist,
      title: row.title,
      mixName: row.mixName,
      labelName: row.labelName,
      url: row.url,
    },
  };
  for (const listener of listeners.values()) {
    try {
      await listener(ctx, named);
    } catch (error) {
      warn(error);
    }
  }
}

async function cratedigUser(ctx: ServiceContext): Promise<number> {
  return await internalAccount(ctx.db, CRATEDIG_LISTENS, 'listens@cratedig.invalid');
}

/**
 * Proposes `values` for another ID entry on Cratedig's behalf, unless that ID is closed or already has
 * an open proposal naming the same; answers the new proposal's id.
 */
export async function proposeForCopy(
  ctx: ServiceContext,
  idTrackId: number,
  values: q.ProposalValues,
): Promise<number | undefined> {
  const author = await cratedigUser(ctx);
  return ctx.db.transaction(async (db) => {
    const locked = await q.lockIdTrack(db, idTrackId);
    if (locked?.mix_type !== 'ID' || locked.released || locked.identified) return undefined;
    if (await q.findBlockingOpen(db, idTrackId, author, values)) return undefined;
    const [same] = await queryRows<{ id: number }>(
      db,
      sql`select id from identifications where id_track_id = ${idTrackId} and author_id = ${author} and status = 'open'`,
    );
    if (same) return undefined;
    const created = await q.insertProposal(db, idTrackId, author, values);
    await notifyAboutId(db, out.watchersBut(idTrackId, author), idTrackId, 'proposal_on_watched', created);
    await out.insertIdentificationEvent(db, created, 'created');
    return created;
  });
}
