// spec §7 Comments and "Lists and details": GET /sets/{id}/posts and /tracks/{id}/posts (newest first,
// paged), POST /posts, PUT /posts/{id}, DELETE /posts/{id}; typed from the contract.

import type { Post } from '@cratedig/contract/comment';
import type { PostInput, PostList } from '@cratedig/contract/comments-api';
import { PAGE_SIZE } from '@cratedig/contract/constants';
import { infiniteQueryOptions, useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { useApi } from '../../api/api-context';
import type { Transport } from '../../api/transport';
import { nextOffset } from '../../lib/paged-query';

export type CommentsOn = 'set' | 'track';

export function commentsQueryOptions(transport: Transport, kind: CommentsOn, id: number) {
  return infiniteQueryOptions({
    queryKey: ['comments', kind, id] as const,
    queryFn: ({ pageParam, signal }) =>
      transport.get<PostList>(`/${kind}s/${id}/posts`, {
        query: { offset: pageParam, limit: PAGE_SIZE },
        signal,
      }),
    initialPageParam: 0,
    getNextPageParam: nextOffset,
  });
}

export function useComments(kind: CommentsOn, id: number) {
  const api = useApi();
  return useInfiniteQuery(commentsQueryOptions(api.transport, kind, id));
}

/**
 * Create, edit and delete. Each refetches the list afterwards: a new post is first (newest first)
 * and shifts every page's offsets, so a local splice would show stale paging.
 */
export function useCommentMutations(kind: CommentsOn, id: number) {
  const api = useApi();
  const client = useQueryClient();
  const { queryKey } = commentsQueryOptions(api.transport, kind, id);
  const onSettled = () => client.invalidateQueries({ queryKey });
  const onError = (error: unknown) => console.error('comment call failed', error); // spec §8: only logged
  const create = useMutation({
    mutationFn: (body: PostInput) => api.transport.post<Post>('/posts', { body }),
    onSettled,
    onError,
  });
  const update = useMutation({
    mutationFn: ({ postId, body }: { postId: number; body: PostInput }) =>
      api.transport.put<Post>(`/posts/${postId}`, { body }),
    onSettled,
    onError,
  });
  const remove = useMutation({
    mutationFn: (postId: number) => api.transport.delete(`/posts/${postId}`),
    onSettled,
    onError,
  });
  return { create, update, remove };
}
