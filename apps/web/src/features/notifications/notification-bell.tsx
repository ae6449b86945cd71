import { DISPLAY, NOTIFICATIONS_PAGE_SIZE } from '@cratedig/contract/constants';
import type { Notification } from '@cratedig/contract/notification';
import DoneAllRounded from '@mui/icons-material/DoneAllRounded';
import NotificationsNoneIcon from '@mui/icons-material/NotificationsNone';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { Menu } from '../../components/lazy-menu';
import { colors } from '../../lib/design-tokens';
import { useLiveNotifications } from './live-notifications';
import { NotificationEntry } from './notification-entry';
import { useMarkAllRead, useMarkRead, useNotificationList, useUnreadCount } from './notifications-api';
import { useRefreshOnNewNotifications } from './use-refresh-on-new-notifications';

/**
 * docs/web-app.md top bar and notification menu: the bell with the unread count (capped at '99+'), and a menu
 * of the newest 10 notifications, 'No new notifications' when there are none, a Load More row only
 * when there are more than shown, and Mark all as read. Opening a notification marks it read, reloads
 * the list and opens what it is about. The badge changes live (live-notifications.ts), never by polling. The menu is MUI's: arrow keys move between the rows, Escape
 * closes it and focus returns to the bell.
 */
export function NotificationBell() {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const open = Boolean(anchor);
  const menuId = useId();
  const { data: unreadAnswer } = useUnreadCount();
  useLiveNotifications();
  const unread = unreadAnswer ?? 0;
  useRefreshOnNewNotifications(unreadAnswer);
  const list = useNotificationList(open);
  const markRead = useMarkRead();
  const markAllRead = useMarkAllRead();
  const close = () => setAnchor(null);

  const pages = list.data?.pages ?? [];
  const items = pages.flatMap((page) => page.data);
  const total = pages[0]?.pagination.total ?? 0;
  const openEntry = (notification: Notification) => {
    if (!notification.is_read) markRead.mutate(notification.id);
    close();
  };

  return (
    <>
      <IconButton
        aria-label={unread > 0 ? `Notifications, ${unread} unread` : 'Notifications'}
        aria-haspopup="menu"
        aria-controls={open ? menuId : undefined}
        aria-expanded={open ? 'true' : undefined}
        onClick={(event) => setAnchor(event.currentTarget)}
        sx={{ color: open ? 'text.primary' : 'text.secondary' }}
      >
        <Badge
          // No count at all when nothing is unread: a hidden '0' would still be part of the button's text.
          badgeContent={unread > 0 ? unread : null}
          max={DISPLAY.bellBadgeMax}
          color="primary"
          data-testid="notification-badge"
          sx={{ '& .MuiBadge-badge': { fontWeight: 700, fontSize: '0.7rem', minWidth: 18, height: 18 } }}
        >
          <NotificationsNoneIcon />
        </Badge>
      </IconButton>
      <Menu
        id={menuId}
        anchorEl={anchor}
        open={open}
        onClose={close}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{
          paper: {
            sx: {
              width: 380,
              maxWidth: 'calc(100vw - 16px)',
              maxHeight: 'min(640px, calc(100vh - 88px))',
              border: `1px solid ${colors.line}`,
              backgroundColor: colors.surface2,
              backgroundImage: 'none',
            },
          },
          list: { 'aria-label': 'Notifications', sx: { py: 0 } },
        }}
      >
        {/* Not an item: the menu's own title (the menu is named by its list's aria-label). */}
        <Box
          component="li"
          role="none"
          sx={{
            px: 2,
            py: 1.5,
            display: 'flex',
            alignItems: 'baseline',
            justifyContent: 'space-between',
            borderBottom: `1px solid ${colors.line}`,
          }}
        >
          <Typography component="span" role="none" sx={{ fontWeight: 700, fontSize: '1rem' }}>
            Notifications
          </Typography>
          {unread > 0 && (
            <Typography variant="caption" sx={{ color: colors.acid, fontWeight: 600 }}>
              {unread > DISPLAY.bellBadgeMax ? `${DISPLAY.bellBadgeMax}+` : unread} unread
            </Typography>
          )}
        </Box>
        {list.isPending && (
          <Box component="li" role="none" sx={{ display: 'flex', justifyContent: 'center', py: 3 }}>
            <CircularProgress size={24} aria-label="Loading notifications" />
          </Box>
        )}
        {list.isError && items.length === 0 && (
          <MenuItem disabled sx={{ py: 2 }}>
            Notifications could not be loaded
          </MenuItem>
        )}
        {list.isSuccess && items.length === 0 && (
          <MenuItem disabled sx={{ py: 2, justifyContent: 'center' }}>
            No new notifications
          </MenuItem>
        )}
        {items.map((notification) => (
          <NotificationEntry key={notification.id} notification={notification} onOpen={openEntry} />
        ))}
        {list.hasNextPage && total > NOTIFICATIONS_PAGE_SIZE && (
          <MenuItem
            onClick={() => void list.fetchNextPage()}
            disabled={list.isFetchingNextPage}
            sx={{ justifyContent: 'center', py: 1.5, color: colors.acid, fontWeight: 600 }}
          >
            {list.isFetchingNextPage ? 'Loading…' : 'Load More'}
          </MenuItem>
        )}
        {items.length > 0 && <Divider sx={{ my: '0 !important' }} />}
        {items.length > 0 && (
          <MenuItem
            onClick={() => markAllRead.mutate()}
            disabled={unread === 0 || markAllRead.isPending}
            sx={{ justifyContent: 'center', gap: 1, py: 1.5, color: 'text.secondary' }}
          >
            <DoneAllRounded fontSize="small" />
            Mark all as read
          </MenuItem>
        )}
      </Menu>
    </>
  );
}
