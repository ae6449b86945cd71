import { COMMENT_MAX_LENGTH } from '@cratedig/contract/constants';
import { sql } from 'drizzle-orm';
import { check, doublePrecision, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { sets } from './sets';
import { tracks } from './tracks';
import { users } from './users';

/** Comments (docs/library.md Comment/post) on a set or a track; text is stored exactly as written. */
export const posts = pgTable(
  'posts',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    text: text('text').notNull(),
    // playback position in seconds when the comment was written (0 when the set was not playing)
    setTimestamp: doublePrecision('set_timestamp').notNull().default(0),
    setId: integer('set_id').references(() => sets.id, { onDelete: 'cascade' }),
    trackId: integer('track_id').references(() => tracks.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    // when the author last changed the text (null: never); the app marks such a comment "edited"
    editedAt: timestamp('edited_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    check('posts_target_check', sql`${t.setId} is not null or ${t.trackId} is not null`),
    check(
      'posts_text_check',
      sql`length(btrim(${t.text})) > 0 and length(${t.text}) <= ${sql.raw(String(COMMENT_MAX_LENGTH))}`,
    ),
    check('posts_set_timestamp_check', sql`${t.setTimestamp} >= 0`),
    // docs/library.md GET /sets/{id}/posts and /tracks/{id}/posts: newest first
    index('posts_set_idx').on(t.setId, t.createdAt.desc(), t.id.desc()),
    // a set's comments in set order, and the seek bar's comment markers
    index('posts_set_position_idx').on(t.setId, t.setTimestamp, t.id),
    index('posts_track_idx').on(t.trackId, t.createdAt.desc(), t.id.desc()),
    index('posts_user_idx').on(t.userId),
  ],
);
