import { NOTIFICATION_TIMEFRAMES } from '@cratedig/contract/constants';
import { NOTIFICATION_KINDS } from '@cratedig/contract/notification';
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { identifications } from './identifications';
import { uploads } from './publish';
import { sqlList } from './sql-helpers';
import { tracks } from './tracks';
import { users } from './users';

/**
 * A listener told what happened to an ID they watch or favourited, or to their suggestion for one
 * (docs/identifications-api.md). One per user, ID and kind (proposal_on_watched: and UTC day): the
 * unique key makes a repeated release or decision notify nobody twice.
 */
export const notifications = pgTable(
  'notifications',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    // the ID it is about; null for a takedown, which is about the owner's set (upload_id)
    idTrackId: integer('id_track_id').references(() => tracks.id, { onDelete: 'cascade' }),
    uploadId: text('upload_id').references(() => uploads.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull().default('release'),
    // the accepted or new proposal the notification names (all kinds but release)
    identificationId: integer('identification_id').references(() => identifications.id, {
      onDelete: 'cascade',
    }),
    // proposal_on_watched only: the UTC day it covers (one a day per ID)
    day: date('day', { mode: 'string' }),
    isRead: boolean('is_read').notNull().default(false),
    readDt: timestamp('read_dt', { withTimezone: true, mode: 'date' }),
    // to the millisecond, the wire's precision, so an `after` cursor compares equal to it
    createdDt: timestamp('created_dt', { withTimezone: true, mode: 'date' })
      .notNull()
      .default(sql`date_trunc('milliseconds', now())`),
    // The period end of the email digest that covered it; null until one does (never dropped).
    digestPeriodEnd: timestamp('digest_period_end', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    check('notifications_kind_check', sql`${t.kind} in (${sqlList(NOTIFICATION_KINDS)})`),
    check(
      'notifications_subject_check',
      sql`(${t.kind} = 'takedown') = (${t.idTrackId} is null) and (${t.kind} = 'takedown') = (${t.uploadId} is not null)`,
    ),
    check('notifications_day_check', sql`(${t.kind} = 'proposal_on_watched') = (${t.day} is not null)`),
    uniqueIndex('notifications_user_kind_key').on(
      t.userId,
      t.idTrackId,
      t.kind,
      sql`coalesce(${t.day}, '2000-01-01'::date)`,
    ),
    index('notifications_identification_idx').on(t.identificationId),
    index('notifications_user_created_idx').on(t.userId, t.createdDt.desc(), t.id.desc()),
    index('notifications_unread_idx').on(t.userId).where(sql`not ${t.isRead}`),
    index('notifications_id_track_idx').on(t.idTrackId),
    index('notifications_undigested_idx').on(t.userId, t.createdDt).where(sql`${t.digestPeriodEnd} is null`),
  ],
);

export const DIGEST_STATES = ['claimed', 'sent'] as const;

/**
 * One email digest per user and period: claimed (inserted) before the mail is sent, marked sent after.
 * The primary key makes a digest go out at most once, whichever instance or run claims it first.
 */
export const digests = pgTable(
  'digests',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    periodEnd: timestamp('period_end', { withTimezone: true, mode: 'date' }).notNull(),
    // the oldest notification the mail covered was created at covered_from (all before period_end)
    coveredFrom: timestamp('covered_from', { withTimezone: true, mode: 'date' }).notNull(),
    timeframe: text('timeframe').notNull(),
    notificationCount: integer('notification_count').notNull(),
    state: text('state').notNull().default('claimed'),
    claimedAt: timestamp('claimed_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.periodEnd], name: 'digests_pkey' }),
    check('digests_timeframe_check', sql`${t.timeframe} in (${sqlList(NOTIFICATION_TIMEFRAMES)})`),
    check('digests_state_check', sql`${t.state} in (${sqlList(DIGEST_STATES)})`),
  ],
);
