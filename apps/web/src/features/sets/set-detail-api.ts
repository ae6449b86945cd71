// GET /sets/{id}: the set with its ordered track list (spec §7).
import type { SetDetail } from '@cratedig/contract/catalogue-api';
import { useQuery } from '@tanstack/react-query';
import { detailOptions } from '../../lib/paged-query';

export function setDetailQueryOptions(id: number) {
  return detailOptions<SetDetail>(`/sets/${id}`);
}

export function useSetDetail(id: number) {
  return useQuery(setDetailQueryOptions(id));
}
