// GET /users/{id}/identifications: the signed-in user's own proposals, newest first, with their
// status (the profile's Suggestions tab); paged with Load more.
import { PAGE_SIZE } from '@cratedig/contract/constants';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { useApi } from '../../api/api-context';
import { apiClient } from '../../api/client';
import type { Transport } from '../../api/transport';
import { nextOffset } from '../../lib/paged-query';
import { identificationKeys } from './track-identifications-api';

export function userIdentificationsQueryOptions(transport: Transport, userId: number) {
  return infiniteQueryOptions({
    queryKey: identificationKeys.ofUser(userId),
    queryFn: ({ pageParam, signal }) =>
      apiClient(transport).identifications.ofUser({
        params: { id: userId },
        query: { offset: pageParam, limit: PAGE_SIZE },
        signal,
      }),
    initialPageParam: 0,
    getNextPageParam: nextOffset,
  });
}

export function useUserIdentifications(userId: number) {
  const { transport } = useApi();
  return useInfiniteQuery(userIdentificationsQueryOptions(transport, userId));
}
