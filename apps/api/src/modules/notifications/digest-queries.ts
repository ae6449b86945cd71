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
 * were notified of something since their last digest (and within that period).
 */
export async function findDueUsers(db: Db, periods: PeriodsByTimeframe): Promise<number[]> {
  const pick = (field: 'start' | 'end') => sql`case u.notification_timeframe
    when 'daily' then ${periods.daily[field].toISOString()}::timestamptz
    when 'weekly' then ${periods.weekly[field].toISOString()}::timestamptz
    else ${periods.monthly[field].toISOString()}::timestamptz end`;
  return (
    await queryRows<{ id: number }>(
      db,
      sql`
      select u.id from users u
      cross join lateral (select ${pick('start')} as p_start, ${pick('end')} as p_end) p
      cross join lateral (select max(d.period_end) as covered from digests d where d.user_id = u.id) last
      where u.notification_preferences_enabled
        and (last.covered is null or last.covered < p.p_end)
        and exists (select 1 from notifications n where n.user_id = u.id
                    and n.created_dt >= greatest(p.p_start, coalesce(last.covered, p.p_start))
                    and n.created_dt < p.p_end)
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

/** The notifications created in [from, to), newest first, at most `limit`, and how many there are. */
export async function notificationsBetween<T>(
  db: Db,
  userId: number,
  from: Date,
  to: Date,
  limit: number,
): Promise<{ items: T[]; total: number }> {
  const window = sql`n.user_id = ${userId} and n.created_dt >= ${from.toISOString()}::timestamptz
    and n.created_dt < ${to.toISOString()}::timestamptz`;
  const [row] = await queryRows<{ items: T[] | null; total: number }>(
    db,
    sql`
      select (select count(*)::int from notifications n where ${window}) as total,
        (select json_agg(p.item order by p.created_dt desc, p.id desc) from (
          select n.id, n.created_dt, ${notificationJson} as item from notifications n ${notificationJoins}
          where ${window} order by n.created_dt desc, n.id desc limit ${limit}) p) as items`,
  );
  return { items: row?.items ?? [], total: row?.total ?? 0 };
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

/** Drops a claim whose mail was refused by the transport (known unsent), so a later run retries. */
export async function dropClaim(db: Db, userId: number, periodEnd: Date): Promise<void> {
  await db.execute(sql`
    delete from digests where user_id = ${userId} and period_end = ${periodEnd.toISOString()}::timestamptz
      and state = 'claimed'`);
}
