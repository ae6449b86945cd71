// The way in from a set's page: shown while the set has IDs waiting for a name, since a pasted
// tracklist can only suggest names for those.
import type { SetMeta } from '@cratedig/contract/set';
import PlaylistAddRounded from '@mui/icons-material/PlaylistAddRounded';
import Button from '@mui/material/Button';
import { Link as RouterLink } from 'react-router';

export function openIdCount(set: Pick<SetMeta, 'set_tracks'>): number {
  return (set.set_tracks ?? []).filter(
    (row) =>
      row.track_meta.mix_type === 'ID' &&
      ['unidentified', 'proposed'].includes(row.track_meta.identification?.status ?? ''),
  ).length;
}

export function SuggestTracklistLink({ set }: { set: Pick<SetMeta, 'id' | 'set_tracks'> }) {
  if (openIdCount(set) === 0) return null;
  return (
    <Button
      component={RouterLink}
      to={`/sets/${set.id}/tracklist`}
      variant="outlined"
      size="small"
      startIcon={<PlaylistAddRounded />}
      sx={{ width: 'fit-content' }}
    >
      Suggest a tracklist
    </Button>
  );
}
