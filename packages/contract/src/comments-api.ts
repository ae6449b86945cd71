// The comment calls: the lists of a set's or a track's posts, newest first, paged like every list,
// and the author's create / edit / delete.
import { z } from 'zod';
import { post, postBody } from './comment';
import { idParams, limitParam, listResponse, offsetParam } from './common';
import { ORDER_DIRECTIONS } from './constants';

/** The orders of a set's or track's comments: newest first, or where they were written in the set. */
export const POST_ORDERS = { newest: 'post.created_dt', set_position: 'post.set_timestamp' } as const;

/**
 * GET /sets/{id}/posts and /tracks/{id}/posts. order_by `post.created_dt` (default) lists newest
 * first, `post.set_timestamp` in set order (earliest position first); order_direction flips either.
 * Ties break on id in the same direction.
 */
export const postListQuery = z.object({
  limit: limitParam(),
  offset: offsetParam,
  order_by: z.enum([POST_ORDERS.newest, POST_ORDERS.set_position]).default(POST_ORDERS.newest),
  order_direction: z.enum(ORDER_DIRECTIONS).optional(),
});
export type PostListQuery = z.output<typeof postListQuery>;

export const postList = listResponse(post).meta({ id: 'PostList' });
export type PostList = z.infer<typeof postList>;

/**
 * POST /posts and PUT /posts/{id} (comment.ts postBody). On PUT a set_meta_id / track_meta_id left
 * out keeps the post's current one; null removes it (one of the two must remain).
 */
// set_timestamp is the playback position in seconds, fractions kept (stored as a double); an
// absurdly large one is the client's mistake (422).
const SET_TIMESTAMP_MAX_S = 2_147_483_647;
const withBoundedTimestamp = postBody
  .refine((b) => b.set_timestamp == null || b.set_timestamp <= SET_TIMESTAMP_MAX_S, {
    message: 'set_timestamp is too large',
    path: ['set_timestamp'],
  })
  // PostgreSQL text cannot hold U+0000: refuse it here rather than fail in the database.
  .refine((b) => !b.text.includes('\u0000'), {
    message: 'Comment must not contain a NUL character',
    path: ['text'],
  });
export const createPostBody = withBoundedTimestamp;
export const updatePostBody = withBoundedTimestamp;
export type PostInput = z.output<typeof createPostBody>;

export const postParams = idParams;
