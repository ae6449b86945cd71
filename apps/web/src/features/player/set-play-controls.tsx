// The player's controls on the catalogue pages (docs/web-app.md Set detail and Track detail): Play/Pause and
// add to queue on a set, play from a track-list row, and play on a track page. The set and track pages
// mount these; the playing row comes from useIsPlayingRow (player-context.tsx).

import MusicOffRounded from '@mui/icons-material/MusicOffRounded';
import PauseRounded from '@mui/icons-material/PauseRounded';
import PlayArrowRounded from '@mui/icons-material/PlayArrowRounded';
import PlaylistAddRounded from '@mui/icons-material/PlaylistAddRounded';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import { Tooltip } from '../../components/tooltip';
import { useSnackbar } from '../../lib/toast';
import { useIsSetPlaying, usePlayer } from './player-context';
import { PLAYER_MESSAGES } from './player-messages';

/** docs/web-app.md Set detail: Play/Pause of this set (another playing set pauses, docs/player.md). */
export function SetPlayButton({ setId, name }: { setId: number; name: string }) {
  const player = usePlayer();
  const playing = useIsSetPlaying(setId);
  return (
    <Button
      variant="contained"
      size="large"
      startIcon={playing ? <PauseRounded /> : <PlayArrowRounded />}
      aria-label={playing ? `Pause ${name}` : `Play ${name}`}
      onClick={() => (playing ? player.pause() : void player.play(setId))}
      sx={{ borderRadius: 999, px: 3, fontWeight: 700 }}
    >
      {playing ? 'Pause' : 'Play'}
    </Button>
  );
}

/** docs/web-app.md Set detail's first extra control: add to queue (docs/player.md Queue messages). */
export function AddToQueueButton({ setId, name }: { setId: number; name: string }) {
  const player = usePlayer();
  return (
    <Tooltip title="Add to queue">
      <IconButton
        aria-label={`Add ${name} to the queue`}
        onClick={() => void player.addToQueue(setId)}
        sx={{ border: '1px solid rgba(255,255,255,0.22)' }}
      >
        <PlaylistAddRounded />
      </IconButton>
    </Tooltip>
  );
}

/**
 * docs/web-app.md Track detail: play the track (GET /set_tracks/play/{id} names the set and the start_time),
 * then 'Playing track!' (docs/player.md). A track no set plays (setCount 0) has nothing to start: instead of
 * a Play that does nothing, the page says so.
 */
export function TrackPlayButton({
  trackId,
  title,
  label,
  setCount,
  untimedOnly = false,
}: {
  trackId: number;
  title: string;
  /** The button's words; default 'Play' ('Listen to the moment' on an ID: the set from where it plays). */
  label?: string;
  setCount: number;
  /**
   * Every set playing the track lists it without times: there is no moment of it to start from, so
   * the button plays the set from its beginning and says so.
   */
  untimedOnly?: boolean;
}) {
  const player = usePlayer();
  const { enqueueSnackbar } = useSnackbar();
  if (setCount === 0) {
    return (
      <Typography
        variant="body2"
        color="text.secondary"
        sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.75, mr: 1 }}
      >
        <MusicOffRounded fontSize="small" aria-hidden />
        In no set yet, so nothing to play
      </Typography>
    );
  }
  const play = async () => {
    const ok = await player.playTrack(trackId);
    if (ok)
      enqueueSnackbar(untimedOnly ? PLAYER_MESSAGES.playingUntimedSet : PLAYER_MESSAGES.playingTrack, {
        variant: 'success',
      });
  };
  const words = untimedOnly ? 'Play the set' : (label ?? 'Play');
  return (
    <Button
      variant="contained"
      startIcon={<PlayArrowRounded />}
      aria-label={
        untimedOnly
          ? `Play the set with ${title} from its start`
          : label
            ? `${label}: ${title}`
            : `Play ${title}`
      }
      onClick={() => void play()}
      sx={{ borderRadius: 999, px: 2.5, fontWeight: 700 }}
    >
      {words}
    </Button>
  );
}
