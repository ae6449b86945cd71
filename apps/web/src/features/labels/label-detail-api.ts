// GET /labels/{id} (docs/catalogue.md).
import { useQuery } from '@tanstack/react-query';
import { useApi } from '../../api/api-context';
import { apiClient } from '../../api/client';
import type { Transport } from '../../api/transport';
import { detailOptions } from '../../lib/paged-query';

export function labelDetailQueryOptions(transport: Transport, id: number) {
  return detailOptions(apiClient(transport).labels.detail, { id });
}

export function useLabelDetail(id: number) {
  const { transport } = useApi();
  return useQuery(labelDetailQueryOptions(transport, id));
}
