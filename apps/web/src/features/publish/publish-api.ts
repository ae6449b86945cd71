// The calls of a DJ's own sets (contract `publish` group, docs/publishing.md): the list of My sets, one
// draft with its processing progress, its details, the tracklist preview, publish, unpublish, delete,
// and the tracks Cratedig recognised. Only types come from the contract here: the set page reads the
// list to know its owner, and the contract's schemas stay in the publishing chunks.
import type { AcceptRecognisedBody, MySet, MySetList, PublishDetails } from '@cratedig/contract/publish-api';
import { type QueryClient, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useApi } from '../../api/api-context';
import { ApiError, isErrorShape } from '../../api/api-error';
import { apiClient } from '../../api/client';
import type { TokenManager } from '../../api/token-manager';
import type { Transport } from '../../api/transport';

export const publishKeys = {
  all: ['publish'] as const,
  list: ['publish', 'list'] as const,
  detail: (id: string) => ['publish', 'set', id] as const,
  recognised: (id: string) => ['publish', 'recognised', id] as const,
};

/** How often a draft being processed is read again, should its live events not arrive. */
export const PROCESSING_POLL_MS = 3_000;

export function mySetsOptions(transport: Transport) {
  return queryOptions({
    queryKey: publishKeys.list,
    queryFn: ({ signal }) => apiClient(transport).publish.list({ signal }),
    staleTime: 30_000,
  });
}

/** My sets; `follow` reads the list again every few seconds while a draft is being processed. */
export function useMySets(enabled = true, follow = false) {
  const { transport } = useApi();
  return useQuery({
    ...mySetsOptions(transport),
    enabled,
    refetchInterval: follow
      ? (query) => (query.state.data?.items?.some(isMoving) ? PROCESSING_POLL_MS : false)
      : false,
  });
}

/** A draft in flight (uploading or processing) changes by itself: read it again every few seconds. */
export function isMoving(draft: MySet | undefined): boolean {
  return draft?.state === 'processing';
}

export function useDraft(id: string | null) {
  const { transport } = useApi();
  return useQuery({
    queryKey: publishKeys.detail(id ?? ''),
    queryFn: ({ signal }) => apiClient(transport).publish.detail({ params: { id: id ?? '' }, signal }),
    enabled: id !== null,
    staleTime: 0,
    // The live stream tells each step; this is the fallback while processing.
    refetchInterval: (query) => (isMoving(query.state.data) ? PROCESSING_POLL_MS : false),
  });
}

/** A draft as it is now (from a call or a live event), into the cached draft and the cached list. */
export function rememberDraft(client: QueryClient, draft: MySet) {
  client.setQueryData(publishKeys.detail(draft.id), draft);
  client.setQueryData<MySetList>(publishKeys.list, (list) => {
    if (!list?.items) return list;
    const at = list.items.findIndex((item) => item.id === draft.id);
    if (at === -1) return { items: [draft, ...list.items], total: list.total + 1 };
    const items = [...list.items];
    items[at] = draft;
    return { ...list, items };
  });
}

function forgetDraft(client: QueryClient, id: string) {
  client.removeQueries({ queryKey: publishKeys.detail(id), exact: true });
  client.setQueryData<MySetList>(publishKeys.list, (list) =>
    list?.items
      ? { items: list.items.filter((item) => item.id !== id), total: Math.max(0, list.total - 1) }
      : list,
  );
}

/** The set's page and lists show a published set's new details: every catalogue query is re-read. */
function refreshCatalogue(client: QueryClient) {
  return client.invalidateQueries({ predicate: (query) => query.queryKey[0] !== 'publish' });
}

export function useSaveDetails(id: string) {
  const { transport } = useApi();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (details: PublishDetails) =>
      apiClient(transport).publish.details({ params: { id }, body: details, waitOnRateLimit: false }),
    onSuccess: (draft) => {
      rememberDraft(client, draft);
      if (draft.state === 'published') void refreshCatalogue(client);
    },
  });
}

export function usePreviewDraftTracklist(id: string) {
  const { transport } = useApi();
  return useMutation({
    mutationFn: ({ tracklist, signal }: { tracklist: string; signal?: AbortSignal }) =>
      apiClient(transport).publish.preview({
        params: { id },
        body: { tracklist },
        waitOnRateLimit: false,
        ...(signal ? { signal } : {}),
      }),
  });
}

export function usePublishDraft() {
  const { transport } = useApi();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiClient(transport).publish.publish({ params: { id } }),
    onSuccess: (draft) => {
      rememberDraft(client, draft);
      void refreshCatalogue(client);
    },
  });
}

export function useUnpublishDraft() {
  const { transport } = useApi();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiClient(transport).publish.unpublish({ params: { id } }),
    onSuccess: (draft) => {
      rememberDraft(client, draft);
      void refreshCatalogue(client);
    },
  });
}

export function useRemoveDraft() {
  const { transport } = useApi();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiClient(transport).publish.remove({ params: { id } }),
    onSuccess: (_answer, id) => {
      const published = client.getQueryData<MySet>(publishKeys.detail(id))?.set_id != null;
      forgetDraft(client, id);
      if (published) void refreshCatalogue(client);
    },
  });
}

/** The owner's draft of a published set, from the cached list of My sets (null: not theirs). */
export function useOwnedDraft(setId: number): MySet | null {
  const { data } = useMySets(setId > 0);
  return data?.items?.find((item) => item.set_id === setId && item.state === 'published') ?? null;
}

export function useRecognised(id: string) {
  const { transport } = useApi();
  return useQuery({
    queryKey: publishKeys.recognised(id),
    queryFn: ({ signal }) => apiClient(transport).publish.recognised({ params: { id }, signal }),
    staleTime: 60_000,
    // Until the recording has been heard, look again now and then.
    refetchInterval: (query) => (query.state.data && !query.state.data.heard ? 10_000 : false),
  });
}

export function useAcceptRecognised(id: string) {
  const { transport } = useApi();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: AcceptRecognisedBody) => apiClient(transport).publish.accept({ params: { id }, body }),
    onSuccess: async (answer) => {
      await Promise.all([
        client.invalidateQueries({ queryKey: publishKeys.recognised(id) }),
        client.invalidateQueries({ queryKey: publishKeys.detail(id) }),
        // The set's page, its track list and everything that counts its tracks.
        client.invalidateQueries({
          predicate: (query) => query.queryKey[0] !== 'publish',
        }),
      ]);
      return answer;
    },
  });
}

/**
 * PUT the picture's bytes as they are (not JSON, so not through the transport) to the draft's
 * artwork, with the bearer token from the token manager; a 401 refreshes the token and tries once more.
 * Answers the draft with its new art_url_xl, or rejects with an ApiError carrying the server's message.
 */
export async function putArtwork(tokens: TokenManager, id: string, file: Blob): Promise<MySet> {
  for (let attempt = 0; ; attempt += 1) {
    const token = attempt === 0 ? await tokens.getValidToken() : await tokens.refresh();
    if (!token) throw new ApiError({ status: 401, message: 'Authentication required', kind: 'no-token' });
    let response: Response;
    try {
      response = await fetch(`/api/publish/sets/${id}/artwork`, {
        method: 'PUT',
        headers: {
          authorization: `Bearer ${token}`,
          'content-type': file.type || 'application/octet-stream',
          accept: 'application/json',
        },
        body: file,
      });
    } catch (error) {
      throw new ApiError({
        status: 500,
        message: 'The server is unresponsive',
        kind: 'network',
        cause: error,
      });
    }
    if (response.status === 401 && attempt === 0) continue;
    const body: unknown = await response.json().catch(() => undefined);
    if (response.ok) return body as MySet;
    throw new ApiError({
      status: response.status,
      message: isErrorShape(body) ? body.message : 'Request failed',
      kind: 'http',
      errors: isErrorShape(body) ? body.errors : undefined,
    });
  }
}
