// The artist page's tabs (spec §7): GET /artists/{id}/sets, /tracks, /remixes, /ids and /labels. One
// file for the five because they differ only in path and item type.
import type { SortChoice } from '@cratedig/contract/constants';
import type { Label } from '@cratedig/contract/label';
import type { SetMeta } from '@cratedig/contract/set';
import type { TrackMeta } from '@cratedig/contract/track';
import { useInfiniteQuery } from '@tanstack/react-query';
import { pagedListOptions } from '../../lib/paged-query';

export type ArtistTab = 'sets' | 'tracks' | 'remixes' | 'ids' | 'labels';

export const artistSetsQueryOptions = (id: number, sort: SortChoice) =>
  pagedListOptions<SetMeta>(`/artists/${id}/sets`, { sort });
export const artistTracksQueryOptions = (id: number, tab: 'tracks' | 'remixes' | 'ids', sort: SortChoice) =>
  pagedListOptions<TrackMeta>(`/artists/${id}/${tab}`, { sort });
export const artistLabelsQueryOptions = (id: number, sort: SortChoice) =>
  pagedListOptions<Label>(`/artists/${id}/labels`, { sort });

export const useArtistSets = (id: number, sort: SortChoice) =>
  useInfiniteQuery(artistSetsQueryOptions(id, sort));
export const useArtistTracks = (id: number, tab: 'tracks' | 'remixes' | 'ids', sort: SortChoice) =>
  useInfiniteQuery(artistTracksQueryOptions(id, tab, sort));
export const useArtistLabels = (id: number, sort: SortChoice) =>
  useInfiniteQuery(artistLabelsQueryOptions(id, sort));
