// GET /tracks/{id}/sets: the sets playing a track (the track page's Sets tab).
import type { SortChoice } from '@cratedig/contract/constants';
import type { SetMeta } from '@cratedig/contract/set';
import { useInfiniteQuery } from '@tanstack/react-query';
import { pagedListOptions } from '../../lib/paged-query';

export function trackSetsQueryOptions(id: number, sort: SortChoice) {
  return pagedListOptions<SetMeta>(`/tracks/${id}/sets`, { sort });
}

export function useTrackSets(id: number, sort: SortChoice) {
  return useInfiniteQuery(trackSetsQueryOptions(id, sort));
}
