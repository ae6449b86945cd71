// PUT /identifications/{id}/vote {vote: confirm|reject|null}: the listener's vote on an open
// proposal, changeable while it is open; null takes it back. Answers the proposal after the vote;
// when the vote decided it, the ID changed too (named, released, or its other proposals closed).
import type { Identification, Vote } from '@cratedig/contract/identification';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useApi } from '../../api/api-context';
import { apiClient } from '../../api/client';
import type { Transport } from '../../api/transport';
import { invalidateCachedItem } from '../../lib/cached-items';
import { patchCachedProposal } from './proposal-cache';
import { identificationKeys } from './track-identifications-api';

export function voteOnIdentification(transport: Transport, proposalId: number, vote: Vote | null) {
  return apiClient(transport).identifications.vote({
    params: { id: proposalId },
    body: { vote },
    waitOnRateLimit: false,
  });
}

export function useVote(proposal: Pick<Identification, 'id' | 'id_track_id'>) {
  const { transport } = useApi();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (vote: Vote | null) => voteOnIdentification(transport, proposal.id, vote),
    onSuccess: async (answer) => {
      patchCachedProposal(client, answer);
      if (answer.status !== 'open') {
        await Promise.all([
          client.invalidateQueries({ queryKey: identificationKeys.all }),
          invalidateCachedItem(client, 'track', proposal.id_track_id),
        ]);
      }
    },
    // 409: decided or withdrawn meanwhile; show it as it is now.
    onError: (error) => {
      if ((error as { status?: number }).status === 409) {
        void client.invalidateQueries({ queryKey: identificationKeys.ofTrack(proposal.id_track_id) });
        void invalidateCachedItem(client, 'track', proposal.id_track_id);
      }
    },
  });
}
