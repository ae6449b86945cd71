// docs/library.md Comments and "Lists and details": GET /sets/{id}/posts and /tracks/{id}/posts (newest first
// or in set order, paged), GET /sets/{id}/posts/markers (where a set's comments were written), POST
// /posts, PUT /posts/{id}, DELETE /posts/{id}; through the client typed from the contract.
import type { POST_ORDERS, PostInput } from '@cratedig/contract/comments-api';
import { PAGE_SIZE } from '@cratedig/contract/constants';
import {
  infiniteQueryOptions,
  queryOptions,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { useApi } from '../../api/api-context';
import { apiClient } from '../../api/client';
import type { Transport } from '../../api/transport';
import { nextOffset } from '../../lib/paged-query';

export type CommentsOn = 'set' | 'track';

/** 'newest': newest first; 'set': where they were written in the set, earliest first. */
export type CommentOrder = 'newest' | 'set';

// Type-checked against the contract's orders without importing it at run time: the contract module
// carries zod, which the set page would otherwise download for two strings.
const ORDER_QUERY: Record<
  CommentOrder,
  { order_by: (typeof POST_ORDERS)[keyof typeof POST_ORDERS]; order_direction: 'asc' | 'desc' }
> = {
  newest: { order_by: 'post.created_dt', order_direction: 'desc' },
  set: { order_by: 'post.set_timestamp', order_direction: 'asc' },
};

/** Every query about one item's comments starts with this key, so one invalidation refreshes them all. */
function commentsKey(kind: CommentsOn, id: number) {
  return ['comments', kind, id] as const;
}

export function commentsQueryOptions(
  transport: Transport,
  kind: CommentsOn,
  id: number,
  order: CommentOrder = 'newest',
) {
  return infiniteQueryOptions({
    queryKey: [...commentsKey(kind, id), order] as const,
    queryFn: ({ pageParam, signal }) =>
      apiClient(transport)[kind === 'set' ? 'sets' : 'tracks'].posts({
        params: { id },
        query: { offset: pageParam, limit: PAGE_SIZE, ...ORDER_QUERY[order] },
        signal,
      }),
    initialPageParam: 0,
    getNextPageParam: nextOffset,
    // Switching the order keeps the list on screen until the other order arrives; another item never.
    placeholderData: (previous, previousQuery) =>
      previousQuery?.queryKey[1] === kind && previousQuery.queryKey[2] === id ? previous : undefined,
  });
}

export function useComments(kind: CommentsOn, id: number, order: CommentOrder = 'newest') {
  const api = useApi();
  return useInfiniteQuery(commentsQueryOptions(api.transport, kind, id, order));
}

export function commentMarkersQueryOptions(transport: Transport, setId: number) {
  return queryOptions({
    queryKey: [...commentsKey('set', setId), 'markers'] as const,
    queryFn: ({ signal }) => apiClient(transport).sets.postMarkers({ params: { id: setId }, signal }),
  });
}

/** The set's timed comments as seek-bar markers (in set order); refreshed with its comments. */
export function useCommentMarkers(setId: number) {
  const api = useApi();
  return useQuery(commentMarkersQueryOptions(api.transport, setId));
}

/**
 * Create, edit and delete. Each refetches the list afterwards: a new post is first (newest first)
 * and shifts every page's offsets, so a local splice would show stale paging.
 */
export function useCommentMutations(kind: CommentsOn, id: number) {
  const api = useApi();
  const client = useQueryClient();
  const onSettled = () => client.invalidateQueries({ queryKey: commentsKey(kind, id) });
  // docs/library.md: only logged
  const onError = (error: unknown) => console.error('comment call failed', error);
  const create = useMutation({
    mutationFn: (body: PostInput) => apiClient(api.transport).posts.create({ body }),
    onSettled,
    onError,
  });
  const update = useMutation({
    mutationFn: ({ postId, body }: { postId: number; body: PostInput }) =>
      apiClient(api.transport).posts.update({ params: { id: postId }, body }),
    onSettled,
    onError,
  });
  const remove = useMutation({
    mutationFn: (postId: number) => apiClient(api.transport).posts.delete({ params: { id: postId } }),
    onSettled,
    onError,
  });
  return { create, update, remove };
}
