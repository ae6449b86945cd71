// GET /tracks/{id}/identifications: an ID's proposals, the open ones first, then the decided ones,
// newest first in each; paged with Load more.
import { PAGE_SIZE } from '@cratedig/contract/constants';
import { infiniteQueryOptions, useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useApi } from '../../api/api-context';
import { apiClient } from '../../api/client';
import type { Transport } from '../../api/transport';
import { nextOffset } from '../../lib/paged-query';

/** Every query about identifications starts with this key: a vote or a live event refreshes them. */
export const identificationKeys = {
  all: ['identifications'] as const,
  ofTrack: (trackId: number) => ['identifications', 'track', trackId] as const,
  ofUser: (userId: number) => ['identifications', 'user', userId] as const,
};

export function trackIdentificationsQueryOptions(transport: Transport, trackId: number) {
  return infiniteQueryOptions({
    queryKey: identificationKeys.ofTrack(trackId),
    queryFn: ({ pageParam, signal }) =>
      apiClient(transport).identifications.list({
        params: { id: trackId },
        query: { offset: pageParam, limit: PAGE_SIZE },
        signal,
      }),
    initialPageParam: 0,
    getNextPageParam: nextOffset,
  });
}

export function useTrackIdentifications(trackId: number) {
  const { transport } = useApi();
  return useInfiniteQuery(trackIdentificationsQueryOptions(transport, trackId));
}

/**
 * Starts reading a track's proposals at once, alongside the track itself: its page only learns that
 * the track is an ID (and mounts the proposals panel) when the track arrives, one round trip later.
 * For a track that is not an ID the answer is an empty list, one small read.
 */
export function usePrefetchTrackIdentifications(trackId: number) {
  const { transport } = useApi();
  const client = useQueryClient();
  useEffect(() => {
    if (trackId > 0) void client.prefetchInfiniteQuery(trackIdentificationsQueryOptions(transport, trackId));
  }, [client, transport, trackId]);
}
