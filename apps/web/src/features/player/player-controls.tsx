// The bottom player's buttons: like this moment, previous, play/pause, next and share, the volume
// (large screens), and on phones a compact 'More player actions' menu holding what does not fit
// (share and the queue), so nothing is lost on a small screen.
import { PLAYER } from '@cratedig/contract/constants';
import FavoriteBorderRounded from '@mui/icons-material/FavoriteBorderRounded';
import IosShareRounded from '@mui/icons-material/IosShareRounded';
import MoreVertRounded from '@mui/icons-material/MoreVertRounded';
import PauseRounded from '@mui/icons-material/PauseRounded';
import PlayArrowRounded from '@mui/icons-material/PlayArrowRounded';
import QueueMusicRounded from '@mui/icons-material/QueueMusicRounded';
import SkipNextRounded from '@mui/icons-material/SkipNextRounded';
import SkipPreviousRounded from '@mui/icons-material/SkipPreviousRounded';
import VolumeDownRounded from '@mui/icons-material/VolumeDownRounded';
import VolumeOffRounded from '@mui/icons-material/VolumeOffRounded';
import VolumeUpRounded from '@mui/icons-material/VolumeUpRounded';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Slider from '@mui/material/Slider';
import Tooltip from '@mui/material/Tooltip';
import { useSnackbar } from 'notistack';
import { useState } from 'react';
import { copyMessage, shareLink } from '../../components/share-button';
import { colors } from '../../lib/design-tokens';
import { usePlayer, usePlayerState, useQueue } from './player-context';

/** Copies the loaded set's share link, with the copy message. */
function useShareSet() {
  const set = usePlayerState((state) => state.set);
  const { enqueueSnackbar } = useSnackbar();
  return async () => {
    if (!set) return;
    try {
      await navigator.clipboard.writeText(shareLink('sets', set.id));
      enqueueSnackbar(copyMessage('sets', set.set_name), { variant: 'success' });
    } catch (error) {
      console.error('Copying the share link failed', error);
    }
  };
}

// Shown from sm up; on phones the overflow menu holds them.
const wideOnly = { display: { xs: 'none', sm: 'inline-flex' } } as const;
const phoneOnly = { display: { xs: 'inline-flex', sm: 'none' } } as const;
// Phones get slightly smaller buttons so like, previous, play, next and the menu fit at 390 px.
const compact = { p: { xs: 0.75, sm: 1 } } as const;

export function PlayerControls() {
  const player = usePlayer();
  const playing = usePlayerState((state) => state.playing);
  const set = usePlayerState((state) => state.set);
  const queued = useQueue().length > 0;
  const share = useShareSet();
  const disabled = !set;
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'center', gap: { xs: 0, sm: 0.75 } }}>
      <Tooltip title="Like this moment">
        <span>
          <IconButton
            aria-label="Like this moment"
            disabled={disabled}
            onClick={() => void player.likeMoment()}
            sx={compact}
          >
            <FavoriteBorderRounded fontSize="small" />
          </IconButton>
        </span>
      </Tooltip>
      <IconButton
        aria-label="Previous track"
        disabled={disabled}
        onClick={() => player.step('previous')}
        sx={compact}
      >
        <SkipPreviousRounded />
      </IconButton>
      <IconButton
        aria-label={playing ? 'Pause' : 'Play'}
        disabled={!set && !queued}
        onClick={() => void player.toggle()}
        sx={{
          width: { xs: 40, sm: 44 },
          height: { xs: 40, sm: 44 },
          mx: { xs: 0.25, sm: 0 },
          backgroundColor: colors.acid,
          color: colors.ink,
          '&:hover': { backgroundColor: colors.acidDeep },
          '&.Mui-disabled': { backgroundColor: colors.surface3, color: 'text.secondary' },
        }}
      >
        {playing ? <PauseRounded /> : <PlayArrowRounded />}
      </IconButton>
      <IconButton
        aria-label="Next track"
        disabled={disabled}
        onClick={() => player.step('next')}
        sx={compact}
      >
        <SkipNextRounded />
      </IconButton>
      <Tooltip title="Copy share link">
        <span>
          <IconButton aria-label="Share this set" disabled={disabled} onClick={share} sx={wideOnly}>
            <IosShareRounded fontSize="small" />
          </IconButton>
        </span>
      </Tooltip>
    </Box>
  );
}

/** On phones: share and the queue, behind one button. */
export function PlayerOverflowMenu({ onOpenQueue }: { onOpenQueue: (anchor: HTMLElement) => void }) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const set = usePlayerState((state) => state.set);
  const queueCount = useQueue().length;
  const share = useShareSet();
  const close = () => setAnchor(null);
  return (
    <>
      <IconButton
        aria-label="More player actions"
        aria-haspopup="menu"
        aria-expanded={anchor !== null}
        onClick={(event) => setAnchor(event.currentTarget)}
        sx={{ ...phoneOnly, ...compact }}
      >
        <MoreVertRounded />
      </IconButton>
      <Menu
        anchorEl={anchor}
        open={anchor !== null}
        onClose={close}
        anchorOrigin={{ vertical: 'top', horizontal: 'right' }}
        transformOrigin={{ vertical: 'bottom', horizontal: 'right' }}
      >
        <MenuItem
          disabled={!set}
          onClick={() => {
            close();
            void share();
          }}
        >
          <ListItemIcon>
            <IosShareRounded fontSize="small" />
          </ListItemIcon>
          Share this set
        </MenuItem>
        <MenuItem
          onClick={() => {
            if (anchor) onOpenQueue(anchor);
            close();
          }}
        >
          <ListItemIcon>
            <QueueMusicRounded fontSize="small" />
          </ListItemIcon>
          {queueCount > 0 ? `Queue (${queueCount})` : 'Queue'}
        </MenuItem>
      </Menu>
    </>
  );
}

export function PlayerVolume() {
  const player = usePlayer();
  const volume = usePlayerState((state) => state.volume);
  const Icon = volume === 0 ? VolumeOffRounded : volume < 0.5 ? VolumeDownRounded : VolumeUpRounded;
  return (
    // The volume slider shows on large screens only.
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
