// GET /tracks/{id}: a track or an ID (spec §7).
import type { TrackMeta } from '@cratedig/contract/track';
import { useQuery } from '@tanstack/react-query';
import { useApi } from '../../api/api-context';
import type { Transport } from '../../api/transport';
import { detailOptions } from '../../lib/paged-query';

export function trackDetailQueryOptions(transport: Transport, id: number) {
  return detailOptions<TrackMeta>(transport, `/tracks/${id}`);
}

export function useTrackDetail(id: number) {
  const { transport } = useApi();
  return useQuery(trackDetailQueryOptions(transport, id));
}
