// POST /tracks/{id}/identifications: suggest what an ID is, naming a catalogue track or describing
// one. 201 with the proposal; 409 names the open proposal that says the same (vote on it instead);
// 422 says which field is wrong; 429 says when to try again (the page tells the listener, no silent
// waiting).
import type { CreateIdentificationBody } from '@cratedig/contract/identifications-api';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useApi } from '../../api/api-context';
import { apiClient } from '../../api/client';
import type { Transport } from '../../api/transport';
import { invalidateCachedItem } from '../../lib/cached-items';
import { identificationKeys } from './track-identifications-api';

export function proposeIdentification(transport: Transport, trackId: number, body: CreateIdentificationBody) {
  return apiClient(transport).identifications.create({
    params: { id: trackId },
    body,
    waitOnRateLimit: false,
  });
}

export function usePropose(trackId: number) {
  const { transport } = useApi();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateIdentificationBody) => proposeIdentification(transport, trackId, body),
    onSuccess: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: identificationKeys.all }),
        // the ID's open count and state
        invalidateCachedItem(client, 'track', trackId),
      ]),
  });
}
