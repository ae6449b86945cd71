// GET /sets and /sets/favs (docs/catalogue.md): the Sets discover list; the followed-only switch lists the
// user's favourite sets (docs/library.md: the favs path replaces the list path).
import { useInfiniteQuery } from '@tanstack/react-query';
import { useApi } from '../../api/api-context';
import { apiClient } from '../../api/client';
import type { Transport } from '../../api/transport';
import type { ListParams } from '../../lib/list-params';
import { pagedListOptions } from '../../lib/paged-query';

export function setsQueryOptions(transport: Transport, { followed, genre, sort, place }: ListParams) {
  return pagedListOptions(followed ? apiClient(transport).sets.favs : apiClient(transport).sets.list, {
    genre,
    sort,
    place,
  });
}

export function useSets(params: ListParams) {
  const { transport } = useApi();
  return useInfiniteQuery(setsQueryOptions(transport, params));
}
