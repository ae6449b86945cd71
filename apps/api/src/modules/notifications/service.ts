// Notifications rules (docs/ids-and-identifications.md Notifications): a release
// tells each waiting listener once; each user reads and marks only their own.
import type {
  MarkAllReadResult,
  Notification,
  NotificationList,
  NotificationListQuery,
  UnreadCount,
} from '@cratedig/contract/notification';
import type { SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { notFound } from '../../lib/http-errors';
import type { ServiceContext, UserContext } from '../../plugins/service-context';
import * as q from './queries';

/**
 * Notifies everyone who watches or favourited the ID of its release. Runs inside the release's
 * transaction (ctx.db is that transaction). Answers how many listeners were newly notified.
 */
export function notifyRelease(ctx: ServiceContext, idTrackId: number): Promise<number> {
  return q.insertReleaseNotifications(ctx.db, idTrackId);
}

/**
 * Notifies the users of `to` (a query of user ids) of something that happened to an ID: a proposal on
 * an ID they watch, their proposal accepted, the ID named. Runs in the caller's transaction (`db`);
 * answers how many were added (the unique (user, ID, kind, day) key notifies nobody twice).
 */
export function notifyAboutId(
  db: Db,
  to: SQL,
  idTrackId: number,
  kind: q.IdNotificationKind,
  identificationId: number,
): Promise<number> {
  return q.insertIdNotifications(db, to, idTrackId, kind, identificationId);
}

/** Tells the owner their set was taken down (inside the takedown's transaction); the new id. */
export function notifyTakedown(ctx: ServiceContext, ownerId: number, uploadId: string): Promise<number> {
  return q.insertTakedownNotification(ctx.db, ownerId, uploadId);
}

export async function listNotifications(
  ctx: UserContext,
  query: NotificationListQuery,
): Promise<NotificationList> {
  const { data, total, offset } = await q.listNotifications<Notification>(ctx.db, {
    userId: ctx.userId,
    limit: query.limit,
    search: query.search,
    after: query.after,
    afterId: query.after_id,
  });
  return { data, pagination: { offset, count: data.length, total } };
}

export async function unreadCount(ctx: UserContext): Promise<UnreadCount> {
  return { unread: await q.countUnread(ctx.db, ctx.userId) };
}

/** Someone else's notification answers 404 like an unknown one: its existence is not revealed. */
export async function markRead(ctx: UserContext, id: number): Promise<Notification> {
  const notification = await q.markRead<Notification>(ctx.db, ctx.userId, id);
  if (notification === undefined) throw notFound('Notification');
  return notification;
}

export async function markAllRead(ctx: UserContext): Promise<MarkAllReadResult> {
  return { marked: await q.markAllRead(ctx.db, ctx.userId), unread: 0 };
}

/** A notification's wire JSON and the joins it reads, for the live events that carry one. */

/**
 * The live `notification` event of a notification (modules/live): it as the bell lists it, and its
 * user's unread count; undefined when it is gone or not shown.
 */
export function notificationPayload<T>(
  db: Db,
  notificationId: number,
): Promise<{ notification: T; unread: number } | undefined> {
  return q.notificationPayload<T>(db, notificationId);
}
