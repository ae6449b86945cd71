// The toggle calls of docs/library.md "What the server keeps per user and item" (answers typed from the
// contract) and the hook every toggle button uses: send, then apply the SERVER's answer to every cached copy
// of the item (docs/library.md Toggles: flip according to the server result), say the docs/library.md
// message, and mark the lists whose membership changed stale. Nothing flips before the answer, so there is
// nothing to roll back; a failure is only logged (docs/library.md: other failures show nothing).
import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useApi } from '../../api/api-context';
import { apiClient } from '../../api/client';
import type { Transport } from '../../api/transport';
import { invalidateMembershipLists } from '../../lib/cached-items';
import { useSnackbar } from '../../lib/toast';

const artistOrLabel = (kind: 'artist' | 'label') => (kind === 'artist' ? 'artists' : 'labels');

export const libraryCalls = {
  setFav: (t: Transport, id: number) => apiClient(t).favs.set({ params: { id } }),
  setLikes: (t: Transport, id: number) => apiClient(t).favs.setLikesToggle({ params: { id } }),
  trackFav: (t: Transport, id: number) => apiClient(t).favs.track({ params: { id } }),
  trackLikes: (t: Transport, id: number) => apiClient(t).favs.trackLikesToggle({ params: { id } }),
  purchase: (t: Transport, id: number) => apiClient(t).favs.purchase({ params: { id } }),
  follow: (t: Transport, kind: 'artist' | 'label', id: number) =>
    apiClient(t)[artistOrLabel(kind)].follow({ params: { id } }),
  followPlace: (t: Transport, kind: 'festival' | 'venue', id: number) =>
    apiClient(t)[kind === 'festival' ? 'festivals' : 'venues'].follow({ params: { id } }),
  statsLikes: (t: Transport, kind: 'artist' | 'label', id: number) =>
    apiClient(t)[artistOrLabel(kind)].likesToggle({ params: { id } }),
};

export interface ToggleOutcome {
  message: string;
  /** 'success' when something was added, 'info' when it was taken away. */
  variant: 'success' | 'info';
}

/**
 * One toggle: `send` is the call, `apply` writes its answer into the cache and names the message.
 * `pending` is true while the request is in flight (the button is disabled then).
 */
export function useLibraryToggle<R>(
  send: (transport: Transport) => Promise<R>,
  apply: (client: QueryClient, answer: R) => ToggleOutcome,
): { toggle: () => void; pending: boolean } {
  const api = useApi();
  const client = useQueryClient();
  const { enqueueSnackbar } = useSnackbar();
  const mutation = useMutation({
    mutationFn: () => send(api.transport),
    onSuccess: (answer) => {
      const { message, variant } = apply(client, answer);
      enqueueSnackbar(message, { variant });
      void invalidateMembershipLists(client);
    },
    onError: (error) => console.error('library toggle failed', error),
  });
  const { mutate, isPending } = mutation;
  const toggle = useCallback(() => {
    if (!isPending) mutate();
  }, [isPending, mutate]);
  return { toggle, pending: isPending };
}
