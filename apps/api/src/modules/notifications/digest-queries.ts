// SQL of the email digests: which users are due, claiming one user's digest (the exactly-once row),
// and recording the outcome. Reads the users' email and digest settings (accounts' columns) because
// the claim must lock the user's row in the same transaction as it reads their notifications.
import type { NotificationTimeframe } from '@cratedig/contract/constants';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { queryRows } from '../../db/rows';
import type { Period } from './digest-periods';
import { notificationJoins, notificationJson } from './queries';

export type PeriodsByTimeframe = Record<NotificationTimeframe, Period>;

/**
 * Users with digests on whose last complete period has ended without a digest covering it, and who
 * have a notification no digest covered yet from before that period's end (however old it is).
 */
export async function findDueUsers(db: Db, periods: PeriodsByTimeframe): Promise<number[]> {
  const periodEnd = sql`case u.notification_timeframe
    when 'daily' then ${periods.daily.end.toISOString()}::timestamptz
    when 'weekly' then ${periods.weekly.end.toISOString()}::timestamptz
    else ${periods.monthly.end.toISOString()}::timestamptz end`;
  return (
    await queryRows<{ id: number }>(
      db,
      sql`
      select u.id from users u
      cross join lateral (select ${periodEnd} as p_end) p
      where u.notification_preferences_enabled
        and not exists (select 1 from digests d where d.user_id = u.id and d.period_end >= p.p_end)
        and exists (select 1 from notifications n where n.user_id = u.id
                    and n.digest_period_end is null and n.created_dt < p.p_end)
      order by u.id`,
    )
  ).map((row) => row.id);
}

export interface DigestUser {
  id: number;
  email: string;
  username: string;
  notification_timeframe: NotificationTimeframe;
  notification_preferences_enabled: boolean;
}

/** The user's row, locked until the claim's transaction ends: one claim per user at a time. */
export async function lockUser(db: Db, userId: number): Promise<DigestUser | undefined> {
  return (
    await queryRows<DigestUser>(
      db,
      sql`
      select id, email, username, notification_timeframe, notification_preferences_enabled
      from users where id = ${userId} for update`,
    )
  )[0];
}

/** The end of the last period a digest (sent or claimed) covered for the user. */
export async function coveredUntil(db: Db, userId: number): Promise<Date | undefined> {
  const [row] = await queryRows<{ covered: string | Date | null }>(
    db,
    sql`select max(period_end) as covered from digests where user_id = ${userId}`,
  );
  return row?.covered ? new Date(row.covered) : undefined;
}

/**
 * Marks every notification of the user that no digest covered yet, created before the period's end,
 * as covered by this period's digest, and answers them: how many, the oldest one's date and the
 * newest `limit` for the mail. One statement, so what is marked is exactly what is answered, even
 * while a release adds notifications.
 */
export async function coverNotifications<T>(
  db: Db,
  userId: number,
  periodEnd: Date,
  limit: number,
): Promise<{ items: T[]; total: number; oldest: Date | null }> {
  const end = sql`${periodEnd.toISOString()}::timestamptz`;
  const [row] = await queryRows<{ items: T[] | null; total: number; oldest: string | Date | null }>(
    db,
    sql`
      with marked as (
        update notifications set digest_period_end = ${end}
        where user_id = ${userId} and digest_period_end is null and created_dt < ${end}
        returning id, created_dt)
      select (select count(*)::int from marked) as total,
        (select min(created_dt) from marked) as oldest,
        (select json_agg(p.item order by p.created_dt desc, p.id desc) from (
          select n.id, n.created_dt, ${notificationJson} as item from notifications n ${notificationJoins}
          where n.id in (select id from marked) order by n.created_dt desc, n.id desc limit ${limit}) p) as items`,
  );
  return {
    items: row?.items ?? [],
    total: row?.total ?? 0,
    oldest: row?.oldest ? new Date(row.oldest) : null,
  };
}

/** Inserts the claim; false when a digest for this user and period end already exists. */
export async function insertClaim(
  db: Db,
  claim: { userId: number; periodEnd: Date; coveredFrom: Date; timeframe: string; count: number },
): Promise<boolean> {
  const rows = await queryRows<{ user_id: number }>(
    db,
    sql`
      insert into digests (user_id, period_end, covered_from, timeframe, notification_count)
      values (${claim.userId}, ${claim.periodEnd.toISOString()}::timestamptz,
              ${claim.coveredFrom.toISOString()}::timestamptz, ${claim.timeframe}, ${claim.count})
      on conflict (user_id, period_end) do nothing returning user_id`,
  );
  return rows.length > 0;
}

export async function markSent(db: Db, userId: number, periodEnd: Date): Promise<void> {
  await db.execute(sql`
    update digests set state = 'sent', sent_at = now()
    where user_id = ${userId} and period_end = ${periodEnd.toISOString()}::timestamptz`);
}

/**
 * Drops a claim whose mail was refused by the transport (known unsent), and uncovers its
 * notifications, so a later run retries them. Run inside one transaction.
 */
export async function dropClaim(db: Db, userId: number, periodEnd: Date): Promise<void> {
  const end = sql`${periodEnd.toISOString()}::timestamptz`;
  const dropped = await queryRows<{ user_id: number }>(
    db,
    sql`
      delete from digests where user_id = ${userId} and period_end = ${end} and state = 'claimed'
      returning user_id`,
  );
  if (dropped.length === 0) return;
  await db.execute(sql`
    update notifications set digest_period_end = null
    where user_id = ${userId} and digest_period_end = ${end}`);
}
