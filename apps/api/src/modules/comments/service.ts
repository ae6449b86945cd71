// Comment rules (issue 5, spec §5-§7): newest first, only the author edits or deletes (403 otherwise,
// nothing changed), unknown sets and tracks are 404s. Text rules are the contract's (comments-api.ts);
// the text is stored exactly as written and goes back as JSON text, never as HTML.

import type { Post } from '@cratedig/contract/comment';
import type { PostInput, PostList, PostListQuery } from '@cratedig/contract/comments-api';
import type { Db } from '../../db/client';
import { forbidden, notFound, unprocessable } from '../../lib/http-errors';
import { toPost } from './mapper';
import * as q from './queries';

export async function listPosts(
  db: Db,
  on: 'set' | 'track',
  id: number,
  query: PostListQuery,
): Promise<PostList> {
  const target: q.PostTarget = { column: on === 'set' ? 'set_id' : 'track_id', id };
  const [exists, page] = await Promise.all([
    q.targetExists(db, target),
    q.listPosts(db, target, query.limit, query.offset),
  ]);
  if (!exists) throw notFound(on === 'set' ? 'Set' : 'Track');
  return {
    data: page.rows.map(toPost),
    pagination: { offset: query.offset, count: page.rows.length, total: page.total },
  };
}

/** Seconds as the table keeps them (whole seconds; the contract allows fractions). */
/** The playback position as sent, fractions included; none is the start of the set. */
const positionS = (s: number | null | undefined) => s ?? 0;

/** Turns a database refusal caused by the client's ids into the 404 / 422 it deserves. */
function clientError(error: unknown): Error | undefined {
  const fk = q.foreignKeyViolation(error);
  if (fk !== null) {
    if (fk.includes('track_id')) return notFound('Track');
    if (fk.includes('set_id')) return notFound('Set');
  }
  if (q.targetCheckViolation(error)) {
    return unprocessable({ set_meta_id: ['A comment needs a set_meta_id or a track_meta_id'] });
  }
  return undefined;
}

export async function createPost(db: Db, userId: number, body: PostInput): Promise<Post> {
  try {
    const row = await q.insertPost(db, userId, {
      text: body.text,
      setTimestamp: positionS(body.set_timestamp),
      setId: body.set_meta_id ?? null,
      trackId: body.track_meta_id ?? null,
    });
    // The insert joins its author, who is the signed-in user; no row means the account just vanished.
    if (row === undefined) throw notFound('User');
    return toPost(row);
  } catch (error) {
    throw clientError(error) ?? error;
  }
}

export async function updatePost(db: Db, userId: number, postId: number, body: PostInput): Promise<Post> {
  let row: q.PostRow | undefined;
  try {
    row = await q.updatePost(db, userId, postId, {
      text: body.text,
      setTimestamp: positionS(body.set_timestamp),
      setId: body.set_meta_id,
      trackId: body.track_meta_id,
    });
  } catch (error) {
    throw clientError(error) ?? error;
  }
  if (row === undefined) throw await missingOrForbidden(db, postId);
  return toPost(row);
}

export async function deletePost(db: Db, userId: number, postId: number): Promise<void> {
  if (!(await q.deletePost(db, userId, postId))) throw await missingOrForbidden(db, postId);
}

/** Why an author-only write matched nothing: no such post (404) or someone else's (403). */
async function missingOrForbidden(db: Db, postId: number): Promise<Error> {
  const author = await q.authorOf(db, postId);
  return author === undefined ? notFound('Post') : forbidden('Only the author may change this comment.');
}
