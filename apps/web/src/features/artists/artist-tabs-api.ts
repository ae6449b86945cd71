// The artist page's tabs (docs/catalogue.md): GET /artists/{id}/sets, /tracks, /remixes, /ids and /labels.
// One file for the five because they differ only in path and item type.
import type { SortChoice } from '@cratedig/contract/constants';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useApi } from '../../api/api-context';
import { apiClient } from '../../api/client';
import type { Transport } from '../../api/transport';
import { pagedListOptions } from '../../lib/paged-query';

export type ArtistTab = 'sets' | 'tracks' | 'remixes' | 'ids' | 'labels';

export const artistSetsQueryOptions = (transport: Transport, id: number, sort: SortChoice) =>
  pagedListOptions(apiClient(transport).artists.sets, { sort }, { id });
export const artistTracksQueryOptions = (
  transport: Transport,
  id: number,
  tab: 'tracks' | 'remixes' | 'ids',
  sort: SortChoice,
) => pagedListOptions(apiClient(transport).artists[tab], { sort }, { id });
export const artistLabelsQueryOptions = (transport: Transport, id: number, sort: SortChoice) =>
  pagedListOptions(apiClient(transport).artists.labels, { sort }, { id });

export function useArtistSets(id: number, sort: SortChoice) {
  const { transport } = useApi();
  return useInfiniteQuery(artistSetsQueryOptions(transport, id, sort));
}
export function useArtistTracks(id: number, tab: 'tracks' | 'remixes' | 'ids', sort: SortChoice) {
  const { transport } = useApi();
  return useInfiniteQuery(artistTracksQueryOptions(transport, id, tab, sort));
}
export function useArtistLabels(id: number, sort: SortChoice) {
  const { transport } = useApi();
  return useInfiniteQuery(artistLabelsQueryOptions(transport, id, sort));
}
