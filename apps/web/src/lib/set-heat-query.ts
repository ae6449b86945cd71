// GET /sets/{id}/heat: a set's moment likes per bucket, its peak and its track list. Shared so that
// the set page and the bottom player's seek bar read one cached copy.
import type { SetHeat } from '@cratedig/contract/moments-api';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useApi } from '../api/api-context';
import type { Transport } from '../api/transport';

/**
 * `version` is anything that changes when the set's likes do (the set page passes its like counts):
 * a moment like then refetches the heat along with the set it touched.
 */
export function setHeatQueryOptions(transport: Transport, setId: number, version: string | number = 0) {
  return queryOptions<SetHeat, Error, SetHeat, readonly ['moments', 'heat', number, string | number]>({
    queryKey: ['moments', 'heat', setId, version] as const,
    queryFn: ({ signal }) => transport.get<SetHeat>(`/sets/${setId}/heat`, { signal }),
    // A refetch after a like keeps the old strip on screen, never another set's.
    placeholderData: (previous) => (previous?.set_meta_id === setId ? previous : undefined),
  });
}

export function useSetHeat(setId: number | null, version: string | number = 0) {
  const { transport } = useApi();
  return useQuery({
    ...setHeatQueryOptions(transport, setId ?? 0, version),
    enabled: setId !== null && setId > 0,
  });
}
