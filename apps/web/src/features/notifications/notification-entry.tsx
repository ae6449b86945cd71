import type { Notification } from '@cratedig/contract/notification';
import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { Artwork } from '../../components/artwork';
import { colors } from '../../lib/design-tokens';
import { relativeTime } from '../../lib/relative-time';

const ellipsis = { overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' } as const;

/**
 * One notification in the bell's menu (spec §2): the release's artwork, 'Artist – Title', 'first
 * heard in {set name}' and how long ago; an unread one stands out (a tint, bold title and a dot,
 * and 'Unread' for screen readers). It links to the released track.
 */
export function NotificationEntry({
  notification,
  onOpen,
}: {
  notification: Notification;
  onOpen: (notification: Notification) => void;
}) {
  // Entries of the identification kinds are written by the identifications screens; until then the
  // bell lists releases only.
  if (notification.release === null) return null;
  const { track_meta: track, set_meta: set } = notification.release;
  const unread = !notification.is_read;
  return (
    <MenuItem
      component={RouterLink}
      to={`/tracks/${track.id}`}
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
      <Artwork src={track.art_url_xl} size={48} radius={1.5} sx={{ flexShrink: 0 }} />
      <Box sx={{ minWidth: 0, flex: 1 }}>
        {unread && (
          <Box component="span" sx={visuallyHidden}>
            Unread:{' '}
          </Box>
        )}
        <Typography
          component="span"
          sx={{
            ...ellipsis,
            display: 'block',
            fontWeight: unread ? 700 : 500,
            color: unread ? 'text.primary' : 'text.secondary',
          }}
        >
          {track.artist} – {track.title}
        </Typography>
        <Typography
          component="span"
          variant="body2"
          color="text.secondary"
          sx={{ ...ellipsis, display: 'block' }}
        >
          first heard in {set.set_name}
        </Typography>
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

const visuallyHidden = {
  position: 'absolute',
  width: 1,
  height: 1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;
