// The comments' SQL (the only file here that talks to the posts table). Each call is one statement;
// a post comes back with its author in one round trip.
import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { queryRow, queryRows } from '../../db/rows';
import { posts } from '../../db/schema/index';

/** A post as the statements below return it (mapper.ts turns it into the contract's Post). */
export interface PostRow {
  id: number;
  text: string;
  created: string;
  edited: string | null;
  set_timestamp: number;
  set_id: number | null;
  track_id: number | null;
  author_id: number;
  author_username: string;
  author_avatar_url: string | null;
}

/** drizzle's execute() result differs per driver; both carry `rows`. */

/** The columns of a PostRow, from a posts row `p` joined with its author `u`. */
const POST_COLUMNS = sql`p.id, p.text,
  to_char(p.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as created,
  to_char(p.edited_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as edited,
  p.set_timestamp, p.set_id, p.track_id,
  u.id as author_id, u.username as author_username, u.avatar_url as author_avatar_url`;

export type PostTarget = { column: 'set_id' | 'track_id'; id: number };

export type PostOrder = { by: 'created' | 'set_timestamp'; direction: 'asc' | 'desc' };

/**
 * A page of a set's or a track's posts and their total: newest first (created), or in set order
 * (set_timestamp). The ORDER BY spells out the `DESC NULLS LAST` of posts_set_idx / posts_track_idx
 * so PostgreSQL reads the newest-first page off the index; posts_set_position_idx serves set order.
 */
export async function listPosts(
  db: Db,
  target: PostTarget,
  limit: number,
  offset: number,
  order: PostOrder = { by: 'created', direction: 'desc' },
): Promise<{ rows: PostRow[]; total: number }> {
  const column = sql.raw(`p.${target.column}`);
  const dir = sql.raw(order.direction === 'asc' ? 'asc nulls first' : 'desc nulls last');
  const key = sql.raw(order.by === 'created' ? 'p.created_at' : 'p.set_timestamp');
  const row = await queryRow<{ total: number; rows: (PostRow & { ord?: number })[] }>(
    db,
    sql`
    with ids as (
      select q.id, row_number() over () as ord from (
        select p.id from posts p where ${column} = ${target.id}
        order by ${key} ${dir}, p.id ${dir}
        limit ${limit} offset ${offset}
      ) q
    ),
    page as (
      select ${POST_COLUMNS}, ids.ord from ids join posts p on p.id = ids.id join users u on u.id = p.user_id
    )
    select (select count(*) from posts p where ${column} = ${target.id})::int as total,
      coalesce((select json_agg(page order by page.ord) from page), '[]'::json) as rows`,
  );
  return { rows: row?.rows ?? [], total: row?.total ?? 0 };
}

export interface MarkerRow {
  id: number;
  set_timestamp: number;
  first_line: string;
  author_id: number;
  author_username: string;
}

/**
 * The set's timed comments (set_timestamp > 0: 0 is what a comment written while the set was not
 * playing stores) in set order, at most `max`, each with its first non-empty line, trimmed, cut to `cut`
 * characters, and how many there are in all.
 */
export async function commentMarkers(
  db: Db,
  setId: number,
  max: number,
  cut: number,
): Promise<{ rows: MarkerRow[]; total: number }> {
  const row = await queryRow<{ total: number; rows: MarkerRow[] }>(
    db,
    sql`
    with m as (
      select p.id, p.set_timestamp, p.user_id,
        (select btrim(line, E' \\t\\r') from regexp_split_to_table(p.text, E'\\n') as line
         where line ~ '\\S' limit 1) as line
      from posts p where p.set_id = ${setId} and p.set_timestamp > 0
      order by p.set_timestamp, p.id limit ${max})
    select (select count(*) from posts p where p.set_id = ${setId} and p.set_timestamp > 0)::int as total,
      coalesce((select json_agg(json_build_object('id', m.id, 'set_timestamp', m.set_timestamp,
          'first_line', case when length(m.line) > ${cut} then left(m.line, ${cut - 1}) || '…' else m.line end,
          'author_id', u.id, 'author_username', u.username) order by m.set_timestamp, m.id)
        from m join users u on u.id = m.user_id), '[]'::json) as rows`,
  );
  return { rows: row?.rows ?? [], total: row?.total ?? 0 };
}

/** Whether the set or track exists (a list of an unknown item is a 404, not an empty page). */
export async function targetExists(db: Db, target: PostTarget): Promise<boolean> {
  const table = sql.raw(target.column === 'set_id' ? 'sets' : 'tracks');
  return (await queryRows(db, sql`select 1 from ${table} where id = ${target.id}`)).length > 0;
}

export interface PostValues {
  text: string;
  setTimestamp: number;
  setId: number | null;
  trackId: number | null;
}

async function one(db: Db, statement: SQL): Promise<PostRow | undefined> {
  return (await queryRows<PostRow>(db, statement))[0];
}

/** Inserts a post; an unknown set or track fails on its foreign key (see foreignKeyViolation). */
export function insertPost(db: Db, userId: number, values: PostValues): Promise<PostRow | undefined> {
  return one(
    db,
    sql`with p as (
      insert into posts (user_id, text, set_timestamp, set_id, track_id)
      values (${userId}, ${values.text}, ${values.setTimestamp}, ${values.setId}, ${values.trackId})
      returning *
    ) select ${POST_COLUMNS} from p join users u on u.id = p.user_id`,
  );
}

/**
 * Edits a post only when `userId` wrote it (the author check is in the WHERE, so it holds in the same
 * statement). undefined when nothing matched: then authorOf() tells 404 from 403.
 */
export function updatePost(
  db: Db,
  userId: number,
  postId: number,
  values: { text: string; setTimestamp: number; setId?: number | null; trackId?: number | null },
): Promise<PostRow | undefined> {
  // undefined keeps the current target; null removes it (the check constraint keeps one of the two)
  const setId = values.setId === undefined ? sql`set_id` : sql`${values.setId}`;
  const trackId = values.trackId === undefined ? sql`track_id` : sql`${values.trackId}`;
  return one(
    db,
    sql`with p as (
      update posts set text = ${values.text}, set_timestamp = ${values.setTimestamp},
        set_id = ${setId}, track_id = ${trackId}, updated_at = now(),
        -- (the right-hand text is the stored one: only a changed text counts as an edit)
        edited_at = case when text is distinct from ${values.text} then now() else edited_at end
      where id = ${postId} and user_id = ${userId}
      returning *
    ) select ${POST_COLUMNS} from p join users u on u.id = p.user_id`,
  );
}

/** Deletes a post only when `userId` wrote it; whether one was deleted. */
export async function deletePost(db: Db, userId: number, postId: number): Promise<boolean> {
  const deleted = await db
    .delete(posts)
    .where(and(eq(posts.id, postId), eq(posts.userId, userId)))
    .returning({ id: posts.id });
  return deleted.length > 0;
}

/** The author of a post, or undefined when there is no such post. */
export async function authorOf(db: Db, postId: number): Promise<number | undefined> {
  return (await queryRows<{ user_id: number }>(db, sql`select user_id from posts where id = ${postId}`))[0]
    ?.user_id;
}

/** The foreign key a failed write hit (PostgreSQL 23503), or null for any other error. */
export function foreignKeyViolation(error: unknown): string | null {
  // Drizzle wraps driver errors; the PostgreSQL fields sit on the error or on its cause.
  for (let current: unknown = error; current && typeof current === 'object'; ) {
    const { code, constraint, cause } = current as { code?: unknown; constraint?: unknown; cause?: unknown };
    if (code === '23503') return typeof constraint === 'string' ? constraint : '';
    current = cause;
  }
  return null;
}

/** Whether a failed write broke posts_target_check (an edit removing both set and track). */
export function targetCheckViolation(error: unknown): boolean {
  for (let current: unknown = error; current && typeof current === 'object'; ) {
    const { code, constraint, cause } = current as { code?: unknown; constraint?: unknown; cause?: unknown };
    if (code === '23514') return constraint === 'posts_target_check';
    current = cause;
  }
  return false;
}
