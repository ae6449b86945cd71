// The profile's liked lists: GET /users/{id}/sets, /tracks, /ids, /artists and /labels, paged and
// sortable. They are membership lists: a toggle marks them stale (lib/cached-items.ts).
import type { Artist } from '@cratedig/contract/artist';
import type { SortChoice } from '@cratedig/contract/constants';
import type { Label } from '@cratedig/contract/label';
import type { SetMeta } from '@cratedig/contract/set';
import type { TrackMeta } from '@cratedig/contract/track';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useApi } from '../../api/api-context';
import type { Transport } from '../../api/transport';
import { pagedListOptions } from '../../lib/paged-query';

export const likedSetsQueryOptions = (transport: Transport, userId: number, sort: SortChoice) =>
  pagedListOptions<SetMeta>(transport, `/users/${userId}/sets`, { sort });
export const likedTracksQueryOptions = (
  transport: Transport,
  userId: number,
  list: 'tracks' | 'ids',
  sort: SortChoice,
) => pagedListOptions<TrackMeta>(transport, `/users/${userId}/${list}`, { sort });
export const likedArtistsQueryOptions = (transport: Transport, userId: number, sort: SortChoice) =>
  pagedListOptions<Artist>(transport, `/users/${userId}/artists`, { sort });
export const likedLabelsQueryOptions = (transport: Transport, userId: number, sort: SortChoice) =>
  pagedListOptions<Label>(transport, `/users/${userId}/labels`, { sort });

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
