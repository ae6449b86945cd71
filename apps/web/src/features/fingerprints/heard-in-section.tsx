// The track page's 'Also heard in' (a released track) or 'Heard in N other sets' (an ID): where the
// track's audio plays in other sets by fingerprint, how it was played there (faster or slower, key
// locked), each playable from that moment, marked when the set's tracklist does not say so.
import type { HeardIn, HeardInList } from '@cratedig/contract/fingerprints-api';
import PlayArrowRounded from '@mui/icons-material/PlayArrowRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { Artwork } from '../../components/artwork';
import { formatClock, plural } from '../../lib/format';
import { usePlayer } from '../player';
import { useHeardIn } from './fingerprints-api';
import { SpeedNote } from './speed-note';
import { StillListening } from './still-listening';

function HeardInRow({ item, isId }: { item: HeardIn; isId: boolean }) {
  const player = usePlayer();
  const at = formatClock(item.start_time);
  const unlisted = !item.in_tracklist;
  const mark = isId
    ? item.set_track_position !== null
      ? `listed there as track ${item.set_track_position}`
      : 'not in its tracklist'
    : unlisted
      ? 'not in its tracklist'
      : null;
  return (
    <Box
      component="li"
      sx={{
        display: 'grid',
        gridTemplateColumns: '48px minmax(0, 1fr) auto',
        alignItems: 'center',
        gap: 1.5,
        py: 1,
        borderBottom: 1,
        borderColor: 'divider',
      }}
    >
      <Artwork src={item.set_meta.art_url_sm} size={48} />
      <Box sx={{ minWidth: 0 }}>
        <Link
          component={RouterLink}
          to={`/sets/${item.set_meta.id}`}
          sx={{ display: 'block', overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}
        >
          {item.set_meta.set_name}
        </Link>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1, mt: 0.25 }}>
          <Typography variant="body2" color="text.secondary" sx={{ fontVariantNumeric: 'tabular-nums' }}>
            {at}–{formatClock(item.end_time)} · {Math.round(item.similarity * 100)}% match
            <SpeedNote speed={item.speed} keyLocked={item.key_locked} />
          </Typography>
          {mark && (
            <Chip size="small" variant="outlined" label={mark} color={unlisted ? 'warning' : 'default'} />
          )}
        </Box>
      </Box>
      <Button
        size="small"
        startIcon={<PlayArrowRounded />}
        aria-label={`Play ${item.set_meta.set_name} from ${at}, where it is heard`}
        onClick={() => void player.playSetFrom(item.set_meta.id, item.start_time)}
        sx={{ fontVariantNumeric: 'tabular-nums', minWidth: 0, whiteSpace: 'nowrap' }}
      >
        {at}
      </Button>
    </Box>
  );
}

/**
 * The rows to list and how many other sets they are in. An ID's own set (its 'Found in') is not
 * another set: the audio heard there again is the ID itself, so it is neither listed nor counted.
 * A set the audio is heard in twice counts once.
 */
export function otherSets(
  data: HeardInList,
  foundInSetId: number | undefined,
): { rows: HeardIn[]; sets: number } {
  const rows = data.data.filter((item) => item.set_meta.id !== foundInSetId);
  const left = data.data.length - rows.length;
  const everyRowHere = data.pagination.total <= data.data.length;
  const sets = everyRowHere
    ? new Set(rows.map((item) => item.set_meta.id)).size
    : data.pagination.total - left;
  return { rows, sets };
}

export function HeardInSection({
  trackId,
  isId,
  foundInSetId,
}: {
  trackId: number;
  isId: boolean;
  /** An ID's 'Found in' set. */
  foundInSetId?: number;
}) {
  const { data } = useHeardIn(trackId);
  if (!data) return null;
  const { rows, sets } = otherSets(data, isId ? foundInSetId : undefined);
  const found = rows.length;
  if (found === 0 && !data.listening) return null;
  const title = isId ? `Heard in ${plural(sets, 'other set')}` : 'Also heard in';
  return (
    <Box component="section" aria-label={title} sx={{ mt: 3 }}>
      <Typography variant="h6" component="h2">
        {title}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {isId
          ? 'The same audio, found by Cratedig in other sets: often the same ID under another entry.'
          : 'Sets where Cratedig hears this track, by its audio.'}
      </Typography>
      {data.listening && <StillListening />}
      {found > 0 && (
        <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0 }}>
          {rows.map((item) => (
            <HeardInRow key={`${item.set_meta.id}:${item.start_time}`} item={item} isId={isId} />
          ))}
        </Box>
      )}
    </Box>
  );
}
