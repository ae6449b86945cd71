// The player's queue commands. The queue itself is server state in the query cache
// (queue-endpoints.ts); each command calls the server and then shows the server's answer, so the
// queue never disagrees with what the server holds: which item is current, and which are 'Played'
// (exactly the items before the current one).
import type { QueueItem } from '@cratedig/contract/queue';
import type { QueryClient } from '@tanstack/react-query';
import { isApiError } from '../../api/api-error';
import type { PlayerApi } from './player-api';
import { PLAYER_MESSAGES } from './player-messages';
import { moveKeepingPlayed } from './player-rules';
import { cachedQueue, QUEUE_QUERY_KEY, queueQueryOptions, showQueue } from './queue-endpoints';

export type Notify = (message: string, variant: 'success' | 'info' | 'warning' | 'error') => void;

export class PlayerQueue {
  /** The signed-in user, sent as user_id in queue calls (the server checks it against the token). */
  userId: number | null = null;

  constructor(
    private readonly api: PlayerApi,
    private readonly client: QueryClient,
    private readonly notify: Notify,
  ) {}

  /** The queue as last loaded. */
  items(): QueueItem[] {
    return cachedQueue(this.client);
  }

  /** Loads the queue from the server into the cache; on failure the cached one is kept. */
  async load(): Promise<QueueItem[]> {
    try {
      return await this.client.fetchQuery({ ...queueQueryOptions(this.api), staleTime: 0 });
    } catch (error) {
      console.error('loading the queue failed', error);
      return this.items();
    }
  }

  /** Added, already queued (404, info) or the generic error. */
  async add(setId: number): Promise<void> {
    if (this.userId === null) return;
    try {
      await this.api.addToQueue(this.userId, setId);
      this.notify(PLAYER_MESSAGES.queued, 'success');
      await this.load();
    } catch (error) {
      if (isApiError(error) && error.status === 404) this.notify(PLAYER_MESSAGES.alreadyQueued, 'info');
      else this.notify(PLAYER_MESSAGES.queueFailed, 'error');
    }
  }

  async remove(itemId: number): Promise<void> {
    await showQueue(
      this.client,
      this.items().filter((item) => item.id !== itemId),
    );
    try {
      await this.api.removeQueueItem(itemId);
    } catch {
      this.notify(PLAYER_MESSAGES.queueFailed, 'error');
    }
    await this.load();
  }

  async clear(): Promise<void> {
    await showQueue(this.client, []);
    try {
      await this.api.clearQueue();
    } catch {
      this.notify(PLAYER_MESSAGES.queueFailed, 'error');
      await this.load();
    }
  }

  /**
   * Dropping an item at another position saves its new order (PUT /queue) and shows the queue the
   * server answers. The drop keeps 'Played' true (moveKeepingPlayed): a set not played yet never
   * lands among the played ones, and the current item stays current.
   */
  async move(activeId: number, overId: number): Promise<void> {
    const queue = this.items();
    const moved = moveKeepingPlayed(queue, activeId, overId);
    const item = queue.find((entry) => entry.id === activeId);
    if (!moved || !item || this.userId === null) return;
    await showQueue(this.client, moved.queue);
    try {
      const answer = await this.api.updateQueueItem({
        id: item.id,
        user_id: this.userId,
        set_meta_id: item.set_meta_id,
        order: moved.order,
        is_current: item.is_current,
      });
      this.client.setQueryData(QUEUE_QUERY_KEY, answer);
    } catch {
      this.notify(PLAYER_MESSAGES.queueFailed, 'error');
      await this.load();
    }
  }

  /**
   * A set that starts playing becomes the queue's current item (PUT /queue/new-current): the server
   * puts it right after the item that was current (inserting it when it is not queued), so the items
   * before it are exactly those played before it and the end of the set advances to what followed.
   * Its answer is the queue, shown as it is.
   */
  async markCurrent(setId: number): Promise<void> {
    if (this.userId === null) return;
    if (this.items().some((item) => item.set_meta_id === setId && item.is_current)) return;
    try {
      const queue = await this.api.newCurrent({ user_id: this.userId, set_meta_id: setId, is_current: true });
      this.client.setQueryData(QUEUE_QUERY_KEY, queue);
    } catch (error) {
      console.warn('marking the queue item current failed', error);
    }
  }

  /** PUT /queue/next: the item after the current one becomes current; null at the end of the queue. */
  async next(): Promise<QueueItem | null> {
    const next = await this.api.nextInQueue();
    await this.load();
    return next;
  }

  /** Forgets the cached queue (logout). */
  forget() {
    this.userId = null;
    this.client.removeQueries({ queryKey: QUEUE_QUERY_KEY });
  }
}
