// Home's 'Continue listening' row: the sets the user left part-way, most recent first, each with how
// far they got and the track that was playing. One click on a card resumes the set where they left it.
// Absent for a user with nothing to resume.
import type { PlayedSet } from '@cratedig/contract/moments-api';
import PlayArrowRounded from '@mui/icons-material/PlayArrowRounded';
import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import Card from '@mui/material/Card';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { Artwork } from '../../components/artwork';
import { CardRow } from '../../components/card-row';
import { colors } from '../../lib/design-tokens';
import { formatClock } from '../../lib/format';
import { usePlayer } from '../player';
import { useContinueListening } from './continue-api';

/** How far into the set the saved position is, 0–100. */
export function progressPercent(played: PlayedSet): number {
  const duration = played.set_meta.duration / 1000;
  return duration > 0 ? Math.min(100, Math.max(0, (played.current_timestamp / duration) * 100)) : 0;
}

function ContinueCard({ played }: { played: PlayedSet }) {
  const player = usePlayer();
  const set = played.set_meta;
  const at = formatClock(played.current_timestamp);
  const percent = progressPercent(played);
  return (
    <Card sx={{ height: '100%', p: 1.25, display: 'flex', flexDirection: 'column', gap: 1 }}>
      <ButtonBase
        aria-label={`Resume ${set.set_name} from ${at}`}
        onClick={() => void player.playSetFrom(set.id, played.current_timestamp)}
        sx={{
          position: 'relative',
          display: 'block',
          borderRadius: 1.5,
          overflow: 'hidden',
          '&:hover .resume, &.Mui-focusVisible .resume': { opacity: 1 },
        }}
      >
        <Artwork src={set.art_url_sm} />
        <Box
          className="resume"
          aria-hidden
          sx={{
            position: 'absolute',
            inset: 0,
            display: 'grid',
            placeItems: 'center',
            background: 'linear-gradient(180deg, transparent 40%, rgba(0,0,0,0.65))',
            opacity: 0.85,
            transition: 'opacity 160ms ease',
          }}
        >
          <Box
            sx={{
              width: 48,
              height: 48,
              borderRadius: '50%',
              display: 'grid',
              placeItems: 'center',
              backgroundColor: colors.acid,
              color: colors.ink,
            }}
          >
            <PlayArrowRounded />
          </Box>
        </Box>
        {/* How far the listener got: the saved position over the set's length. */}
        <Box
          role="progressbar"
          aria-label={`Listened to ${at} of ${formatClock(set.duration / 1000)}`}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={Math.round(percent)}
          sx={{
            position: 'absolute',
            left: 0,
            right: 0,
            bottom: 0,
            height: 4,
            backgroundColor: 'rgba(255,255,255,0.2)',
          }}
        >
          <Box sx={{ height: '100%', backgroundColor: colors.acid }} style={{ width: `${percent}%` }} />
        </Box>
      </ButtonBase>
      <Box sx={{ minWidth: 0, px: 0.5 }}>
        <Link
          component={RouterLink}
          to={`/sets/${set.id}`}
          color="text.primary"
          title={set.set_name}
          sx={{ fontWeight: 600, fontSize: '0.95rem', display: 'block' }}
          noWrap
        >
          {set.set_name}
        </Link>
        <Typography variant="body2" color="text.secondary" noWrap title={set.artist}>
          {set.artist}
        </Typography>
        <Typography
          variant="caption"
          color="text.secondary"
          noWrap
          component="p"
          title={played.track ? `${played.track.artist} — ${played.track.title}` : undefined}
          sx={{ mt: 0.5 }}
        >
          {at}
          {played.track ? ` · ${played.track.artist} — ${played.track.title}` : ''}
        </Typography>
      </Box>
    </Card>
  );
}

export function ContinueListening() {
  const { data } = useContinueListening();
  const items = data?.data ?? [];
  // Nothing to resume (or not known yet): no row at all, not an empty one.
  if (items.length === 0) return null;
  return (
    <CardRow title="Continue listening" loading={false}>
      {items.map((played) => (
        <li key={played.set_meta.id}>
          <ContinueCard played={played} />
        </li>
      ))}
    </CardRow>
  );
}
