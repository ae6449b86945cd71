// GET /sets/{id}/heat: a set's moment likes per bucket, its peak and its track list. Shared so that
// the set page and the bottom player's seek bar read one cached copy.
import type { SetHeat } from '@cratedig/contract/moments-api';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useApi } from '../api/api-context';
import { apiClient } from '../api/client';
import type { Transport } from '../api/transport';

/**
 * `version` is anything that changes when the set's likes do (the set page passes its like counts):
 * a moment like then refetches the heat along with the set it touched.
 */
export function setHeatQueryOptions(transport: Transport, setId: number, version: string | number = 0) {
  return queryOptions<SetHeat, Error, SetHeat, readonly ['moments', 'heat', number, string | number]>({
    queryKey: ['moments', 'heat', setId, version] as const,
    queryFn: ({ signal }) => apiClient(transport).sets.heat({ params: { id: setId }, signal }),
    // A refetch after a like keeps the old strip on screen, never another set's.
    placeholderData: (previous) => (previous?.set_meta_id === setId ? previous : undefined),
  });
}

/**
 * The heat of set `setId`. A versioned read (the set page's) also refreshes the unversioned copy the
 * bottom player draws, so a like made while the set page is open shows in both strips.
 */
export function useSetHeat(setId: number | null, version: string | number = 0) {
  const { transport } = useApi();
  const client = useQueryClient();
  const query = useQuery({
    ...setHeatQueryOptions(transport, setId ?? 0, version),
    enabled: setId !== null && setId > 0,
  });
  const fresh = query.isPlaceholderData ? undefined : query.data;
  useEffect(() => {
    if (!fresh || version === 0) return;
    client.setQueryData(setHeatQueryOptions(transport, fresh.set_meta_id).queryKey, fresh);
  }, [client, transport, fresh, version]);
  return query;
}
