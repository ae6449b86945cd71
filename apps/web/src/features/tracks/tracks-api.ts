// GET /tracks and /tracks/favs (docs/catalogue.md): the Tracks discover list and its followed-only variant.
import { useInfiniteQuery } from '@tanstack/react-query';
import { useApi } from '../../api/api-context';
import { apiClient } from '../../api/client';
import type { Transport } from '../../api/transport';
import type { ListParams } from '../../lib/list-params';
import { pagedListOptions } from '../../lib/paged-query';

export function tracksQueryOptions(transport: Transport, { followed, genre, sort }: ListParams) {
  return pagedListOptions(followed ? apiClient(transport).tracks.favs : apiClient(transport).tracks.list, {
    genre,
    sort,
  });
}

export function useTracks(params: ListParams) {
  const { transport } = useApi();
  return useInfiniteQuery(tracksQueryOptions(transport, params));
}
