// A comment (a post) on a set or a track, and the rules its text must follow.
import { z } from 'zod';
import { CONTROL_CHARACTERS_MESSAGE, id, instant, NO_CONTROL_CHARACTERS_BUT_LINES, seconds } from './common';
import { COMMENT_MAX_LENGTH } from './constants';
import { publicAuthor } from './user';

export const post = z
  .object({
    id,
    // stored as written and always rendered as text, never as HTML
    text: z.string(),
    // when it was written
    timestamp: instant,
    // when its author last changed the text, or null when never: the app marks it "edited"
    edited_dt: instant.nullable(),
    // the playback position it refers to, when one was sent
    set_timestamp: seconds.nullable(),
    set_meta_id: id.nullable(),
    track_meta_id: id.nullable(),
    author: publicAuthor,
  })
  .meta({ id: 'Post' });
export type Post = z.infer<typeof post>;

/**
 * Comment text: not empty, not only whitespace, at most COMMENT_MAX_LENGTH
 * characters. Checked, not trimmed: the text is stored as written. A pattern rather than a refine
 * so that OpenAPI shows the rule too.
 */
export const commentText = z
  .string()
  .max(COMMENT_MAX_LENGTH, `Comment must be at most ${COMMENT_MAX_LENGTH} characters`)
  .regex(/\S/, 'Comment must not be empty')
  .regex(NO_CONTROL_CHARACTERS_BUT_LINES, CONTROL_CHARACTERS_MESSAGE);

/** docs/library.md POST /posts and PUT /posts/{id}: the comment and what it is about. */
export const postBody = z
  .object({
    text: commentText,
    set_meta_id: id.nullable().optional(),
    track_meta_id: id.nullable().optional(),
    set_timestamp: seconds.nullable().optional(),
  })
  // a comment belongs to a set or a track page (docs/library.md Comments tabs)
  .refine((b) => b.set_meta_id != null || b.track_meta_id != null, {
    message: 'A comment needs a set_meta_id or a track_meta_id',
    path: ['set_meta_id'],
  })
  .meta({ id: 'PostBody' });
export type PostBody = z.infer<typeof postBody>;
