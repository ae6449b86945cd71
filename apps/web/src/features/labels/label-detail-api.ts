// GET /labels/{id} (spec §7).
import type { Label } from '@cratedig/contract/label';
import { useQuery } from '@tanstack/react-query';
import { detailOptions } from '../../lib/paged-query';

export function labelDetailQueryOptions(id: number) {
  return detailOptions<Label>(`/labels/${id}`);
}

export function useLabelDetail(id: number) {
  return useQuery(labelDetailQueryOptions(id));
}
