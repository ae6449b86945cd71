// The bottom player (spec §2, signed-in only): artwork, the current-track and set lines, previous,
// play/pause, like, share and next, the seek bar with elapsed / total time, volume on large screens,
// and the queue button. Compact and dark; on phones the secondary controls fold away.
import { PLAYER } from '@cratedig/contract/constants';
import FavoriteBorderRounded from '@mui/icons-material/FavoriteBorderRounded';
import IosShareRounded from '@mui/icons-material/IosShareRounded';
import KeyboardRounded from '@mui/icons-material/KeyboardRounded';
import PauseRounded from '@mui/icons-material/PauseRounded';
import PlayArrowRounded from '@mui/icons-material/PlayArrowRounded';
import QueueMusicRounded from '@mui/icons-material/QueueMusicRounded';
import SkipNextRounded from '@mui/icons-material/SkipNextRounded';
import SkipPreviousRounded from '@mui/icons-material/SkipPreviousRounded';
import VolumeDownRounded from '@mui/icons-material/VolumeDownRounded';
import VolumeOffRounded from '@mui/icons-material/VolumeOffRounded';
import VolumeUpRounded from '@mui/icons-material/VolumeUpRounded';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Slider from '@mui/material/Slider';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useSnackbar } from 'notistack';
import { useCallback, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { Artwork } from '../../components/artwork';
import { copyMessage, shareLink } from '../../components/share-button';
import { colors } from '../../lib/design-tokens';
import { trackDisplayTitle } from '../../lib/track-title';
import { useMediaSession } from './media-session';
import { usePlayer, usePlayerState, useQueue } from './player-context';
import { QueuePopover } from './queue-popover';
import { SeekBar } from './seek-bar';
import { ShortcutsDialog } from './shortcuts-dialog';
import { usePlayerShortcuts } from './use-player-shortcuts';

function NowPlaying() {
  const set = usePlayerState((state) => state.set);
  const track = usePlayerState((state) => state.track);
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

function Controls() {
  const player = usePlayer();
  const playing = usePlayerState((state) => state.playing);
  const set = usePlayerState((state) => state.set);
  const queued = useQueue().length > 0;
  const { enqueueSnackbar } = useSnackbar();
  const disabled = !set;
  const share = async () => {
    if (!set) return;
    try {
      await navigator.clipboard.writeText(shareLink('sets', set.id));
      enqueueSnackbar(copyMessage('sets', set.set_name), { variant: 'success' });
    } catch (error) {
      console.error('Copying the share link failed', error);
    }
  };
  const secondary = { display: { xs: 'none', sm: 'inline-flex' } } as const;
  return (
    <Box
      sx={{ display: 'flex', alignItems: 'center', justifyContent: 'center', gap: { xs: 0.25, sm: 0.75 } }}
    >
      <Tooltip title="Like this moment">
        <span>
          <IconButton
            aria-label="Like this moment"
            disabled={disabled}
            onClick={() => void player.likeMoment()}
            sx={secondary}
          >
            <FavoriteBorderRounded fontSize="small" />
          </IconButton>
        </span>
      </Tooltip>
      <IconButton
        aria-label="Previous track"
        disabled={disabled}
        onClick={() => player.step('previous')}
        sx={secondary}
      >
        <SkipPreviousRounded />
      </IconButton>
      <IconButton
        aria-label={playing ? 'Pause' : 'Play'}
        disabled={!set && !queued}
        onClick={() => void player.toggle()}
        sx={{
          width: 44,
          height: 44,
          backgroundColor: colors.acid,
          color: colors.ink,
          '&:hover': { backgroundColor: colors.acidDeep },
          '&.Mui-disabled': { backgroundColor: colors.surface3, color: 'text.secondary' },
        }}
      >
        {playing ? <PauseRounded /> : <PlayArrowRounded />}
      </IconButton>
      <IconButton aria-label="Next track" disabled={disabled} onClick={() => player.step('next')}>
        <SkipNextRounded />
      </IconButton>
      <Tooltip title="Copy share link">
        <span>
          <IconButton aria-label="Share this set" disabled={disabled} onClick={share} sx={secondary}>
            <IosShareRounded fontSize="small" />
          </IconButton>
        </span>
      </Tooltip>
    </Box>
  );
}

function Volume() {
  const player = usePlayer();
  const volume = usePlayerState((state) => state.volume);
  const Icon = volume === 0 ? VolumeOffRounded : volume < 0.5 ? VolumeDownRounded : VolumeUpRounded;
  return (
    // spec §2: the volume slider shows on large screens only (lg, spec §9 breakpoints).
    <Box sx={{ display: { xs: 'none', lg: 'flex' }, alignItems: 'center', gap: 1, width: 140 }}>
      <Icon fontSize="small" sx={{ color: 'text.secondary' }} />
      <Slider
        aria-label="Volume"
        size="small"
        min={PLAYER.volumeMin}
        max={PLAYER.volumeMax}
        step={PLAYER.volumeStep}
        value={volume}
        onChange={(_, value) => player.setVolume(value as number)}
        sx={{ color: 'text.primary', '& .MuiSlider-thumb': { width: 10, height: 10 } }}
      />
    </Box>
  );
}

export function BottomPlayer() {
  const [queueAnchor, setQueueAnchor] = useState<HTMLElement | null>(null);
  const [help, setHelp] = useState(false);
  const queueCount = useQueue().length;
  const openHelp = useCallback(() => setHelp(true), []);
  usePlayerShortcuts(openHelp);
  useMediaSession();

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
        columnGap: 2,
        rowGap: 0.5,
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
        <Controls />
      </Box>
      <Box sx={{ gridArea: 'seek', minWidth: 0 }}>
        <SeekBar />
      </Box>
      <Box
        sx={{ gridArea: 'extra', display: 'flex', alignItems: 'center', justifyContent: 'flex-end', gap: 1 }}
      >
        <Volume />
        <Tooltip title="Keyboard shortcuts (?)">
          <IconButton
            aria-label="Keyboard shortcuts"
            onClick={openHelp}
            sx={{ display: { xs: 'none', lg: 'inline-flex' } }}
          >
            <KeyboardRounded fontSize="small" />
          </IconButton>
        </Tooltip>
        <IconButton aria-label="Queue" onClick={(event) => setQueueAnchor(event.currentTarget)}>
          <Badge badgeContent={queueCount} color="primary" max={99}>
            <QueueMusicRounded />
          </Badge>
        </IconButton>
      </Box>
      <QueuePopover anchor={queueAnchor} onClose={() => setQueueAnchor(null)} />
      <ShortcutsDialog open={help} onClose={() => setHelp(false)} />
    </Box>
  );
}
