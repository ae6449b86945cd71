// What a track's page says about the ID lifecycle (docs/ids-and-identifications.md): an ID
// that came out links to its release ('Released as …' with the release date and Buy); an ID still
// waiting says how many listeners wait for it; a release says where it was first heard.
import type { TrackDetail, TrackFirstHeard, TrackRelease } from '@cratedig/contract/track';
import HourglassEmptyRounded from '@mui/icons-material/HourglassEmptyRounded';
import NewReleasesOutlined from '@mui/icons-material/NewReleasesOutlined';
import PlaceOutlined from '@mui/icons-material/PlaceOutlined';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { Artwork } from '../../components/artwork';
import { colors } from '../../lib/design-tokens';
import { formatDate, formatNumber } from '../../lib/format';
import { PurchaseButton } from '../library';

function Note({
  icon,
  label,
  accent,
  children,
}: {
  icon: ReactNode;
  label: string;
  accent?: boolean;
  children: ReactNode;
}) {
  return (
    <Box
      component="section"
      aria-label={label}
      sx={{
        mt: 3,
        px: { xs: 2, sm: 2.5 },
        py: 2,
        display: 'flex',
        alignItems: 'center',
        flexWrap: 'wrap',
        gap: 2,
        borderRadius: 4,
        border: `1px solid ${accent ? 'rgba(198, 255, 58, 0.35)' : colors.line}`,
        background: accent
          ? `linear-gradient(90deg, rgba(198, 255, 58, 0.1), transparent 70%), ${colors.surface1}`
          : colors.surface1,
      }}
    >
      <Box
        aria-hidden
        sx={{ display: 'grid', placeItems: 'center', color: accent ? colors.acid : 'text.secondary' }}
      >
        {icon}
      </Box>
      {children}
    </Box>
  );
}

/** On an ID's page: its release once it came out, else how many listeners wait for it. */
export function IdStatusNote({ track }: { track: TrackDetail }) {
  if (track.release) return <ReleasedAs release={track.release} />;
  return <Waiting count={track.waiting_count ?? 0} />;
}

function ReleasedAs({ release }: { release: TrackRelease }) {
  return (
    <Note icon={<NewReleasesOutlined />} label="Released" accent>
      <Artwork src={release.art_url_sm} size={56} radius={1.5} />
      <Box sx={{ minWidth: 0, flex: '1 1 220px' }}>
        <Typography variant="overline" sx={{ color: colors.acid, lineHeight: 1.4, fontWeight: 700 }}>
          Out now
        </Typography>
        <Typography sx={{ fontWeight: 600 }}>
          Released as{' '}
          <Link component={RouterLink} to={`/tracks/${release.id}`} color="text.primary">
            {release.artist} – {release.title}
          </Link>
        </Typography>
        {release.release_date && (
          <Typography variant="body2" color="text.secondary">
            on {formatDate(release.release_date)}
          </Typography>
        )}
      </Box>
      <PurchaseButton track={release} />
    </Note>
  );
}

/** '12 listeners are waiting for this ID', '1 listener is waiting…', or an invitation when none. */
export function waitingLine(count: number): string {
  if (count <= 0) return 'Be the first to watch this ID';
  if (count === 1) return '1 listener is waiting for this ID';
  return `${formatNumber(count)} listeners are waiting for this ID`;
}

function Waiting({ count }: { count: number }) {
  return (
    <Note icon={<HourglassEmptyRounded />} label="Waiting for release">
      <Typography sx={{ fontWeight: 600 }}>{waitingLine(count)}</Typography>
    </Note>
  );
}

/** On a released track that was an ID first: 'First heard in {set} on {date}', linking to the set. */
export function FirstHeardNote({ firstHeard }: { firstHeard: TrackFirstHeard }) {
  const date = formatDate(firstHeard.created_dt);
  return (
    <Note icon={<PlaceOutlined />} label="First heard">
      <Typography sx={{ fontWeight: 600, flex: '1 1 220px' }}>
        {firstHeard.set_meta ? (
          <>
            First heard in{' '}
            <Link component={RouterLink} to={`/sets/${firstHeard.set_meta.id}`} color="text.primary">
              {firstHeard.set_meta.set_name}
            </Link>{' '}
            on {date}
          </>
        ) : (
          <>First heard on {date}</>
        )}
      </Typography>
      <Link
        component={RouterLink}
        to={`/tracks/${firstHeard.id_track_id}`}
        variant="body2"
        color="text.secondary"
      >
        See the ID
      </Link>
    </Note>
  );
}
