// The bottom player (signed-in only): artwork, the current-track and set lines, like, previous,
// play/pause, next and share, the seek bar with elapsed / total time, volume on large screens, and the
// queue button. Compact and dark; on phones like and previous stay, and share and the queue move into
// a compact 'More player actions' menu. While a set plays the tab's title names the track.
import KeyboardRounded from '@mui/icons-material/KeyboardRounded';
import QueueMusicRounded from '@mui/icons-material/QueueMusicRounded';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { lazy, Suspense, useCallback, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { Artwork } from '../../components/artwork';
import { Tooltip } from '../../components/tooltip';
import { colors } from '../../lib/design-tokens';
import { trackDisplayTitle } from '../../lib/track-title';
import { useMediaSession } from './media-session';
import { usePlayerState, useQueue } from './player-context';
import { PlayerControls, PlayerOverflowMenu, PlayerVolume } from './player-controls';
import { SEEK_LABEL_ROOM_PX, SeekBar } from './seek-bar';
import { usePlayerShortcuts } from './use-player-shortcuts';
import { usePlayingTitle } from './use-playing-title';

function NowPlaying() {
  const set = usePlayerState((state) => state.set);
  const track = usePlayerState((state) => state.track);
  const restoring = usePlayerState((state) => state.restoring);
  if (!set && restoring) {
    // The set last played is on its way (after a page load): its shape, not 'Nothing playing'.
    return (
      <Box
        role="status"
        aria-label="Loading the last played set"
        sx={{ display: 'flex', alignItems: 'center', gap: 1.5, minWidth: 0 }}
      >
        <Skeleton variant="rounded" width={48} height={48} sx={{ flexShrink: 0 }} />
        <Box sx={{ minWidth: 0, flex: 1, maxWidth: 220 }}>
          <Skeleton width="80%" />
          <Skeleton width="55%" />
        </Box>
      </Box>
    );
  }
  if (!set) {
    return (
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, minWidth: 0 }}>
        <Artwork src={null} size={48} radius={1} />
        <Box sx={{ minWidth: 0 }}>
          <Typography variant="body2" sx={{ fontWeight: 600 }} noWrap>
            Nothing playing
          </Typography>
          <Typography variant="caption" sx={{ color: 'text.secondary' }} noWrap component="p">
            Press play on a set to start listening
          </Typography>
        </Box>
      </Box>
    );
  }
  const meta = track?.track_meta;
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, minWidth: 0 }}>
      <Artwork src={set.art_url_sm} size={48} radius={1} alt="" eager />
      <Box sx={{ minWidth: 0 }}>
        {meta ? (
          <Link
            component={RouterLink}
            to={`/tracks/${meta.id}`}
            underline="hover"
            color="inherit"
            variant="body2"
            noWrap
            aria-label={`Current track: ${meta.artist} — ${trackDisplayTitle(meta)}`}
            sx={{ display: 'block', fontWeight: 600 }}
          >
            {meta.artist} — {trackDisplayTitle(meta)}
          </Link>
        ) : (
          <Typography variant="body2" noWrap sx={{ fontWeight: 600 }}>
            {set.artist}
          </Typography>
        )}
        <Link
          component={RouterLink}
          to={`/sets/${set.id}`}
          underline="hover"
          variant="caption"
          noWrap
          aria-label={`Playing set: ${set.set_name}`}
          sx={{ display: 'block', color: 'text.secondary' }}
        >
          {set.set_name}
        </Link>
      </Box>
    </Box>
  );
}

// The queue (with its drag-and-drop library) and the shortcuts dialog wait for the listener to open
// them: they load on the first open and stay mounted after it, so closing keeps its transition.
const QueuePopover = lazy(() => import('./queue-popover').then((m) => ({ default: m.QueuePopover })));
const ShortcutsDialog = lazy(() =>
  import('./shortcuts-dialog').then((m) => ({ default: m.ShortcutsDialog })),
);

export function BottomPlayer() {
  const [queueAnchor, setQueueAnchor] = useState<HTMLElement | null>(null);
  const [help, setHelp] = useState(false);
  const [queueUsed, setQueueUsed] = useState(false);
  const [helpUsed, setHelpUsed] = useState(false);
  if (queueAnchor && !queueUsed) setQueueUsed(true);
  if (help && !helpUsed) setHelpUsed(true);
  const queueCount = useQueue().length;
  const openHelp = useCallback(() => setHelp(true), []);
  usePlayerShortcuts(openHelp);
  useMediaSession();
  usePlayingTitle();

  return (
    <Box
      sx={{
        backgroundColor: 'rgba(17, 17, 22, 0.94)',
        backdropFilter: 'blur(14px)',
        borderTop: `1px solid ${colors.line}`,
        boxShadow: '0 -10px 30px rgba(0,0,0,0.35)',
        px: { xs: 1.5, md: 2.5 },
        py: { xs: 1, md: 1.25 },
        display: 'grid',
        alignItems: 'center',
        columnGap: { xs: 1, md: 2 },
        // Where a pointer hovers the bar (from sm up), its label has room under the controls; phones
        // have no hover and keep the compact gap.
        rowGap: { xs: '4px', sm: `${SEEK_LABEL_ROOM_PX}px` },
        gridTemplateColumns: {
          xs: 'minmax(0, 1fr) auto auto',
          md: 'minmax(0, 1fr) minmax(320px, 2fr) minmax(0, 1fr)',
        },
        gridTemplateAreas: {
          xs: '"now controls extra" "seek seek seek"',
          md: '"now controls extra" "now seek extra"',
        },
      }}
    >
      <Box sx={{ gridArea: 'now', minWidth: 0 }}>
        <NowPlaying />
      </Box>
      <Box sx={{ gridArea: 'controls' }}>
        <PlayerControls />
      </Box>
      <Box sx={{ gridArea: 'seek', minWidth: 0 }}>
        <SeekBar />
      </Box>
      <Box
        sx={{ gridArea: 'extra', display: 'flex', alignItems: 'center', justifyContent: 'flex-end', gap: 1 }}
      >
        <PlayerVolume />
        <Tooltip title="Keyboard shortcuts (?)">
          <IconButton
            aria-label="Keyboard shortcuts"
            onClick={openHelp}
            sx={{ display: { xs: 'none', lg: 'inline-flex' } }}
          >
            <KeyboardRounded fontSize="small" />
          </IconButton>
        </Tooltip>
        <IconButton
          // The name carries the count the badge shows ('Queue (3)'), so what is seen is what is said.
          aria-label={queueCount > 0 ? `Queue (${queueCount > 99 ? '99+' : queueCount})` : 'Queue'}
          onClick={(event) => setQueueAnchor(event.currentTarget)}
          sx={{ display: { xs: 'none', sm: 'inline-flex' } }}
        >
          <Badge badgeContent={queueCount > 0 ? queueCount : null} color="primary" max={99}>
            <QueueMusicRounded />
          </Badge>
        </IconButton>
        <PlayerOverflowMenu onOpenQueue={setQueueAnchor} />
      </Box>
      <Suspense fallback={null}>
        {queueUsed && <QueuePopover anchor={queueAnchor} onClose={() => setQueueAnchor(null)} />}
        {helpUsed && <ShortcutsDialog open={help} onClose={() => setHelp(false)} />}
      </Suspense>
    </Box>
  );
}
