// 'Cratedig found N tracks in this set': on a set whose tracklist leaves stretches unnamed, the
// catalogue tracks whose audio the fingerprints found there, with their times, as suggestions.
import type { SetSuggestion } from '@cratedig/contract/fingerprints-api';
import PlayArrowRounded from '@mui/icons-material/PlayArrowRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { Artwork } from '../../components/artwork';
import { formatClock, plural } from '../../lib/format';
import { usePlayer } from '../player';
import { useSetSuggestions } from './fingerprints-api';
import { StillListening } from './still-listening';

function SuggestionRow({ setId, item }: { setId: number; item: SetSuggestion }) {
  const player = usePlayer();
  const at = formatClock(item.start_time);
  return (
    <Box
      component="li"
      sx={{
        display: 'grid',
        gridTemplateColumns: 'auto 40px minmax(0, 1fr)',
        alignItems: 'center',
        gap: 1.5,
        py: 1,
        borderBottom: 1,
        borderColor: 'divider',
      }}
    >
      <Button
        size="small"
        startIcon={<PlayArrowRounded />}
        aria-label={`Play from ${at}, where ${item.track_meta.title} is heard`}
        onClick={() => void player.playSetFrom(setId, item.start_time)}
        sx={{ fontVariantNumeric: 'tabular-nums', minWidth: 0, whiteSpace: 'nowrap' }}
      >
        {at}
      </Button>
      <Artwork src={item.track_meta.art_url_sm} size={40} />
      <Box sx={{ minWidth: 0 }}>
        <Link
          component={RouterLink}
          to={`/tracks/${item.track_meta.id}`}
          sx={{ display: 'block', overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}
        >
          {item.track_meta.artist} — {item.track_meta.title}
        </Link>
        <Typography
          variant="body2"
          color="text.secondary"
          sx={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}
        >
          {at}–{formatClock(item.end_time)} · {Math.round(item.similarity * 100)}% match · as in{' '}
          <Link component={RouterLink} to={`/sets/${item.heard_in.id}`} color="inherit">
            {item.heard_in.set_name}
          </Link>
        </Typography>
      </Box>
    </Box>
  );
}

export function SetSuggestions({ setId }: { setId: number }) {
  const { data } = useSetSuggestions(setId);
  // nothing found (yet): the set's own tracklist stands alone
  if (!data || data.data.length === 0) return null;
  const title = `Cratedig found ${plural(data.data.length, 'track')} in this set`;
  return (
    <Box component="section" aria-label={title} sx={{ mt: 3 }}>
      <Typography variant="h6" component="h2">
        {title}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        Suggestions for stretches the tracklist leaves unnamed, found by listening to the audio.
      </Typography>
      {data.listening && <StillListening />}
      <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0 }}>
        {data.data.map((item) => (
          <SuggestionRow key={item.track_meta.id} setId={setId} item={item} />
        ))}
      </Box>
    </Box>
  );
}
