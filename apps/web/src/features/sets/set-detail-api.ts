// GET /sets/{id}: the set with its ordered track list (docs/catalogue.md).
import { useQuery } from '@tanstack/react-query';
import { useApi } from '../../api/api-context';
import { apiClient } from '../../api/client';
import type { Transport } from '../../api/transport';
import { detailOptions } from '../../lib/paged-query';

export function setDetailQueryOptions(transport: Transport, id: number) {
  return detailOptions(apiClient(transport).sets.detail, { id });
}

export function useSetDetail(id: number) {
  const { transport } = useApi();
  return useQuery(setDetailQueryOptions(transport, id));
}
