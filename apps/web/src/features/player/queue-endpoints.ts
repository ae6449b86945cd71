// The queue is server state: it lives in the TanStack Query cache under one key, read by the queue
// button and popover through useQueue (player-context.tsx) and by the store when a set ends. Every
// write goes to the server and then puts the server's answer (or a refetch) into the cache, so what
// the queue shows is always what the server holds.
import type { QueueItem } from '@cratedig/contract/queue';
import { type QueryClient, queryOptions } from '@tanstack/react-query';
import type { PlayerApi } from './player-api';

export const QUEUE_QUERY_KEY = ['player', 'queue'] as const;

/** GET /queue: the signed-in user's queue in order, with `played` and `is_current` as the server says. */
export function queueQueryOptions(api: Pick<PlayerApi, 'getQueue'>) {
  return queryOptions({
    queryKey: QUEUE_QUERY_KEY,
    queryFn: (): Promise<QueueItem[]> => api.getQueue(),
  });
}

/** The queue as last cached; empty before the first load. */
export function cachedQueue(client: QueryClient): QueueItem[] {
  return client.getQueryData<QueueItem[]>(QUEUE_QUERY_KEY) ?? [];
}

/**
 * Shows `queue` at once, before the server answers (a removal, a drag): a load still under way is
 * cancelled so its older answer cannot overwrite it.
 */
export async function showQueue(client: QueryClient, queue: QueueItem[]): Promise<void> {
  await client.cancelQueries({ queryKey: QUEUE_QUERY_KEY });
  client.setQueryData(QUEUE_QUERY_KEY, queue);
}
