// GET /tracks/{id}/identifications: an ID's proposals, the open ones first, then the decided ones,
// newest first in each; paged with Load more.
import { PAGE_SIZE } from '@cratedig/contract/constants';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
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
