// GET /labels and /labels/followed (spec §7): the Labels discover list and its followed-only variant.
import type { Label } from '@cratedig/contract/label';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useApi } from '../../api/api-context';
import type { Transport } from '../../api/transport';
import type { ListParams } from '../../lib/list-params';
import { pagedListOptions } from '../../lib/paged-query';

export function labelsQueryOptions(transport: Transport, { followed, genre, sort }: ListParams) {
  return pagedListOptions<Label>(transport, followed ? '/labels/followed' : '/labels', { genre, sort });
}

export function useLabels(params: ListParams) {
  const { transport } = useApi();
  return useInfiniteQuery(labelsQueryOptions(transport, params));
}
