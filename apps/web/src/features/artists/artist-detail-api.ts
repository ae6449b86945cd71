// GET /artists/{id} (docs/catalogue.md).
import { useQuery } from '@tanstack/react-query';
import { useApi } from '../../api/api-context';
import { apiClient } from '../../api/client';
import type { Transport } from '../../api/transport';
import { detailOptions } from '../../lib/paged-query';

export function artistDetailQueryOptions(transport: Transport, id: number) {
  return detailOptions(apiClient(transport).artists.detail, { id });
}

export function useArtistDetail(id: number) {
  const { transport } = useApi();
  return useQuery(artistDetailQueryOptions(transport, id));
}
