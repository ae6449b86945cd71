import { NOTIFICATION_TIMEFRAMES, USER_TYPES } from '@cratedig/contract/constants';
import { sql } from 'drizzle-orm';
import { boolean, check, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { sqlList } from './sql-helpers';

export const users = pgTable(
  'users',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    username: text('username').notNull(),
    email: text('email').notNull(),
    // null for accounts that only sign in through the identity provider
    passwordHash: text('password_hash'),
    aboutMe: text('about_me').notNull().default(''),
    avatarUrl: text('avatar_url'),
    firebaseUid: text('firebase_uid').unique(),
    // docs/accounts.md: internal, web_client or a social provider id such as google; open-ended on purpose
    authProvider: text('auth_provider'),
    soundcloudUrl: text('soundcloud_url'),
    userType: text('user_type').array().notNull().default(sql`'{listener}'::text[]`),
    notificationTimeframe: text('notification_timeframe').notNull().default('daily'),
    notificationPreferencesEnabled: boolean('notification_preferences_enabled').notNull().default(true),
    completedOnboarding: boolean('completed_onboarding').notNull().default(false),
    // proposals of this user that were accepted (profiles; 5 or more make the user's vote weigh 2)
    identificationsAccepted: integer('identifications_accepted').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    // "Sign out everywhere" or a password reset: identity-provider sign-ins from before it are refused.
    sessionsRevokedAt: timestamp('sessions_revoked_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    // Registration must reject 'DJ' when 'dj' exists (docs/accounts.md: duplicate username/email → 422).
    uniqueIndex('users_username_lower_key').on(sql`lower(${t.username})`),
    uniqueIndex('users_email_lower_key').on(sql`lower(${t.email})`),
    check(
      'users_user_type_check',
      sql`cardinality(${t.userType}) >= 1 and ${t.userType} <@ array[${sqlList(USER_TYPES)}]::text[]`,
    ),
    check(
      'users_notification_timeframe_check',
      sql`${t.notificationTimeframe} in (${sqlList(NOTIFICATION_TIMEFRAMES)})`,
    ),
  ],
);
