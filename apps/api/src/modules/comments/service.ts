// Comment rules: newest first, only the author edits or deletes (403 otherwise, nothing changed),
// unknown sets and tracks are 404s. Text rules are the contract's (comments-api.ts);
// the text is stored exactly as written and goes back as JSON text, never as HTML.

import type { Post } from '@cratedig/contract/comment';
import {
  POST_ORDERS,
  type PostInput,
  type PostList,
  type PostListQuery,
} from '@cratedig/contract/comments-api';
import { COMMENT_MARKER_TEXT_MAX, COMMENT_MARKERS_MAX } from '@cratedig/contract/constants';
import type { CommentMarkers } from '@cratedig/contract/moments-api';
import { forbidden, notFound, unprocessable } from '../../lib/http-errors';
import type { UserContext } from '../../plugins/service-context';
import { toPost } from './mapper';
import * as q from './queries';

export async function listPosts(
  ctx: UserContext,
  on: 'set' | 'track',
  id: number,
  query: PostListQuery,
): Promise<PostList> {
  const target: q.PostTarget = { column: on === 'set' ? 'set_id' : 'track_id', id };
  const [exists, page] = await Promise.all([
    q.targetExists(ctx.db, target),
    q.listPosts(ctx.db, target, query.limit, query.offset, {
      by: query.order_by === POST_ORDERS.set_position ? 'set_timestamp' : 'created',
      // newest first by default; set order from the start of the set
      direction: query.order_direction ?? (query.order_by === POST_ORDERS.set_position ? 'asc' : 'desc'),
    }),
  ]);
  if (!exists) throw notFound(on === 'set' ? 'Set' : 'Track');
  return {
    data: page.rows.map(toPost),
    pagination: { offset: query.offset, count: page.rows.length, total: page.total },
  };
}

/** The seek bar's comment markers of a set: its timed comments in set order, first lines only. */
export async function setCommentMarkers(ctx: UserContext, setId: number): Promise<CommentMarkers> {
  const target: q.PostTarget = { column: 'set_id', id: setId };
  const [exists, markers] = await Promise.all([
    q.targetExists(ctx.db, target),
    q.commentMarkers(ctx.db, setId, COMMENT_MARKERS_MAX, COMMENT_MARKER_TEXT_MAX),
  ]);
  if (!exists) throw notFound('Set');
  return {
    data: markers.rows.map((row) => ({
      id: row.id,
      set_timestamp: row.set_timestamp,
      first_line: row.first_line,
      author: { id: row.author_id, username: row.author_username },
    })),
    total: markers.total,
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

export async function createPost(ctx: UserContext, body: PostInput): Promise<Post> {
  try {
    const row = await q.insertPost(ctx.db, ctx.userId, {
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

export async function updatePost(ctx: UserContext, postId: number, body: PostInput): Promise<Post> {
  let row: q.PostRow | undefined;
  try {
    row = await q.updatePost(ctx.db, ctx.userId, postId, {
      text: body.text,
      setTimestamp: positionS(body.set_timestamp),
      setId: body.set_meta_id,
      trackId: body.track_meta_id,
    });
  } catch (error) {
    throw clientError(error) ?? error;
  }
  if (row === undefined) throw await missingOrForbidden(ctx, postId);
  return toPost(row);
}

export async function deletePost(ctx: UserContext, postId: number): Promise<void> {
  if (!(await q.deletePost(ctx.db, ctx.userId, postId))) throw await missingOrForbidden(ctx, postId);
}

/** Why an author-only write matched nothing: no such post (404) or someone else's (403). */
async function missingOrForbidden(ctx: UserContext, postId: number): Promise<Error> {
  const author = await q.authorOf(ctx.db, postId);
  return author === undefined ? notFound('Post') : forbidden('Only the author may change this comment.');
}
