// The compact Play/Pause and Add-to-queue buttons of set cards and table rows, so a listener can line
// up an evening without opening each set. Adding answers with the queue's toasts ('Set added to
// queue!', 'This set is already in the queue.'), as on the set page; Play resumes a set from where
// the listener left it, as the set page's Play does.
import type { SetMeta } from '@cratedig/contract/set';
import PauseRounded from '@mui/icons-material/PauseRounded';
import PlayArrowRounded from '@mui/icons-material/PlayArrowRounded';
import PlaylistAddRounded from '@mui/icons-material/PlaylistAddRounded';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import type { RenderSetActions, SetActionsPlace } from '../../components/set-actions';
import { colors } from '../../lib/design-tokens';
import { useIsSetPlaying, usePlayer } from '../player';

const onCard = {
  width: 34,
  height: 34,
  // Near-opaque rather than a blurred backdrop: two dozen blurred buttons on Home each made a layer of
  // their own that the compositor rebuilt at every frame while the rows filled in.
  backgroundColor: 'rgba(9, 9, 12, 0.86)',
  border: `1px solid ${colors.line}`,
  '&:hover': { backgroundColor: colors.surface3 },
} as const;

export function SetQuickActions({ set, place }: { set: SetMeta; place: SetActionsPlace }) {
  const player = usePlayer();
  const playing = useIsSetPlaying(set.id);
  return (
    <Box sx={{ display: 'flex', gap: 0.5, alignItems: 'center' }}>
      <IconButton
        size="small"
        aria-label={playing ? `Pause ${set.set_name}` : `Play ${set.set_name}`}
        onClick={() => (playing ? player.pause() : void player.play(set.id))}
        sx={place === 'card' ? { ...onCard, color: colors.acid } : { color: colors.acid }}
      >
        {playing ? <PauseRounded fontSize="small" /> : <PlayArrowRounded fontSize="small" />}
      </IconButton>
      <IconButton
        size="small"
        aria-label={`Add ${set.set_name} to the queue`}
        onClick={() => void player.addToQueue(set.id)}
        sx={place === 'card' ? onCard : undefined}
      >
        <PlaylistAddRounded fontSize="small" />
      </IconButton>
    </Box>
  );
}

export const renderSetQuickActions: RenderSetActions = (set, place) => (
  <SetQuickActions set={set} place={place} />
);
