// The profile's liked lists: GET /users/{id}/sets, /tracks, /ids, /artists and /labels, paged and
// sortable. They are membership lists: a toggle marks them stale (lib/cached-items.ts).
import type { SortChoice } from '@cratedig/contract/constants';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useApi } from '../../api/api-context';
import { apiClient } from '../../api/client';
import type { Transport } from '../../api/transport';
import { pagedListOptions } from '../../lib/paged-query';

export const likedSetsQueryOptions = (transport: Transport, userId: number, sort: SortChoice) =>
  pagedListOptions(apiClient(transport).users.sets, { sort }, { id: userId });
export const likedTracksQueryOptions = (
  transport: Transport,
  userId: number,
  list: 'tracks' | 'ids',
  sort: SortChoice,
) => pagedListOptions(apiClient(transport).users[list], { sort }, { id: userId });
export const likedArtistsQueryOptions = (transport: Transport, userId: number, sort: SortChoice) =>
  pagedListOptions(apiClient(transport).users.artists, { sort }, { id: userId });
export const likedLabelsQueryOptions = (transport: Transport, userId: number, sort: SortChoice) =>
  pagedListOptions(apiClient(transport).users.labels, { sort }, { id: userId });

export function useLikedSets(userId: number, sort: SortChoice) {
  const { transport } = useApi();
  return useInfiniteQuery(likedSetsQueryOptions(transport, userId, sort));
}
export function useLikedTracks(userId: number, list: 'tracks' | 'ids', sort: SortChoice) {
  const { transport } = useApi();
  return useInfiniteQuery(likedTracksQueryOptions(transport, userId, list, sort));
}
export function useLikedArtists(userId: number, sort: SortChoice) {
  const { transport } = useApi();
  return useInfiniteQuery(likedArtistsQueryOptions(transport, userId, sort));
}
export function useLikedLabels(userId: number, sort: SortChoice) {
  const { transport } = useApi();
  return useInfiniteQuery(likedLabelsQueryOptions(transport, userId, sort));
}
