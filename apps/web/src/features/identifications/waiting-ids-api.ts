// GET /ids: the IDs waiting to be named (nobody suggested yet, or suggestions open), most watched
// first; narrowed to one of the two states or to the IDs the listener watches; paged with Load more.
import { PAGE_SIZE } from '@cratedig/contract/constants';
import type { WAITING_ID_ORDERS } from '@cratedig/contract/identifications-api';
import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { useApi } from '../../api/api-context';
import { apiClient } from '../../api/client';
import type { Transport } from '../../api/transport';
import { CATALOGUE_STALE_MS, nextOffset } from '../../lib/paged-query';

export type WaitingOrder = (typeof WAITING_ID_ORDERS)[keyof typeof WAITING_ID_ORDERS];

export interface WaitingIdsParams {
  state: 'unidentified' | 'proposed' | null;
  followed: boolean;
  sort: { order_by: WaitingOrder; order_direction: 'asc' | 'desc' };
}

export function waitingIdsQueryOptions(transport: Transport, params: WaitingIdsParams) {
  const waiting = apiClient(transport).identifications.waiting;
  return infiniteQueryOptions({
    // Under 'catalogue' like the other lists, so a watch toggle patches its rows (lib/cached-items.ts).
    queryKey: ['catalogue', waiting.path(), params] as const,
    queryFn: ({ pageParam, signal }) =>
      waiting({
        query: {
          order_by: params.sort.order_by,
          order_direction: params.sort.order_direction,
          state: params.state ?? undefined,
          followed_filter: params.followed ? 'true' : undefined,
          offset: pageParam,
          limit: PAGE_SIZE,
        },
        signal,
      }),
    initialPageParam: 0,
    getNextPageParam: nextOffset,
    staleTime: CATALOGUE_STALE_MS,
    placeholderData: keepPreviousData,
  });
}

export function useWaitingIds(params: WaitingIdsParams) {
  const { transport } = useApi();
  return useInfiniteQuery(waitingIdsQueryOptions(transport, params));
}
