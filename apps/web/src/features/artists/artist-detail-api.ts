// GET /artists/{id} (spec §7).
import type { Artist } from '@cratedig/contract/artist';
import { useQuery } from '@tanstack/react-query';
import { detailOptions } from '../../lib/paged-query';

export function artistDetailQueryOptions(id: number) {
  return detailOptions<Artist>(`/artists/${id}`);
}

export function useArtistDetail(id: number) {
  return useQuery(artistDetailQueryOptions(id));
}
