// docs/ids-and-identifications.md Notifications: GET /notifications (newest first, 10 a page, `after` the
// last item's created_dt), GET /notifications/unread-count for the bell's badge, PUT /notifications/{id} and
// PUT /notifications/read-all. One query key family, ['notifications', …], so a change refreshes both
// the badge and the list.
import { NOTIFICATIONS_PAGE_SIZE } from '@cratedig/contract/constants';
import type { NotificationList, UnreadCount } from '@cratedig/contract/notification';
import {
  infiniteQueryOptions,
  type QueryClient,
  queryOptions,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { useApi } from '../../api/api-context';
import { apiClient } from '../../api/client';
import type { Transport } from '../../api/transport';

export const notificationKeys = {
  all: ['notifications'] as const,
  unread: ['notifications', 'unread'] as const,
  list: ['notifications', 'list'] as const,
};

export function unreadCountQueryOptions(transport: Transport) {
  return queryOptions({
    queryKey: notificationKeys.unread,
    queryFn: ({ signal }) => apiClient(transport).notifications.unreadCount({ signal }),
    select: (answer) => answer.unread,
    // No polling: the live stream brings each new notification with the unread count
    // (live-notifications.ts), and a reconnect that could not catch up reads it again.
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/** The cursor of the page after `last`: its last item's created_dt and id, or none when all are shown. */
export function nextCursor(last: NotificationList): Cursor | undefined {
  const { offset, count, total } = last.pagination;
  const item = last.data.at(-1);
  if (!item || offset + count >= total) return undefined;
  return { after: item.created_dt, after_id: item.id };
}

export interface Cursor {
  after: string;
  after_id: number;
}

export function notificationListQueryOptions(transport: Transport) {
  return infiniteQueryOptions({
    queryKey: notificationKeys.list,
    queryFn: ({ pageParam, signal }) =>
      apiClient(transport).notifications.list({
        query: {
          order_by: 'notification.created_dt',
          order_direction: 'desc',
          limit: NOTIFICATIONS_PAGE_SIZE,
          after: pageParam?.after,
          after_id: pageParam?.after_id,
        },
        signal,
      }),
    initialPageParam: undefined as Cursor | undefined,
    getNextPageParam: nextCursor,
    // The menu shows the list as it is now each time it opens.
    staleTime: 0,
  });
}

export function useUnreadCount() {
  const { transport } = useApi();
  return useQuery(unreadCountQueryOptions(transport));
}

/** The menu's list; fetched only while the menu is open. */
export function useNotificationList(enabled: boolean) {
  const { transport } = useApi();
  return useInfiniteQuery({ ...notificationListQueryOptions(transport), enabled });
}

/** After a change the badge and the list reload from the server. */
function refreshNotifications(client: QueryClient) {
  return client.invalidateQueries({ queryKey: notificationKeys.all });
}

/** PUT /notifications/{id}: marks one read (opening it does this). */
export function useMarkRead() {
  const { transport } = useApi();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiClient(transport).notifications.markRead({ params: { id } }),
    onSettled: () => refreshNotifications(client),
    onError: (error) => console.error('marking a notification read failed', error),
  });
}

/** PUT /notifications/read-all. */
export function useMarkAllRead() {
  const { transport } = useApi();
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => apiClient(transport).notifications.readAll(),
    onSuccess: (answer) =>
      client.setQueryData<UnreadCount>(notificationKeys.unread, { unread: answer.unread }),
    onSettled: () => refreshNotifications(client),
    onError: (error) => console.error('marking all notifications read failed', error),
  });
}
