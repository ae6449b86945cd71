// GET /sets and /sets/favs (spec §7): the Sets discover list; the followed-only switch lists the
// user's favourite sets (domain.md: the favs path replaces the list path).
import type { SetMeta } from '@cratedig/contract/set';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useApi } from '../../api/api-context';
import type { Transport } from '../../api/transport';
import type { ListParams } from '../../lib/list-params';
import { pagedListOptions } from '../../lib/paged-query';

export function setsQueryOptions(transport: Transport, { followed, genre, sort, place }: ListParams) {
  return pagedListOptions<SetMeta>(transport, followed ? '/sets/favs' : '/sets', { genre, sort, place });
}

export function useSets(params: ListParams) {
  const { transport } = useApi();
  return useInfiniteQuery(setsQueryOptions(transport, params));
}
