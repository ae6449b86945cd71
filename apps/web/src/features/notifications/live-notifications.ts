// The bell, live: each new notification arrives on the app's live stream with the unread count, so
// the badge changes within moments of a release or a decision, without polling. A reconnect that
// could not catch up on what it missed reads the count and the list again.
import type { NotificationEvent } from '@cratedig/contract/live-events';
import type { UnreadCount } from '@cratedig/contract/notification';
import { useQueryClient } from '@tanstack/react-query';
import { useLiveEvents } from '../../api/use-live-events';
import { notificationKeys } from './notifications-api';

export function useLiveNotifications() {
  const client = useQueryClient();
  useLiveEvents({
    onMessage: ({ type, data }) => {
      if (type !== 'notification') return;
      const event = data as NotificationEvent;
      client.setQueryData<UnreadCount>(notificationKeys.unread, { unread: event.unread });
      void client.invalidateQueries({ queryKey: notificationKeys.list });
    },
    onConnected: (caughtUp) => {
      if (!caughtUp) void client.invalidateQueries({ queryKey: notificationKeys.all });
    },
  });
}
