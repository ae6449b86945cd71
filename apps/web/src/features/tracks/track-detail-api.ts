// GET /tracks/{id}: a track or an ID (spec §7).
import type { TrackMeta } from '@cratedig/contract/track';
import { useQuery } from '@tanstack/react-query';
import { detailOptions } from '../../lib/paged-query';

export function trackDetailQueryOptions(id: number) {
  return detailOptions<TrackMeta>(`/tracks/${id}`);
}

export function useTrackDetail(id: number) {
  return useQuery(trackDetailQueryOptions(id));
}
