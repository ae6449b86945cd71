// The label page's tabs: GET /labels/{id}/sets, /tracks and /artists, paged and sortable.
import type { Artist } from '@cratedig/contract/artist';
import type { SortChoice } from '@cratedig/contract/constants';
import type { SetMeta } from '@cratedig/contract/set';
import type { TrackMeta } from '@cratedig/contract/track';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useApi } from '../../api/api-context';
import type { Transport } from '../../api/transport';
import { pagedListOptions } from '../../lib/paged-query';

export const labelSetsQueryOptions = (transport: Transport, id: number, sort: SortChoice) =>
  pagedListOptions<SetMeta>(transport, `/labels/${id}/sets`, { sort });
export const labelTracksQueryOptions = (transport: Transport, id: number, sort: SortChoice) =>
  pagedListOptions<TrackMeta>(transport, `/labels/${id}/tracks`, { sort });
export const labelArtistsQueryOptions = (transport: Transport, id: number, sort: SortChoice) =>
  pagedListOptions<Artist>(transport, `/labels/${id}/artists`, { sort });

export function useLabelSets(id: number, sort: SortChoice) {
  const { transport } = useApi();
  return useInfiniteQuery(labelSetsQueryOptions(transport, id, sort));
}
export function useLabelTracks(id: number, sort: SortChoice) {
  const { transport } = useApi();
  return useInfiniteQuery(labelTracksQueryOptions(transport, id, sort));
}
export function useLabelArtists(id: number, sort: SortChoice) {
  const { transport } = useApi();
  return useInfiniteQuery(labelArtistsQueryOptions(transport, id, sort));
}
