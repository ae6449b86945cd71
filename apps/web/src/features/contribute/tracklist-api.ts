// POST /sets/{id}/tracklist-preview and /sets/{id}/tracklist-proposals: what a pasted tracklist would
// become, and sending its suggestions. A 429 is told to the listener with when to try again, never
// waited out silently.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useApi } from '../../api/api-context';
import { apiClient } from '../../api/client';

export function usePreviewTracklist(setId: number) {
  const { transport } = useApi();
  return useMutation({
    mutationFn: (text: string) =>
      apiClient(transport).contribute.preview({
        params: { id: setId },
        body: { text },
        waitOnRateLimit: false,
      }),
  });
}

export function useSubmitTracklist(setId: number) {
  const { transport } = useApi();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (text: string) =>
      apiClient(transport).contribute.submit({
        params: { id: setId },
        body: { text },
        waitOnRateLimit: false,
      }),
    // The set's ID rows and the IDs' pages show the new suggestions when the listener goes back.
    onSuccess: () => client.invalidateQueries(),
  });
}
