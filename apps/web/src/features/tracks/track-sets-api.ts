// GET /tracks/{id}/sets: the sets playing a track (the track page's Sets tab).
import type { SortChoice } from '@cratedig/contract/constants';
import type { SetMeta } from '@cratedig/contract/set';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useApi } from '../../api/api-context';
import type { Transport } from '../../api/transport';
import { pagedListOptions } from '../../lib/paged-query';

export function trackSetsQueryOptions(transport: Transport, id: number, sort: SortChoice) {
  return pagedListOptions<SetMeta>(transport, `/tracks/${id}/sets`, { sort });
}

export function useTrackSets(id: number, sort: SortChoice) {
  const { transport } = useApi();
  return useInfiniteQuery(trackSetsQueryOptions(transport, id, sort));
}
