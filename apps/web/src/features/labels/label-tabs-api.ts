// The label page's tabs (spec §7): GET /labels/{id}/sets, /tracks and /artists.
import type { Artist } from '@cratedig/contract/artist';
import type { SortChoice } from '@cratedig/contract/constants';
import type { SetMeta } from '@cratedig/contract/set';
import type { TrackMeta } from '@cratedig/contract/track';
import { useInfiniteQuery } from '@tanstack/react-query';
import { pagedListOptions } from '../../lib/paged-query';

export const useLabelSets = (id: number, sort: SortChoice) =>
  useInfiniteQuery(pagedListOptions<SetMeta>(`/labels/${id}/sets`, { sort }));
export const useLabelTracks = (id: number, sort: SortChoice) =>
  useInfiniteQuery(pagedListOptions<TrackMeta>(`/labels/${id}/tracks`, { sort }));
export const useLabelArtists = (id: number, sort: SortChoice) =>
  useInfiniteQuery(pagedListOptions<Artist>(`/labels/${id}/artists`, { sort }));
