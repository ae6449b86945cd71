// SQL of the notifications (docs/ids-and-identifications.md): the fan-out of a release, the
// caller's list with its keyset cursor, and marking read. A notification's release and proposal are
// read at list time, so they always name the tracks as the catalogue has them now.
import { and, eq, not, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { idNoticeJoins } from '../../db/read-models/catalogue-id-notices';
import { watchersOf } from '../../db/read-models/catalogue-ids';
import { queryRows } from '../../db/rows';
import { notifications } from '../../db/schema/index';

const instant = (column: string) =>
  sql.raw(`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`);

/**
 * One notification per listener who watches (show_likes) or favourited (is_fav) the ID; the unique
 * (user, ID, kind) key skips anyone already told of this release. Answers how many were added.
 */
export async function insertReleaseNotifications(db: Db, idTrackId: number): Promise<number> {
  const [row] = await queryRows<{ added: number }>(
    db,
    sql`
      with added as (
        insert into notifications (user_id, id_track_id, kind)
        select w.user_id, ${idTrackId}::int, 'release' from (${watchersOf(idTrackId)}) w
        on conflict do nothing
        returning 1)
      select count(*)::int as added from added`,
  );
  return row?.added ?? 0;
}

/** What can happen to an ID that its people are told of. */
export type IdNotificationKind = 'identified' | 'proposal_accepted' | 'proposal_on_watched';

/**
 * Notifies users of something that happened to an ID; the unique (user, ID, kind, day) key makes a
 * repeat notify nobody twice. `to` is a query of user ids. Answers how many were added.
 */
export async function insertIdNotifications(
  db: Db,
  to: SQL,
  idTrackId: number,
  kind: IdNotificationKind,
  identificationId: number,
): Promise<number> {
  const day = kind === 'proposal_on_watched' ? sql`(now() at time zone 'UTC')::date` : sql`null::date`;
  const [row] = await queryRows<{ added: number }>(
    db,
    sql`
      with added as (
        insert into notifications (user_id, id_track_id, kind, identification_id, day)
        select u.user_id, ${idTrackId}, ${kind}, ${identificationId}, ${day} from (${to}) u
        on conflict do nothing returning 1)
      select count(*)::int as added from added`,
  );
  return row?.added ?? 0;
}

/**
 * Tells a DJ their set was taken down: one notification naming their draft (which holds the reason);
 * a live event follows from the insert, as for every notification.
 */
export async function insertTakedownNotification(db: Db, userId: number, uploadId: string): Promise<number> {
  const [row] = await queryRows<{ id: number }>(
    db,
    sql`insert into notifications (user_id, kind, upload_id) values (${userId}, 'takedown', ${uploadId}) returning id`,
  );
  if (!row) throw new Error('takedown notification not inserted');
  return row.id;
}

/**
 * A notification as the contract shapes it, from `n` (notifications), `p` (the proposal it names),
 * `au` (its author), `u` (the user's set a takedown is about) and the catalogue's aliases of
 * idNoticeJoins(): `h` (the ID), `r` (the released track, kind release) and `heard` (the set the ID
 * was heard in, with its position there). A takedown names no ID: its id_track is null.
 */
export const notificationJson = sql`json_build_object(
  'id', n.id, 'kind', n.kind, 'is_read', n.is_read, 'read_dt', ${instant('n.read_dt')},
  'created_dt', ${instant('n.created_dt')},
  'id_track', case when h.id is null then null else json_build_object('id', h.id, 'artist', h.artist,
    'title', h.title,
    'set_meta', case when heard.id is null then null else json_build_object('id', heard.id, 'set_name', heard.set_name) end,
    'track_position', heard.track_position) end,
  'release', case when n.kind = 'release' then json_build_object(
    'set_meta', json_build_object('set_name', coalesce(heard.set_name, '')),
    'track_meta', json_build_object('id', r.id, 'artist', r.artist, 'title', r.title,
      'release_date', r.release_date, 'art_url_xl', r.art_url_xl),
    'track_position', coalesce(heard.track_position, 1)) end,
  'proposal', case when p.id is null then null else json_build_object('id', p.id,
    'names', cd_proposal_names(p), 'author', json_build_object('id', au.id, 'username', au.username)) end,
  'upload', case when n.kind = 'takedown' then json_build_object('id', u.id,
    'set_name', coalesce(u.set_name, ''), 'reason', coalesce(u.reason, '')) end)`;

/**
 * The joins notificationJson reads, after `notifications n`: the proposal, its author, the user's set
 * taken down, the catalogue's (left joins all: a takedown has no ID, a release no proposal).
 */
export const notificationJoins = sql`
  left join identifications p on p.id = n.identification_id
  left join users au on au.id = p.author_id
  left join uploads u on u.id = n.upload_id
  ${idNoticeJoins(sql`n.id_track_id`, sql`n.kind = 'release'`, sql`p.track_id`)}`;

/** The notifications that can be shown: a release one needs its release (the joins find it). */
export const notificationShown = sql`(n.kind <> 'release' or r.id is not null)`;

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
  const matches: SQL = search
    ? sql`and (r.title ilike ${like(search)} or r.artist ilike ${like(search)}
        or coalesce(p.title, pt.title) ilike ${like(search)} or coalesce(p.artist, pt.artist) ilike ${like(search)}
        or u.set_name ilike ${like(search)})`
    : sql``;
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
        where n.user_id = ${userId} and ${notificationShown} ${matches})
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

/** The `notification` event of a notification: it, as the bell lists it, and the unread count. */
export async function notificationPayload<T>(
  db: Db,
  notificationId: number,
): Promise<{ notification: T; unread: number } | undefined> {
  const [row] = await queryRows<{ notification: T; unread: number }>(
    db,
    sql`
      select ${notificationJson} as notification,
        (select count(*)::int from notifications u where u.user_id = n.user_id and not u.is_read) as unread
      from notifications n ${notificationJoins}
      where n.id = ${notificationId} and (n.kind <> 'release' or r.id is not null)`,
  );
  return row;
}
