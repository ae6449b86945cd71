// POST /sets/{id}/heard-tracks/proposals: the tracks Cratedig found in a set, sent as the listener's
// suggestions for its IDs. A 429 is told to the listener with when to try again, never waited out.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useApi } from '../../api/api-context';
import { apiClient } from '../../api/client';

export function useProposeFound(setId: number) {
  const { transport } = useApi();
  const client = useQueryClient();
  return useMutation({
    mutationFn: () =>
      apiClient(transport).fingerprints.proposeFound({ params: { id: setId }, waitOnRateLimit: false }),
    // The set's tracklist may have new ID entries, the IDs new suggestions, and the found list moves.
    onSuccess: () => client.invalidateQueries(),
  });
}
