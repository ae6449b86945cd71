// GET /artists and /artists/followed (spec §7): the Artists discover list and its followed-only variant.
import type { Artist } from '@cratedig/contract/artist';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useApi } from '../../api/api-context';
import type { Transport } from '../../api/transport';
import type { ListParams } from '../../lib/list-params';
import { pagedListOptions } from '../../lib/paged-query';

export function artistsQueryOptions(transport: Transport, { followed, genre, sort }: ListParams) {
  return pagedListOptions<Artist>(transport, followed ? '/artists/followed' : '/artists', { genre, sort });
}

export function useArtists(params: ListParams) {
  const { transport } = useApi();
  return useInfiniteQuery(artistsQueryOptions(transport, params));
}
