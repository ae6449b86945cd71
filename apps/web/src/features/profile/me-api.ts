// GET /me as the profile shows it: read again each time the profile opens, so counts that change
// while the listener browses (their accepted suggestions) are current there.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useApi } from '../../api/api-context';
import { apiClient } from '../../api/client';
import type { Transport } from '../../api/transport';

export function meQueryOptions(transport: Transport) {
  return queryOptions({
    queryKey: ['me'] as const,
    queryFn: ({ signal }) => apiClient(transport).accounts.me({ signal }),
    staleTime: 0,
  });
}

export function useMe() {
  const { transport } = useApi();
  return useQuery(meQueryOptions(transport));
}
