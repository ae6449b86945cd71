// The label page's tabs: GET /labels/{id}/sets, /tracks and /artists, paged and sortable.
import type { SortChoice } from '@cratedig/contract/constants';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useApi } from '../../api/api-context';
import { apiClient } from '../../api/client';
import type { Transport } from '../../api/transport';
import { pagedListOptions } from '../../lib/paged-query';

export const labelSetsQueryOptions = (transport: Transport, id: number, sort: SortChoice) =>
  pagedListOptions(apiClient(transport).labels.sets, { sort }, { id });
export const labelTracksQueryOptions = (transport: Transport, id: number, sort: SortChoice) =>
  pagedListOptions(apiClient(transport).labels.tracks, { sort }, { id });
export const labelArtistsQueryOptions = (transport: Transport, id: number, sort: SortChoice) =>
  pagedListOptions(apiClient(transport).labels.artists, { sort }, { id });

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
