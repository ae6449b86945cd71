// GET /artists/{id} (spec §7).
import type { Artist } from '@cratedig/contract/artist';
import { useQuery } from '@tanstack/react-query';
import { useApi } from '../../api/api-context';
import type { Transport } from '../../api/transport';
import { detailOptions } from '../../lib/paged-query';

export function artistDetailQueryOptions(transport: Transport, id: number) {
  return detailOptions<Artist>(transport, `/artists/${id}`);
}

export function useArtistDetail(id: number) {
  const { transport } = useApi();
  return useQuery(artistDetailQueryOptions(transport, id));
}
