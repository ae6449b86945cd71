// SQL of the identifications (docs/identifications-api.md): proposals as the contract shapes them,
// the locks that order every write on one ID, and votes (outcome-queries.ts: what a decision does).
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import * as catalogue from '../../db/read-models/catalogue-ids';
import { queryRows } from '../../db/rows';

const instant = (column: string) =>
  sql.raw(`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`);

/** A proposal `p` (author `au`) as the contract's Identification, for `viewerId`. */
export function identificationJson(viewerId: number): SQL {
  return sql`json_build_object(
    'id', p.id, 'id_track_id', p.id_track_id, 'proposal', cd_proposal_names(p),
    'author', json_build_object('id', au.id, 'username', au.username, 'avatar_url', au.avatar_url),
    'status', p.status, 'confirm_count', p.confirm_count, 'reject_count', p.reject_count,
    'user_vote', (select v.vote from identification_votes v where v.identification_id = p.id and v.user_id = ${viewerId}),
    'is_own', p.author_id = ${viewerId},
    'created_dt', ${instant('p.created_dt')}, 'decided_dt', ${instant('p.decided_dt')})`;
}

/** The open proposals first, newest first in each group. */
const LIST_ORDER = sql.raw(`(p.status = 'open') desc, p.created_dt desc, p.id desc`);

export async function listForTrack<T>(
  db: Db,
  idTrackId: number,
  viewerId: number,
  limit: number,
  offset: number,
): Promise<{ data: T[]; total: number }> {
  const [row] = await queryRows<{ data: T[] | null; total: number }>(
    db,
    sql`
      select (select count(*)::int from identifications p where p.id_track_id = ${idTrackId}) as total,
        (select json_agg(q.item order by q.n) from (
          select ${identificationJson(viewerId)} as item, row_number() over (order by ${LIST_ORDER}) as n
          from identifications p join users au on au.id = p.author_id
          where p.id_track_id = ${idTrackId}
          order by ${LIST_ORDER} limit ${limit} offset ${offset}) q) as data`,
  );
  return { data: row?.data ?? [], total: row?.total ?? 0 };
}

export async function findOne<T>(db: Db, id: number, viewerId: number): Promise<T | undefined> {
  const [row] = await queryRows<{ item: T }>(
    db,
    sql`
      select ${identificationJson(viewerId)} as item
      from identifications p join users au on au.id = p.author_id where p.id = ${id}`,
  );
  return row?.item;
}

export async function listForUser<T>(
  db: Db,
  userId: number,
  status: string | undefined,
  limit: number,
  offset: number,
): Promise<{ data: T[]; total: number }> {
  const which = status ? sql`and p.status = ${status}` : sql``;
  const [row] = await queryRows<{ data: T[] | null; total: number }>(
    db,
    sql`
      select (select count(*)::int from identifications p where p.author_id = ${userId} ${which}) as total,
        (select json_agg(q.item order by q.created_dt desc, q.id desc) from (
          select p.id, p.created_dt, ${identificationJson(userId)}::jsonb
            || jsonb_build_object('id_track', ${catalogue.idTrackRef(sql`p.id_track_id`)}) as item
          from identifications p join users au on au.id = p.author_id
          where p.author_id = ${userId} ${which}
          order by p.created_dt desc, p.id desc limit ${limit} offset ${offset}) q) as data`,
  );
  return { data: row?.data ?? [], total: row?.total ?? 0 };
}

export interface IdTrackRow {
  id: number;
  mix_type: string;
  released: boolean;
  identified: boolean;
}

/**
 * The ID's track row, locked for the transaction: every write on an ID's proposals (a proposal, a
 * vote, a withdrawal, a decision, a release) takes this lock first, so they happen one after the other
 * on however many instances. FOR NO KEY UPDATE, not FOR UPDATE: a listener liking the ID or a comment
 * naming it (rows that only reference the track) does not wait for a vote; an operator's release
 * (FOR UPDATE) still does.
 */
export async function lockIdTrack(db: Db, idTrackId: number): Promise<IdTrackRow | undefined> {
  return lockIdTrackWhere(db, sql`${idTrackId}`);
}

/** The ID a proposal is about, locked as lockIdTrack does, in one statement. */
export async function lockIdTrackOf(db: Db, proposalId: number): Promise<IdTrackRow | undefined> {
  return lockIdTrackWhere(db, sql`(select id_track_id from identifications where id = ${proposalId})`);
}

async function lockIdTrackWhere(db: Db, idTrackId: SQL): Promise<IdTrackRow | undefined> {
  const [row] = await queryRows<IdTrackRow>(
    db,
    catalogue.lockedIdTrack(
      sql`t.id, t.mix_type, ${catalogue.isReleased(sql`t.id`)} as released,
        exists (select 1 from identifications a where a.id_track_id = t.id and a.status = 'accepted') as identified`,
      idTrackId,
    ),
  );
  return row;
}

export interface ProposalRow {
  id: number;
  id_track_id: number;
  author_id: number;
  track_id: number | null;
  status: string;
  score: number;
}

export async function lockProposal(db: Db, id: number): Promise<ProposalRow | undefined> {
  const [row] = await queryRows<ProposalRow>(
    db,
    sql`
      select id, id_track_id, author_id, track_id, status, score from identifications where id = ${id}
      for no key update`,
  );
  return row;
}

/** A proposal locked for a vote, with the voter's vote on it so far and their weight now. */
export interface VotingRow extends ProposalRow {
  before: VoteRow | null;
  weight: number;
}

/**
 * Locks the proposal (FOR NO KEY UPDATE: its votes' rows only reference it) and reads, in the same
 * statement, the voter's current vote and weight: 2 once they have `trustedAfter` accepted proposals.
 */
export async function lockForVote(
  db: Db,
  id: number,
  voterId: number,
  trustedAfter: number,
  trusted: number,
): Promise<VotingRow | undefined> {
  const [row] = await queryRows<VotingRow>(
    db,
    sql`
      select p.id, p.id_track_id, p.author_id, p.track_id, p.status, p.score,
        (select json_build_object('vote', v.vote, 'weight', v.weight) from identification_votes v
          where v.identification_id = p.id and v.user_id = ${voterId}) as before,
        (select case when u.identifications_accepted >= ${trustedAfter} then ${trusted}::int else 1 end
          from users u where u.id = ${voterId}) as weight
      from identifications p where p.id = ${id} for no key update of p`,
  );
  return row;
}

export interface NamedTrackRow {
  id: number;
  mix_type: string;
}

export async function findTrack(db: Db, id: number): Promise<NamedTrackRow | undefined> {
  const [row] = await queryRows<NamedTrackRow>(db, catalogue.trackKindRow(id));
  return row;
}

export interface ProposalValues {
  trackId: number | null;
  artist: string | null;
  title: string | null;
  mixName: string | null;
  labelName: string | null;
  url: string | null;
}

/** The duplicate key of what the values name (a catalogue track's own names): cd_proposal_name_key. */
function nameKey(values: ProposalValues): SQL {
  if (values.trackId !== null) {
    return catalogue.trackNameKey(values.trackId);
  }
  return sql`cd_proposal_name_key(${values.artist}, ${values.title}, ${values.mixName})`;
}

/** The open proposal of the ID that blocks this one: the author's own, or one naming the same thing. */
export async function findBlockingOpen(
  db: Db,
  idTrackId: number,
  authorId: number,
  values: ProposalValues,
): Promise<{ id: number; own: boolean } | undefined> {
  const [row] = await queryRows<{ id: number; own: boolean }>(
    db,
    sql`
      select p.id, p.author_id = ${authorId} as own from identifications p
      where p.id_track_id = ${idTrackId} and p.status = 'open'
        and (p.author_id = ${authorId} or p.name_key = ${nameKey(values)}
             ${values.trackId !== null ? sql`or p.track_id = ${values.trackId}` : sql``})
      order by (p.author_id = ${authorId}) desc, p.id limit 1`,
  );
  return row;
}

export async function insertProposal(
  db: Db,
  idTrackId: number,
  authorId: number,
  values: ProposalValues,
): Promise<number> {
  const [row] = await queryRows<{ id: number }>(
    db,
    sql`
      insert into identifications (id_track_id, author_id, track_id, artist, title, mix_name, label_name, url, name_key)
      values (${idTrackId}, ${authorId}, ${values.trackId}, ${values.artist}, ${values.title}, ${values.mixName},
              ${values.labelName}, ${values.url}, ${nameKey(values)})
      returning id`,
  );
  if (!row) throw new Error('insert into identifications returned no row');
  return row.id;
}

export interface VoteRow {
  vote: 'confirm' | 'reject';
  weight: number;
}

export async function putVote(db: Db, id: number, userId: number, vote: VoteRow | null): Promise<void> {
  if (vote === null) {
    await db.execute(
      sql`delete from identification_votes where identification_id = ${id} and user_id = ${userId}`,
    );
    return;
  }
  await db.execute(sql`
    insert into identification_votes (identification_id, user_id, vote, weight)
    values (${id}, ${userId}, ${vote.vote}, ${vote.weight})
    on conflict (identification_id, user_id) do update
      set vote = excluded.vote, weight = excluded.weight, voted_dt = now()`);
}

/** Moves the proposal's counts and score by the given amounts; answers the new score. */
export async function moveCounts(
  db: Db,
  id: number,
  move: { confirm: number; reject: number; score: number },
): Promise<number> {
  const [row] = await queryRows<{ score: number }>(
    db,
    sql`
      update identifications set confirm_count = confirm_count + ${move.confirm},
        reject_count = reject_count + ${move.reject}, score = score + ${move.score}
      where id = ${id} returning score`,
  );
  return row?.score ?? 0;
}

export async function setStatus(
  db: Db,
  id: number,
  status: 'accepted' | 'rejected' | 'withdrawn',
): Promise<void> {
  await db.execute(sql`
    update identifications set status = ${status}, decided_dt = date_trunc('milliseconds', now()) where id = ${id}`);
}

/** PostgreSQL's unique_violation on one of the open-proposal indexes (a race the locks already order). */
export function uniqueViolation(error: unknown): boolean {
  for (let current: unknown = error; current && typeof current === 'object'; ) {
    const { code, cause } = current as { code?: unknown; cause?: unknown };
    if (code === '23505') return true;
    current = cause;
  }
  return false;
}
