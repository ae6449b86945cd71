// GET /labels and /labels/followed (docs/catalogue.md): the Labels discover list and its followed-only
// variant.
import { useInfiniteQuery } from '@tanstack/react-query';
import { useApi } from '../../api/api-context';
import { apiClient } from '../../api/client';
import type { Transport } from '../../api/transport';
import type { ListParams } from '../../lib/list-params';
import { pagedListOptions } from '../../lib/paged-query';

export function labelsQueryOptions(transport: Transport, { followed, genre, sort }: ListParams) {
  return pagedListOptions(
    followed ? apiClient(transport).labels.followed : apiClient(transport).labels.list,
    { genre, sort },
  );
}

export function useLabels(params: ListParams) {
  const { transport } = useApi();
  return useInfiniteQuery(labelsQueryOptions(transport, params));
}
