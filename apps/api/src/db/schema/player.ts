import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  doublePrecision,
  index,
  integer,
  pgTable,
  primaryKey,
  timestamp,
  unique,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { sets } from './sets';
import { users } from './users';

/**
 * A user's play queue (docs/player.md Queue item): `order` runs 1..n without gaps and at
 * most one item is current. (user_id, order) is unique and DEFERRABLE (migration 0005) so a reorder
 * can shift rows inside one transaction; every queue write also takes the user's row lock.
 */
export const queueItems = pgTable(
  'queue_items',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    setId: integer('set_id')
      .notNull()
      .references(() => sets.id, { onDelete: 'cascade' }),
    order: integer('order').notNull(),
    isCurrent: boolean('is_current').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    unique('queue_items_user_set_key').on(t.userId, t.setId),
    unique('queue_items_user_order_key').on(t.userId, t.order),
    uniqueIndex('queue_items_one_current_idx').on(t.userId).where(sql`${t.isCurrent}`),
    check('queue_items_order_check', sql`${t.order} >= 1`),
  ],
);

/** Plays counted for charts: at most one per user and set per hour (docs/player.md). */
export const plays = pgTable(
  'plays',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    setId: integer('set_id')
      .notNull()
      .references(() => sets.id, { onDelete: 'cascade' }),
    playedAt: timestamp('played_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [index('plays_user_set_idx').on(t.userId, t.setId, t.playedAt), index('plays_set_idx').on(t.setId)],
);

/** Moment likes (POST /set-likes): the user liked second `set_timestamp` of a set. */
export const setLikes = pgTable(
  'set_likes',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    setId: integer('set_id')
      .notNull()
      .references(() => sets.id, { onDelete: 'cascade' }),
    setTimestamp: doublePrecision('set_timestamp').notNull(),
    // the set track playing at that moment, when there was one
    trackPosition: integer('track_position'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    check('set_likes_timestamp_check', sql`${t.setTimestamp} >= 0`),
    index('set_likes_set_idx').on(t.setId),
    index('set_likes_user_idx').on(t.userId, t.createdAt),
  ],
);

/**
 * Moment likes per set and five-second slot (slot = floor(set_timestamp / 5)): the heat strip's
 * source. Raised by the same statement that records a like (player queries recordMomentLike).
 */
export const setLikeSlots = pgTable(
  'set_like_slots',
  {
    setId: integer('set_id')
      .notNull()
      .references(() => sets.id, { onDelete: 'cascade' }),
    slot: integer('slot').notNull(),
    likes: integer('likes').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.setId, t.slot] }),
    check('set_like_slots_slot_check', sql`${t.slot} >= 0`),
  ],
);

/** Total plays per set, for "the most played set containing a track" (GET /set_tracks/play/{id}). */
export const setPlayCounts = pgTable('set_play_counts', {
  setId: integer('set_id')
    .primaryKey()
    .references(() => sets.id, { onDelete: 'cascade' }),
  plays: integer('plays').notNull().default(0),
});
