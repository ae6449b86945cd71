import type { Notification } from '@cratedig/contract/notification';
import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { Artwork } from '../../components/artwork';
import { visuallyHidden } from '../../components/visually-hidden';
import { colors } from '../../lib/design-tokens';
import { relativeTime } from '../../lib/relative-time';
import { notificationText } from './notification-text';

const ellipsis = { overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' } as const;
// A sentence may need a second line; a very long name ends in an ellipsis there.
const twoLines = {
  display: '-webkit-box',
  WebkitLineClamp: 2,
  WebkitBoxOrient: 'vertical',
  overflow: 'hidden',
  overflowWrap: 'anywhere',
} as const;

/**
 * One notification in the bell's menu (docs/web-app.md): the artwork, what happened ('Artist – Title' and
 * 'first heard in {set name}' for a release; a sentence for an ID named or a suggestion, see
 * notification-text.ts) and how long ago; an unread one stands out (a tint, bold title and a dot,
 * and 'Unread' for screen readers). A release links to the released track, the others to the ID.
 */
export function NotificationEntry({
  notification,
  onOpen,
}: {
  notification: Notification;
  onOpen: (notification: Notification) => void;
}) {
  const text = notificationText(notification);
  const unread = !notification.is_read;
  return (
    <MenuItem
      component={RouterLink}
      to={text.href}
      onClick={() => onOpen(notification)}
      sx={{
        gap: 1.5,
        py: 1.25,
        px: 2,
        alignItems: 'center',
        whiteSpace: 'normal',
        borderLeft: `3px solid ${unread ? colors.acid : 'transparent'}`,
        bgcolor: unread ? 'rgba(198, 255, 58, 0.06)' : 'transparent',
      }}
    >
      <Artwork src={text.artwork} size={48} radius={1.5} sx={{ flexShrink: 0 }} />
      <Box sx={{ minWidth: 0, flex: 1 }}>
        {unread && (
          <Box component="span" sx={visuallyHidden}>
            Unread:{' '}
          </Box>
        )}
        <Typography
          component="span"
          sx={{
            ...twoLines,
            fontWeight: unread ? 700 : 500,
            color: unread ? 'text.primary' : 'text.secondary',
          }}
        >
          {text.headline}
        </Typography>
        <Typography
          component="span"
          variant="body2"
          color="text.secondary"
          sx={{ ...ellipsis, display: 'block' }}
        >
          {text.detail}
        </Typography>
        {text.note && (
          <Typography component="span" variant="body2" color="text.secondary" sx={{ ...twoLines }}>
            {text.note}
          </Typography>
        )}
        <Typography
          component="span"
          variant="caption"
          sx={{ display: 'block', color: unread ? colors.acid : 'text.secondary' }}
        >
          {relativeTime(notification.created_dt)}
        </Typography>
      </Box>
      {unread && (
        <Box
          aria-hidden
          sx={{ width: 8, height: 8, borderRadius: '50%', bgcolor: colors.acid, flexShrink: 0 }}
        />
      )}
    </MenuItem>
  );
}
