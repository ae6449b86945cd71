// DELETE /identifications/{id}: the author withdraws an open proposal; answers it, status withdrawn.
import type { Identification } from '@cratedig/contract/identification';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useApi } from '../../api/api-context';
import { apiClient } from '../../api/client';
import type { Transport } from '../../api/transport';
import { invalidateCachedItem } from '../../lib/cached-items';
import { identificationKeys } from './track-identifications-api';

export function withdrawIdentification(transport: Transport, proposalId: number) {
  return apiClient(transport).identifications.withdraw({ params: { id: proposalId } });
}

export function useWithdraw(proposal: Pick<Identification, 'id' | 'id_track_id'>) {
  const { transport } = useApi();
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => withdrawIdentification(transport, proposal.id),
    // The list reorders (a withdrawn proposal moves among the decided ones) and the open count drops.
    onSuccess: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: identificationKeys.all }),
        invalidateCachedItem(client, 'track', proposal.id_track_id),
      ]),
  });
}
