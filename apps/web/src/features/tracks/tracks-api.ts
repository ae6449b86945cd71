// GET /tracks and /tracks/favs (spec §7): the Tracks discover list and its followed-only variant.
import type { TrackMeta } from '@cratedig/contract/track';
import { useInfiniteQuery } from '@tanstack/react-query';
import type { ListParams } from '../../lib/list-params';
import { pagedListOptions } from '../../lib/paged-query';

export function tracksQueryOptions({ followed, genre, sort }: ListParams) {
  return pagedListOptions<TrackMeta>(followed ? '/tracks/favs' : '/tracks', { genre, sort });
}

export function useTracks(params: ListParams) {
  return useInfiniteQuery(tracksQueryOptions(params));
}
