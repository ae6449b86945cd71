// The rules of the crowd's identifications (docs/identifications-api.md): who may propose, vote and
// withdraw, what counts as a duplicate, and when a proposal is decided. Every write locks the ID's
// track row first, so writes on one ID run one after the other on any number of instances, and the
// vote that decides does so in its own transaction.
import { IDENTIFICATION_RULES } from '@cratedig/contract/constants';
import type { Identification } from '@cratedig/contract/identification';
import type {
  CreateIdentificationBody,
  IdentificationList,
  IdentificationListQuery,
  UserIdentification,
  UserIdentificationList,
  UserIdentificationListQuery,
  VoteBody,
} from '@cratedig/contract/identifications-api';
import { forbidden, HttpError, notFound, unprocessable } from '../../lib/http-errors';
import type { ServiceContext, UserContext } from '../../lib/service-context';
import * as limits from '../accounts/rate-limit-service';
import { announceNamed } from './copies';
import { type Decision, type DecisionResult, decide } from './decide';
import * as out from './outcome-queries';
import * as q from './queries';

export { CRATEDIG_LISTENS, type NamedId, proposeForCopy, whenIdNamed } from './copies';

const RULES = IDENTIFICATION_RULES;

function conflict(message: string, identificationId?: number): HttpError {
  return new HttpError(
    409,
    message,
    undefined,
    {},
    identificationId === undefined ? {} : { identification_id: identificationId },
  );
}

async function load(ctx: UserContext, id: number): Promise<Identification> {
  const item = await q.findOne<Identification>(ctx.db, id, ctx.userId);
  if (!item) throw notFound('Suggestion');
  return item;
}

export async function listForTrack(
  ctx: UserContext,
  trackId: number,
  query: IdentificationListQuery,
): Promise<IdentificationList> {
  if (!(await q.findTrack(ctx.db, trackId))) throw notFound('Track');
  const page = await q.listForTrack<Identification>(ctx.db, trackId, ctx.userId, query.limit, query.offset);
  return {
    data: page.data,
    pagination: { offset: query.offset, count: page.data.length, total: page.total },
  };
}

export async function listForUser(
  ctx: UserContext,
  userId: number,
  query: UserIdentificationListQuery,
): Promise<UserIdentificationList> {
  if (userId !== ctx.userId) throw forbidden('Only your own suggestions are listed here.');
  const page = await q.listForUser<UserIdentification>(
    ctx.db,
    userId,
    query.status,
    query.limit,
    query.offset,
  );
  return {
    data: page.data,
    pagination: { offset: query.offset, count: page.data.length, total: page.total },
  };
}

/** Why an ID takes no more proposals or votes, or undefined when it still does. */
function closedId(row: q.IdTrackRow): string | undefined {
  if (row.released) return 'This ID is already released.';
  if (row.identified) return 'This ID is already identified.';
  return undefined;
}

export async function propose(
  ctx: UserContext,
  idTrackId: number,
  body: CreateIdentificationBody,
): Promise<Identification> {
  const values: q.ProposalValues = {
    trackId: body.track_meta_id ?? null,
    artist: body.artist ?? null,
    title: body.title ?? null,
    mixName: body.mix_name ?? null,
    labelName: body.label_name ?? null,
    url: body.url ?? null,
  };
  const id = await q.findTrack(ctx.db, idTrackId);
  if (!id) throw notFound('Track');
  if (id.mix_type !== 'ID') {
    throw unprocessable({ id_track_id: ['Only an ID (an unreleased track) takes suggestions.'] });
  }
  if (values.trackId !== null) {
    const named = await q.findTrack(ctx.db, values.trackId);
    if (!named) throw unprocessable({ track_meta_id: ['No track has this id.'] });
    if (named.mix_type === 'ID') {
      throw unprocessable({ track_meta_id: ['Suggest a released track or a description, not another ID.'] });
    }
  }
  const taken = await limits.take(
    ctx.db,
    [{ bucket: 'identification:proposal', key: String(ctx.userId), limit: ctx.config.auth.limits.proposal }],
    'You have made many suggestions in a short time. Please try again later.',
  );
  try {
    const proposalId = await ctx.db.transaction(async (tx) => {
      const locked = await q.lockIdTrack(tx, idTrackId);
      const closed = locked && closedId(locked);
      if (closed) throw conflict(closed);
      const blocking = await q.findBlockingOpen(tx, idTrackId, ctx.userId, values);
      if (blocking?.own) {
        throw conflict(
          'You already have an open suggestion for this ID: withdraw it to suggest something else.',
          blocking.id,
        );
      }
      if (blocking)
        throw conflict('This has already been suggested: vote on that suggestion instead.', blocking.id);
      const created = await q.insertProposal(tx, idTrackId, ctx.userId, values);
      await out.notify(tx, out.watchersBut(idTrackId, ctx.userId), idTrackId, 'proposal_on_watched', created);
      await out.insertIdentificationEvent(tx, created, 'created');
      return created;
    });
    return await load(ctx, proposalId);
  } catch (error) {
    await limits.giveBack(ctx.db, taken);
    if (q.uniqueViolation(error))
      throw conflict('This has already been suggested: vote on that suggestion instead.');
    throw error;
  }
}

/**
 * Locks the proposal's ID and then the proposal, in the caller's transaction; refuses when the
 * proposal no longer takes votes.
 */
async function lockOpen(tx: ServiceContext, id: number): Promise<q.ProposalRow> {
  const idTrackId = await q.idTrackOf(tx.db, id);
  if (idTrackId === undefined) throw notFound('Suggestion');
  const idRow = await q.lockIdTrack(tx.db, idTrackId);
  const proposal = await q.lockProposal(tx.db, id);
  if (!proposal) throw notFound('Suggestion');
  if (proposal.status !== 'open')
    throw conflict(`This suggestion is ${proposal.status} and takes no more votes.`);
  // an operator may have released the ID meanwhile
  const closed = idRow && closedId(idRow);
  if (closed) throw conflict(closed);
  return proposal;
}

export async function vote(ctx: UserContext, id: number, body: VoteBody): Promise<Identification> {
  const taken = await limits.take(
    ctx.db,
    [{ bucket: 'identification:vote', key: String(ctx.userId), limit: ctx.config.auth.limits.vote }],
    'You have voted many times in a short time. Please try again later.',
  );
  let decided: Decision | undefined;
  try {
    decided = await castVote(ctx, id, body);
  } catch (error) {
    // a refused vote does not count against the limit
    await limits.giveBack(ctx.db, taken);
    throw error;
  }
  if (decided === 'accepted') await announceNamed(ctx, id, warnListener);
  return load(ctx, id);
}

const warnListener = (error: unknown) => console.warn('after an ID was named:', error);

/** Answers the decision when the vote decided the proposal. */
async function castVote(ctx: UserContext, id: number, body: VoteBody): Promise<Decision | undefined> {
  return ctx.db.transaction(async (db) => {
    const tx = { ...ctx, db };
    const proposal = await lockOpen(tx, id);
    if (proposal.author_id === ctx.userId) throw forbidden('You cannot vote on your own suggestion.');
    const before = await q.findVote(db, id, ctx.userId);
    const after: q.VoteRow | null =
      body.vote === null
        ? null
        : {
            vote: body.vote,
            weight: await q.voteWeight(db, ctx.userId, RULES.trustedAfterAccepted, RULES.trustedWeight),
          };
    if (before?.vote === after?.vote && before?.weight === after?.weight) return undefined;
    await q.putVote(db, id, ctx.userId, after);
    const signed = (v: q.VoteRow | null | undefined) =>
      v ? (v.vote === 'confirm' ? v.weight : -v.weight) : 0;
    const counts = (v: q.VoteRow | null | undefined, which: q.VoteRow['vote']) => (v?.vote === which ? 1 : 0);
    const score = await q.moveCounts(db, id, {
      confirm: counts(after, 'confirm') - counts(before, 'confirm'),
      reject: counts(after, 'reject') - counts(before, 'reject'),
      score: signed(after) - signed(before),
    });
    if (score >= RULES.decisionMargin) return (await decide(tx, proposal, 'accepted')).decision;
    if (score <= -RULES.decisionMargin) return (await decide(tx, proposal, 'rejected')).decision;
    await out.insertIdentificationEvent(db, id, 'voted');
    return undefined;
  });
}

export async function withdraw(ctx: UserContext, id: number): Promise<Identification> {
  await ctx.db.transaction(async (db) => {
    const idTrackId = await q.idTrackOf(db, id);
    if (idTrackId === undefined) throw notFound('Suggestion');
    await q.lockIdTrack(db, idTrackId);
    const proposal = await q.lockProposal(db, id);
    if (!proposal) throw notFound('Suggestion');
    if (proposal.author_id !== ctx.userId) throw forbidden('Only its author may withdraw a suggestion.');
    if (proposal.status !== 'open') throw conflict(`This suggestion is already ${proposal.status}.`);
    await q.setStatus(db, id, 'withdrawn');
    await out.insertIdentificationEvent(db, id, 'withdrawn');
  });
  return load(ctx, id);
}

/** An operator's decision (cratedig identification accept|reject): the same transaction as a vote's. */
export class DecisionRefused extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'DecisionRefused';
  }
}

export async function decideByOperator(
  ctx: ServiceContext,
  id: number,
  decision: Decision,
): Promise<DecisionResult> {
  try {
    const result = await ctx.db.transaction(async (db) => {
      const tx = { ...ctx, db };
      const proposal = await lockOpen(tx, id);
      return decide(tx, proposal, decision);
    });
    if (result.decision === 'accepted') await announceNamed(ctx, id, warnListener);
    return result;
  } catch (error) {
    if (error instanceof HttpError) throw new DecisionRefused(error.message);
    throw error;
  }
}
