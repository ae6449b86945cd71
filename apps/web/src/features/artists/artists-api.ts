// GET /artists and /artists/followed (spec §7): the Artists discover list and its followed-only variant.
import type { Artist } from '@cratedig/contract/artist';
import { useInfiniteQuery } from '@tanstack/react-query';
import type { ListParams } from '../../lib/list-params';
import { pagedListOptions } from '../../lib/paged-query';

export function artistsQueryOptions({ followed, genre, sort }: ListParams) {
  return pagedListOptions<Artist>(followed ? '/artists/followed' : '/artists', { genre, sort });
}

export function useArtists(params: ListParams) {
  return useInfiniteQuery(artistsQueryOptions(params));
}
