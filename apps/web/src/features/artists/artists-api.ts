// GET /artists and /artists/followed (docs/catalogue.md): the Artists discover list and its followed-only
// variant.
import { useInfiniteQuery } from '@tanstack/react-query';
import { useApi } from '../../api/api-context';
import { apiClient } from '../../api/client';
import type { Transport } from '../../api/transport';
import type { ListParams } from '../../lib/list-params';
import { pagedListOptions } from '../../lib/paged-query';

export function artistsQueryOptions(transport: Transport, { followed, genre, sort }: ListParams) {
  return pagedListOptions(
    followed ? apiClient(transport).artists.followed : apiClient(transport).artists.list,
    { genre, sort },
  );
}

export function useArtists(params: ListParams) {
  const { transport } = useApi();
  return useInfiniteQuery(artistsQueryOptions(transport, params));
}
