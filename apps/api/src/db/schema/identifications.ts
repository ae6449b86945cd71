// The crowd names the IDs (docs/identifications-api.md): proposals, their votes, and the live events
// with the tickets that open their streams. Migration 0014_identifications.sql holds the SQL functions
// and triggers these tables come with.
import { IDENTIFICATION_STATUSES, VOTES } from '@cratedig/contract/identification';
import { LIVE_EVENT_TYPES } from '@cratedig/contract/live-events';
import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { sqlList } from './sql-helpers';
import { tracks } from './tracks';
import { users } from './users';

/**
 * A proposal of what an ID is: a catalogue track (trackId) or a description. nameKey is the normalised
 * "artist - title" of either, which the partial unique indexes compare among open proposals.
 */
export const identifications = pgTable(
  'identifications',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    idTrackId: integer('id_track_id')
      .notNull()
      .references(() => tracks.id, { onDelete: 'cascade' }),
    authorId: integer('author_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    trackId: integer('track_id').references(() => tracks.id, { onDelete: 'cascade' }),
    artist: text('artist'),
    title: text('title'),
    mixName: text('mix_name'),
    labelName: text('label_name'),
    url: text('url'),
    nameKey: text('name_key').notNull(),
    status: text('status').notNull().default('open'),
    confirmCount: integer('confirm_count').notNull().default(0),
    rejectCount: integer('reject_count').notNull().default(0),
    // sum of vote weights: +weight per confirmation, -weight per rejection
    score: integer('score').notNull().default(0),
    createdDt: timestamp('created_dt', { withTimezone: true, mode: 'date' })
      .notNull()
      .default(sql`date_trunc('milliseconds', now())`),
    decidedDt: timestamp('decided_dt', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    check('identifications_status_check', sql`${t.status} in (${sqlList(IDENTIFICATION_STATUSES)})`),
    check(
      'identifications_names_check',
      sql`(${t.trackId} is not null and ${t.artist} is null and ${t.title} is null and ${t.mixName} is null and ${t.labelName} is null and ${t.url} is null) or (${t.trackId} is null and ${t.artist} is not null and ${t.title} is not null)`,
    ),
    check('identifications_not_itself_check', sql`${t.trackId} is distinct from ${t.idTrackId}`),
    check('identifications_decided_check', sql`(${t.status} = 'open') = (${t.decidedDt} is null)`),
    uniqueIndex('identifications_open_author_key')
      .on(t.idTrackId, t.authorId)
      .where(sql`${t.status} = 'open'`),
    uniqueIndex('identifications_open_name_key').on(t.idTrackId, t.nameKey).where(sql`${t.status} = 'open'`),
    uniqueIndex('identifications_accepted_key').on(t.idTrackId).where(sql`${t.status} = 'accepted'`),
    index('identifications_id_track_idx').on(t.idTrackId, t.createdDt.desc(), t.id.desc()),
    index('identifications_author_idx').on(t.authorId, t.createdDt.desc(), t.id.desc()),
    index('identifications_track_idx').on(t.trackId),
  ],
);

/** One vote per user and proposal, with the voter's weight when they voted. */
export const identificationVotes = pgTable(
  'identification_votes',
  {
    identificationId: integer('identification_id')
      .notNull()
      .references(() => identifications.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    vote: text('vote').notNull(),
    weight: integer('weight').notNull(),
    votedDt: timestamp('voted_dt', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.identificationId, t.userId], name: 'identification_votes_pkey' }),
    check('identification_votes_vote_check', sql`${t.vote} in (${sqlList(VOTES)})`),
    check('identification_votes_weight_check', sql`${t.weight} between 1 and 2`),
    index('identification_votes_user_idx').on(t.userId),
  ],
);

/** What open pages are told; announced on commit by pg_notify('cratedig_live', id). */
export const liveEvents = pgTable(
  'live_events',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    userId: integer('user_id'),
    trackId: integer('track_id'),
    type: text('type').notNull(),
    data: jsonb('data').notNull(),
    createdDt: timestamp('created_dt', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    check(
      'live_events_type_check',
      sql`${t.type} in (${sqlList(LIVE_EVENT_TYPES.filter((type) => type !== 'ready'))})`,
    ),
    index('live_events_created_idx').on(t.createdDt),
    index('live_events_user_idx').on(t.userId, t.id).where(sql`${t.userId} is not null`),
    index('live_events_track_idx').on(t.trackId, t.id).where(sql`${t.trackId} is not null`),
  ],
);

/** Single-use tickets that open an event stream, stored hashed. */
export const liveTickets = pgTable(
  'live_tickets',
  {
    ticketHash: text('ticket_hash').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [index('live_tickets_expires_idx').on(t.expiresAt)],
);
