// The live-event hub of one API instance: the open streams, indexed by user and by watched ID, and the
// one listening connection through which every instance hears of each new live_events row when its
// transaction commits (pg_notify). Each event is read once per instance and pushed to the streams it
// concerns: a user's notification to that user's streams, an ID's change to the streams showing it.
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client';
import { notificationPayload } from '../notifications/service';
import * as q from './queries';

/** One open stream. `pending` buffers live events while the stream is still catching up. */
export interface LiveClient {
  userId: number;
  tracks: number[];
  send(type: string, data: unknown, id: number): void;
  pending: q.LiveEventRow[] | null;
  /**
   * The ids this stream was sent lately (at most SENT_REMEMBERED, oldest first): an event is sent
   * once, yet one that committed late still goes out after a higher id. Empty for an idle stream.
   */
  sent: Set<number>;
}

const CHANNEL = 'cratedig_live';
const PRUNE_EVERY_MS = 60_000;
/** How soon the hub tries again to listen when the database could not be reached at start-up. */
const START_RETRY_MS = 5_000;
/** How many events a reconnect or a reconnected instance catches up on at most. */
export const CATCH_UP_MAX = 500;
/** Enough for a catch-up's worth of events and the late commits that follow it. */
const SENT_REMEMBERED = CATCH_UP_MAX + 100;

export class LiveHub {
  private readonly byUser = new Map<number, Set<LiveClient>>();
  private readonly byTrack = new Map<number, Set<LiveClient>>();
  private queued: number[] = [];
  private flushing: Promise<void> | undefined;
  private stopListening: (() => Promise<void>) | undefined;
  private pruneTimer: NodeJS.Timeout | undefined;
  private retryTimer: NodeJS.Timeout | undefined;
  private stopped = false;
  private lastSeen = 0;
  private clientCount = 0;

  constructor(
    private readonly database: Database,
    private readonly log: FastifyBaseLogger,
    private readonly retentionS: number,
  ) {}

  get connections(): number {
    return this.clientCount;
  }

  /**
   * Starts listening. A database that can't be reached at start-up must not keep the server from
   * starting (its health check answers 503 meanwhile): the hub tries again every few seconds.
   */
  async start(): Promise<void> {
    try {
      await this.listen();
    } catch (error) {
      if (this.stopped) return;
      this.log.warn({ err: error }, 'live events: database not reachable, retrying');
      this.retryTimer = setTimeout(() => void this.start(), START_RETRY_MS);
      this.retryTimer.unref();
    }
  }

  private async listen(): Promise<void> {
    this.lastSeen = await q.lastId(this.database.db);
    this.stopListening = await this.database.listen(
      CHANNEL,
      (payload) => this.announce(payload),
      () => this.catchUpInstance(),
    );
    this.pruneTimer = setInterval(() => {
      q.prune(this.database.db, this.retentionS).catch((error) =>
        this.log.warn({ err: error }, 'live prune'),
      );
    }, PRUNE_EVERY_MS);
    this.pruneTimer.unref();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.retryTimer) clearTimeout(this.retryTimer);
    if (this.pruneTimer) clearInterval(this.pruneTimer);
    await this.stopListening?.();
    await this.flushing;
  }

  add(client: LiveClient): void {
    this.clientCount += 1;
    index(this.byUser, client.userId, client);
    for (const track of client.tracks) index(this.byTrack, track, client);
  }

  remove(client: LiveClient): void {
    if (!unindex(this.byUser, client.userId, client)) return;
    this.clientCount -= 1;
    for (const track of client.tracks) unindex(this.byTrack, track, client);
  }

  /** Sends an event to a stream that has caught up, or buffers it while it catches up. */
  sendTo(client: LiveClient, type: string, data: unknown, id: number): void {
    if (client.sent.has(id)) return;
    client.sent.add(id);
    if (client.sent.size > SENT_REMEMBERED) {
      const [oldest] = client.sent;
      if (oldest !== undefined) client.sent.delete(oldest);
    }
    client.send(type, data, id);
  }

  /** Ends a stream's catch-up: the events that arrived meanwhile go out in order, none twice. */
  async release(client: LiveClient): Promise<void> {
    const pending = client.pending ?? [];
    client.pending = null;
    for (const row of pending) await this.deliverTo(client, row);
  }

  /** The payload of an event for one stream (notifications are read when they are sent). */
  async payloadOf(row: q.LiveEventRow): Promise<unknown | undefined> {
    if (row.type !== 'notification') return row.data;
    const notificationId = Number(row.data.notification_id);
    return notificationPayload(this.database.db, notificationId);
  }

  private async deliverTo(client: LiveClient, row: q.LiveEventRow): Promise<void> {
    if (client.pending) {
      client.pending.push(row);
      return;
    }
    const payload = await this.payloadOf(row);
    if (payload !== undefined) this.sendTo(client, row.type, payload, row.id);
  }

  private announce(payload: string): void {
    const id = Number(payload);
    if (!Number.isSafeInteger(id) || id <= 0) return;
    this.queued.push(id);
    // A burst of events (a release notifying hundreds) is read in one query.
    this.flushing ??= new Promise<void>((resolve) => setImmediate(resolve))
      .then(() => this.flush())
      .catch((error) => this.log.warn({ err: error }, 'live delivery'))
      .finally(() => {
        this.flushing = undefined;
        if (this.queued.length > 0) this.announce(String(this.queued.pop()));
      });
  }

  private async flush(): Promise<void> {
    const ids = this.queued.splice(0);
    if (this.clientCount === 0) {
      this.lastSeen = Math.max(this.lastSeen, ...ids);
      return;
    }
    await this.dispatch(await q.eventsByIds(this.database.db, ids));
  }

  private async dispatch(rows: q.LiveEventRow[]): Promise<void> {
    for (const row of rows) {
      this.lastSeen = Math.max(this.lastSeen, row.id);
      // an event for one user (a notification, a change of their upload) goes to that user's streams
      const targets =
        row.user_id !== null
          ? this.byUser.get(row.user_id)
          : row.track_id !== null
            ? this.byTrack.get(row.track_id)
            : undefined;
      if (!targets || targets.size === 0) continue;
      // The payload is the same for every stream of the event (a user's own notification, or counts).
      let payload: unknown | undefined;
      let read = false;
      for (const client of targets) {
        if (client.pending) {
          client.pending.push(row);
          continue;
        }
        if (!read) {
          payload = await this.payloadOf(row);
          read = true;
        }
        if (payload !== undefined) this.sendTo(client, row.type, payload, row.id);
      }
    }
  }

  /** After the listening connection was lost and reopened: what was announced meanwhile. */
  private catchUpInstance(): void {
    q.eventsAfter(this.database.db, this.lastSeen, CATCH_UP_MAX)
      .then((rows) => this.dispatch(rows))
      .catch((error) => this.log.warn({ err: error }, 'live catch-up'));
  }
}

function index(map: Map<number, Set<LiveClient>>, key: number, client: LiveClient): void {
  let set = map.get(key);
  if (!set) {
    set = new Set();
    map.set(key, set);
  }
  set.add(client);
}

function unindex(map: Map<number, Set<LiveClient>>, key: number, client: LiveClient): boolean {
  const set = map.get(key);
  if (!set?.delete(client)) return false;
  if (set.size === 0) map.delete(key);
  return true;
}
