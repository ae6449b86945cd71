import { sql } from 'drizzle-orm';
import { bigint, index, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * Opaque refresh tokens (docs/accounts.md): only a hash is stored. Every PUT /tokens
 * rotates the token (rotated_at set, a new row in the same family); presenting a rotated token again
 * revokes the whole family. A family expires 30 days after sign-in whatever its rotations.
 */
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    familyId: uuid('family_id').notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    familyExpiresAt: timestamp('family_expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    rotatedAt: timestamp('rotated_at', { withTimezone: true, mode: 'date' }),
    revokedAt: timestamp('revoked_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [index('refresh_tokens_user_idx').on(t.userId), index('refresh_tokens_family_idx').on(t.familyId)],
);

/** Single-use password reset links, valid 1 h, stored hashed (docs/accounts.md). */
export const passwordResets = pgTable(
  'password_resets',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [index('password_resets_user_idx').on(t.userId)],
);

/**
 * Sliding-window counters for rate limits and failed logins, kept in PostgreSQL so every API
 * instance sees the same counts (no state in one process's memory: docs/deploy.md). `bucket` names the
 * limit (e.g. 'login:pair'), `key` what it counts (an account, an address, both).
 */
export const rateLimitHits = pgTable(
  'rate_limit_hits',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    bucket: text('bucket').notNull(),
    key: text('key').notNull(),
    at: timestamp('at', { withTimezone: true, mode: 'date' }).notNull().default(sql`now()`),
  },
  (t) => [index('rate_limit_hits_lookup_idx').on(t.bucket, t.key, t.at)],
);

/**
 * Rate-limit counters that keep, in one row each, the times of their last `max` hits, oldest first:
 * the search limit, decided in each API instance's memory and merged here about once a second by
 * every instance (modules/accounts/search-limits.ts, db/functions/08-rate-limits.sql
 * cd_merge_counter_hits), so each learns the others' hits. The same sliding window as
 * `rate_limit_hits` answers (the max-th most recent hit decides). Counters whose hits can be given
 * back (a good sign-in) stay in `rate_limit_hits`.
 */
export const rateLimitCounters = pgTable(
  'rate_limit_counters',
  {
    bucket: text('bucket').notNull(),
    key: text('key').notNull(),
    hits: timestamp('hits', { withTimezone: true, mode: 'date' }).array().notNull(),
  },
  (t) => [primaryKey({ columns: [t.bucket, t.key] })],
);
