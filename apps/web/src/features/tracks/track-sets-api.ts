// GET /tracks/{id}/sets: the sets playing a track (the track page's Sets tab).
import type { SortChoice } from '@cratedig/contract/constants';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useApi } from '../../api/api-context';
import { apiClient } from '../../api/client';
import type { Transport } from '../../api/transport';
import { pagedListOptions } from '../../lib/paged-query';

export function trackSetsQueryOptions(transport: Transport, id: number, sort: SortChoice) {
  return pagedListOptions(apiClient(transport).tracks.sets, { sort }, { id });
}

export function useTrackSets(id: number, sort: SortChoice) {
  const { transport } = useApi();
  return useInfiniteQuery(trackSetsQueryOptions(transport, id, sort));
}
