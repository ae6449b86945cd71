// The player's rules (docs/player.md Queue item, Queue Queue). Every queue write
// is one transaction under the user's row lock and ends by renumbering 1..n, so any sequence of calls,
// from any number of tabs, leaves `order` without gaps and at most one current item.
import type { QueueItem } from '@cratedig/contract/queue';
import type { SetMeta, SetUserFav } from '@cratedig/contract/set';
import type { TrackUserFav } from '@cratedig/contract/track';
import { signSetAudio } from '../../lib/audio-links';
import { forbidden, HttpError, notFound } from '../../lib/http-errors';
import type { UserContext } from '../../plugins/service-context';
import * as q from './queries';

/** docs/player.md Queue: the client shows 'This set is already in the queue.' on a 404 from POST /queue. */
export const ALREADY_QUEUED = 'This set is already in the queue.';

/** docs/accounts.md: a user_id in a body is checked against the token's user, never trusted. */
function assertSelf(ctx: UserContext, userId: number): void {
  if (userId !== ctx.userId) throw forbidden('You can only change your own queue.');
}

async function toQueue(ctx: UserContext, tx: q.Tx): Promise<QueueItem[]> {
  const found = await q.queueWithSets(tx, ctx.userId);
  const current = found.find(({ row }) => row.is_current)?.row.order;
  return found.map(({ row, set }) => ({
    id: row.id,
    user_id: ctx.userId,
    set_meta_id: row.set_id,
    set_meta: signSetAudio(ctx, set as SetMeta),
    order: row.order,
    is_current: row.is_current,
    // docs/player.md: items before the current one are played
    played: current !== undefined && row.order < current,
  }));
}

function itemOf(queue: QueueItem[], id: number): QueueItem {
  const item = queue.find((entry) => entry.id === id);
  // Only reachable if the row vanished inside our own locked transaction: a bug, not a client error.
  if (!item) throw new Error(`queue item ${id} missing after write`);
  return item;
}

export function getQueue(ctx: UserContext): Promise<QueueItem[]> {
  return toQueue(ctx, ctx.db);
}

export async function addToQueue(ctx: UserContext, body: { user_id: number; set_meta_id: number }) {
  assertSelf(ctx, body.user_id);
  return q.withUserQueueLock(ctx.db, ctx.userId, async (tx) => {
    if (!(await q.setExists(tx, body.set_meta_id))) throw notFound('Set');
    const added = await q.appendQueueItem(tx, ctx.userId, body.set_meta_id);
    if (!added) throw new HttpError(404, ALREADY_QUEUED);
    return itemOf(await toQueue(ctx, tx), added.id);
  });
}

export async function updateQueueItem(
  ctx: UserContext,
  body: { id: number; user_id: number; set_meta_id: number; order: number; is_current: boolean },
): Promise<QueueItem[]> {
  assertSelf(ctx, body.user_id);
  return q.withUserQueueLock(ctx.db, ctx.userId, async (tx) => {
    const rows = await q.queueRows(tx, ctx.userId);
    const item = rows.find((row) => row.id === body.id && row.set_id === body.set_meta_id);
    // Another user's item looks exactly like a missing one: nothing about it leaks or changes.
    if (!item) throw notFound('Queue item');
    // An order past the end means "last" (a client may count a just-removed item).
    await q.moveQueueItem(tx, ctx.userId, item.id, item.order, Math.min(body.order, rows.length));
    await q.setCurrent(tx, ctx.userId, item.id, body.is_current);
    await q.renumberQueue(tx, ctx.userId);
    return toQueue(ctx, tx);
  });
}

export async function removeQueueItem(ctx: UserContext, id: number): Promise<void> {
  await q.withUserQueueLock(ctx.db, ctx.userId, async (tx) => {
    if (!(await q.deleteQueueItem(tx, ctx.userId, id))) throw notFound('Queue item');
    await q.renumberQueue(tx, ctx.userId);
  });
}

export async function clearQueue(ctx: UserContext): Promise<void> {
  await q.withUserQueueLock(ctx.db, ctx.userId, (tx) => q.clearQueue(tx, ctx.userId));
}

/**
 * Playing a set makes it the queue's current item at the current position, so that 'played' (the
 * items before the current one) stays exactly what was played before it and the end of the set
 * advances to the item that followed what was playing:
 * - a set not in the queue is inserted right after the current item (first when none is current);
 * - a queued set that is not current moves there (the items in between shift up);
 * - the current set stays where it is.
 * With is_current false the set's item is only un-marked (404 when it is not queued).
 * Answers the whole queue, as the client shows it next (one round trip, not a second read).
 */
export async function newCurrent(
  ctx: UserContext,
  body: { user_id: number; set_meta_id: number; is_current: boolean },
): Promise<QueueItem[]> {
  assertSelf(ctx, body.user_id);
  return q.withUserQueueLock(ctx.db, ctx.userId, async (tx) => {
    const rows = await q.queueRows(tx, ctx.userId);
    let item = rows.find((row) => row.set_id === body.set_meta_id);
    if (!body.is_current) {
      if (!item) throw notFound('Queue item');
      await q.setCurrent(tx, ctx.userId, item.id, false);
      return toQueue(ctx, tx);
    }
    const current = rows.find((row) => row.is_current);
    if (!item) {
      if (!(await q.setExists(tx, body.set_meta_id))) throw notFound('Set');
      const added = await q.appendQueueItem(tx, ctx.userId, body.set_meta_id);
      // Only reachable if the set was queued inside our own locked transaction.
      if (!added) throw new Error(`set ${body.set_meta_id} already queued under the queue lock`);
      item = added;
    }
    if (item.id !== current?.id) {
      // Right after the current item; an item from before it lands where the current one ends up.
      const target = !current ? 1 : item.order < current.order ? current.order : current.order + 1;
      await q.moveQueueItem(tx, ctx.userId, item.id, item.order, target);
      await q.setCurrent(tx, ctx.userId, item.id, true);
    }
    return toQueue(ctx, tx);
  });
}

/**
 * docs/player.md: the item after the current one becomes current and is returned; with no current item the
 * first one starts. At the end of the queue nothing changes and the answer is undefined (204).
 */
export async function nextInQueue(ctx: UserContext): Promise<QueueItem | undefined> {
  return q.withUserQueueLock(ctx.db, ctx.userId, async (tx) => {
    const rows = await q.queueRows(tx, ctx.userId);
    const at = rows.findIndex((row) => row.is_current);
    const next = rows[at + 1];
    if (!next) return undefined;
    await q.setCurrent(tx, ctx.userId, next.id, true);
    return itemOf(await toQueue(ctx, tx), next.id);
  });
}

// ---------------------------------------------------------------------------------------------------
// Plays, resume, play targets

/** PUT /plays: saves the resume position and counts a play (once per user and set per hour). */
export async function savePlay(ctx: UserContext, body: { set_meta_id: number; current_timestamp: number }) {
  await ctx.db.transaction(async (tx) => {
    // The position is stored as sent, fractions of a second included.
    const saved = await q.saveResumePosition(tx, ctx.userId, body.set_meta_id, body.current_timestamp);
    if (!saved) throw notFound('Set');
    await q.countPlay(tx, ctx.userId, body.set_meta_id);
  });
}

export async function trackPlayTarget(ctx: UserContext, trackId: number) {
  const target = await q.findTrackPlayTarget(ctx.db, trackId);
  if (!target) throw notFound('Set with this track');
  return target;
}

// ---------------------------------------------------------------------------------------------------
// Moment likes

export async function likeMoment(ctx: UserContext, body: { set_meta_id: number; set_timestamp: number }) {
  const likes = await q.recordMomentLike(ctx.db, ctx.userId, body.set_meta_id, body.set_timestamp);
  if (likes === undefined) throw notFound('Set');
  return { likes };
}

export async function putSetInLikes(ctx: UserContext, setId: number): Promise<SetUserFav> {
  const fav = await q.likeSet(ctx.db, ctx.userId, setId);
  if (!fav) throw notFound('Set');
  return fav;
}

export async function putTrackInLikes(ctx: UserContext, trackId: number): Promise<TrackUserFav> {
  const fav = await q.likeTrack(ctx.db, ctx.userId, trackId);
  if (!fav) throw notFound('Track');
  return fav;
}
