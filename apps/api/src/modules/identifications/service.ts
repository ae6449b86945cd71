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
import type { ServiceContext, UserContext } from '../../plugins/service-context';
import * as limits from '../accounts/rate-limit-service';
import { notifyAboutId } from '../notifications/service';
import { announceNamed } from './copies-service';
import { type Decision, type DecisionResult, decide } from './decide';
import * as out from './outcome-queries';
import * as q from './queries';

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
  try {
    // One connection and one transaction: the rate limit's hit is rolled back with a refused proposal.
    return await ctx.db.transaction(async (db) => {
      const tx = { ...ctx, db };
      const id = await q.findTrack(db, idTrackId);
      if (!id) throw notFound('Track');
      if (id.mix_type !== 'ID') {
        throw unprocessable({ id_track_id: ['Only an ID (an unreleased track) takes suggestions.'] });
      }
      if (values.trackId !== null) {
        const named = await q.findTrack(db, values.trackId);
        if (!named) throw unprocessable({ track_meta_id: ['No track has this id.'] });
        if (named.mix_type === 'ID') {
          throw unprocessable({
            track_meta_id: ['Suggest a released track or a description, not another ID.'],
          });
        }
      }
      await limits.take(
        db,
        [
          {
            bucket: 'identification:proposal',
            key: String(ctx.userId),
            limit: ctx.config.auth.limits.proposal,
          },
        ],
        'You have made many suggestions in a short time. Please try again later.',
      );
      const locked = await q.lockIdTrack(db, idTrackId);
      const closed = locked && closedId(locked);
      if (closed) throw conflict(closed);
      const blocking = await q.findBlockingOpen(db, idTrackId, ctx.userId, values);
      if (blocking?.own) {
        throw conflict(
          'You already have an open suggestion for this ID: withdraw it to suggest something else.',
          blocking.id,
        );
      }
      if (blocking)
        throw conflict('This has already been suggested: vote on that suggestion instead.', blocking.id);
      const created = await q.insertProposal(db, idTrackId, ctx.userId, values);
      await notifyAboutId(
        db,
        out.watchersBut(idTrackId, ctx.userId),
        idTrackId,
        'proposal_on_watched',
        created,
      );
      await out.insertIdentificationEvent(db, created, 'created');
      return load(tx, created);
    });
  } catch (error) {
    if (q.uniqueViolation(error))
      throw conflict('This has already been suggested: vote on that suggestion instead.');
    throw error;
  }
}

/**
 * Locks the proposal's ID and then the proposal, in the caller's transaction; refuses when the
 * proposal no longer takes votes. `voterId` also reads that voter's vote and weight.
 */
async function lockOpen(tx: ServiceContext, id: number, voterId = 0): Promise<q.VotingRow> {
  const idRow = await q.lockIdTrackOf(tx.db, id);
  if (!idRow) throw notFound('Suggestion');
  const proposal = await q.lockForVote(tx.db, id, voterId, RULES.trustedAfterAccepted, RULES.trustedWeight);
  if (!proposal) throw notFound('Suggestion');
  if (proposal.status !== 'open')
    throw conflict(`This suggestion is ${proposal.status} and takes no more votes.`);
  // an operator may have released the ID meanwhile
  const closed = closedId(idRow);
  if (closed) throw conflict(closed);
  return proposal;
}

/**
 * A vote holds one pooled connection for one transaction: the rate limit is counted in it (a refused
 * vote rolls its hit back, so it does not count against the limit), and the answer is read in it.
 */
export async function vote(ctx: UserContext, id: number, body: VoteBody): Promise<Identification> {
  const { decided, answer } = await ctx.db.transaction(async (db) => {
    const tx = { ...ctx, db };
    await limits.take(
      db,
      [{ bucket: 'identification:vote', key: String(ctx.userId), limit: ctx.config.auth.limits.vote }],
      'You have voted many times in a short time. Please try again later.',
    );
    const decided = await castVote(tx, id, body);
    return { decided, answer: await load(tx, id) };
  });
  // After the commit: the same name is proposed for the ID's copies heard in other sets.
  if (decided === 'accepted') await announceNamed(ctx, id, warnListener);
  return answer;
}

const warnListener = (error: unknown) => console.warn('after an ID was named:', error);

/** Answers the decision when the vote decided the proposal. */
async function castVote(tx: UserContext, id: number, body: VoteBody): Promise<Decision | undefined> {
  const { db } = tx;
  const proposal = await lockOpen(tx, id, tx.userId);
  if (proposal.author_id === tx.userId) throw forbidden('You cannot vote on your own suggestion.');
  const before = proposal.before;
  const after: q.VoteRow | null = body.vote === null ? null : { vote: body.vote, weight: proposal.weight };
  if (before?.vote === after?.vote && before?.weight === after?.weight) return undefined;
  await q.putVote(db, id, tx.userId, after);
  const signed = (v: q.VoteRow | null) => (v ? (v.vote === 'confirm' ? v.weight : -v.weight) : 0);
  const counts = (v: q.VoteRow | null, which: q.VoteRow['vote']) => (v?.vote === which ? 1 : 0);
  const score = await q.moveCounts(db, id, {
    confirm: counts(after, 'confirm') - counts(before, 'confirm'),
    reject: counts(after, 'reject') - counts(before, 'reject'),
    score: signed(after) - signed(before),
  });
  if (score >= RULES.decisionMargin) return (await decide(tx, proposal, 'accepted')).decision;
  if (score <= -RULES.decisionMargin) return (await decide(tx, proposal, 'rejected')).decision;
  await out.insertIdentificationEvent(db, id, 'voted');
  return undefined;
}

export async function withdraw(ctx: UserContext, id: number): Promise<Identification> {
  return ctx.db.transaction(async (db) => {
    if (!(await q.lockIdTrackOf(db, id))) throw notFound('Suggestion');
    const proposal = await q.lockProposal(db, id);
    if (!proposal) throw notFound('Suggestion');
    if (proposal.author_id !== ctx.userId) throw forbidden('Only its author may withdraw a suggestion.');
    if (proposal.status !== 'open') throw conflict(`This suggestion is already ${proposal.status}.`);
    await q.setStatus(db, id, 'withdrawn');
    await out.insertIdentificationEvent(db, id, 'withdrawn');
    return load({ ...ctx, db }, id);
  });
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
