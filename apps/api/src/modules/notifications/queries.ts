// SQL of the notifications (domain.md "IDs, releases, notifications"): the fan-out of a release, the
// caller's list with its keyset cursor, and marking read. A notification's release is read at list
// time from id_releases, so it always names the released track as the catalogue has it now.
import { and, eq, not, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { releasedIdJoins, releasedIdJson, releasedIdMatches } from '../../db/read-models/catalogue-releases';
import { queryRows } from '../../db/rows';
import { notifications } from '../../db/schema/index';

const instant = (column: string) =>
  sql.raw(`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`);

/**
 * One notification per listener who watches (show_likes) or favourited (is_fav) the ID; the unique
 * (user_id, id_track_id) skips anyone already told of this release. Answers how many were added.
 */
export async function insertReleaseNotifications(db: Db, idTrackId: number): Promise<number> {
  const [row] = await queryRows<{ added: number }>(
    db,
    sql`
      with added as (
        insert into notifications (user_id, id_track_id)
        select f.user_id, f.track_id from user_track_favs f
        where f.track_id = ${idTrackId} and (f.show_likes or f.is_fav)
        on conflict (user_id, id_track_id) do nothing
        returning 1)
      select count(*)::int as added from added`,
  );
  return row?.added ?? 0;
}

/**
 * A notification as the contract shapes it, from `n` (notifications) and the release the catalogue
 * read layer joins to it.
 */
export const notificationJson = sql`json_build_object(
  'id', n.id, 'is_read', n.is_read, 'read_dt', ${instant('n.read_dt')}, 'created_dt', ${instant('n.created_dt')},
  'release', ${releasedIdJson})`;

/** The joins notificationJson reads, after `notifications n`. */
export const notificationJoins = releasedIdJoins('n.id_track_id');

export interface NotificationPageParams {
  userId: number;
  limit: number;
  search: string | undefined;
  after: string | undefined;
  afterId: number | undefined;
}

export async function listNotifications<T>(
  db: Db,
  params: NotificationPageParams,
): Promise<{ data: T[]; total: number; offset: number }> {
  const { userId, limit, search, after, afterId } = params;
  const matches: SQL = search ? sql`and ${releasedIdMatches(like(search))}` : sql``;
  // Newest first, ties by id: the page holds what sorts after the cursor (created_dt, id).
  let beyond: SQL = sql`true`;
  if (after !== undefined) {
    beyond =
      afterId !== undefined
        ? sql`(m.created_dt, m.id) < (${after}::timestamptz, ${afterId}::int)`
        : sql`m.created_dt < ${after}::timestamptz`;
  }
  const [row] = await queryRows<{ data: T[]; total: number; offset: number }>(
    db,
    sql`
      with mine as (
        select n.id, n.created_dt, ${notificationJson} as item
        from notifications n ${notificationJoins}
        where n.user_id = ${userId} ${matches})
      select
        (select count(*)::int from mine) as total,
        (select count(*)::int from mine m where not (${beyond})) as offset,
        coalesce((select json_agg(p.item order by p.created_dt desc, p.id desc) from (
          select m.* from mine m where ${beyond} order by m.created_dt desc, m.id desc limit ${limit}) p),
          '[]'::json) as data`,
  );
  return { data: row?.data ?? [], total: row?.total ?? 0, offset: row?.offset ?? 0 };
}

function like(search: string): string {
  return `%${search.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
}

export async function countUnread(db: Db, userId: number): Promise<number> {
  return db.$count(notifications, and(eq(notifications.userId, userId), not(notifications.isRead)));
}

/** Marks the user's notification read (keeping the first read_dt); undefined when it is not theirs. */
export async function markRead<T>(db: Db, userId: number, id: number): Promise<T | undefined> {
  const updated = await queryRows<{ id: number }>(
    db,
    sql`
      update notifications set is_read = true, read_dt = coalesce(read_dt, date_trunc('milliseconds', now()))
      where id = ${id} and user_id = ${userId} returning id`,
  );
  if (updated.length === 0) return undefined;
  const [row] = await queryRows<{ item: T }>(
    db,
    sql`
      select ${notificationJson} as item from notifications n ${notificationJoins} where n.id = ${id}`,
  );
  return row?.item;
}

export async function markAllRead(db: Db, userId: number): Promise<number> {
  const [row] = await queryRows<{ marked: number }>(
    db,
    sql`
      with marked as (
        update notifications set is_read = true, read_dt = date_trunc('milliseconds', now())
        where user_id = ${userId} and not is_read returning 1)
      select count(*)::int as marked from marked`,
  );
  return row?.marked ?? 0;
}
