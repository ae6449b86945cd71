import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { notificationKeys } from './notifications-api';

/**
 * A new notification means an ID came out: the cached track pages and the profile's lists (an ID's
 * 'Released as …', the Watched IDs' Released chip) and the menu's list are out of date. When the
 * unread count rises they are marked stale, so what is on screen refetches and the rest on next view.
 */
export function useRefreshOnNewNotifications(unread: number | undefined) {
  const client = useQueryClient();
  const previous = useRef<number | null>(null);
  useEffect(() => {
    if (unread === undefined) return;
    const before = previous.current;
    previous.current = unread;
    if (before === null || unread <= before) return;
    void client.invalidateQueries({ queryKey: notificationKeys.list });
    void client.invalidateQueries({
      predicate: ({ queryKey: [scope, path] }) =>
        scope === 'catalogue' && typeof path === 'string' && /^\/(tracks|users)\//.test(path),
    });
  }, [client, unread]);
}
