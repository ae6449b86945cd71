// How a set's track list marks an ID: one the crowd identified reads 'Artist – Title' with an
// Unreleased mark (Released once it came out); one still unknown carries a '?' with its number of
// open suggestions. Both lead to the ID's page, where the suggestions are.
import type { TrackMeta } from '@cratedig/contract/track';
import Box from '@mui/material/Box';
import { Link as RouterLink } from 'react-router';
import { colors } from '../lib/design-tokens';
import { proposalParts } from '../lib/identification-text';

/**
 * The name an ID has now: the track it was released as, or the name the crowd gave it while it is
 * unreleased; null while it is unknown.
 */
export function identifiedAs(
  track: Pick<TrackMeta, 'identification' | 'release'>,
): { artist: string; title: string } | null {
  if (track.release) return { artist: track.release.artist, title: track.release.title };
  const identification = track.identification;
  if (!identification?.accepted) return null;
  if (identification.status !== 'identified' && identification.status !== 'released') return null;
  const { artist, title, mix } = proposalParts(identification.accepted.proposal);
  return { artist, title: mix ? `${title} (${mix})` : title };
}

/**
 * The label a decided ID came out on, or is known to be on, as its accepted suggestion names it (the
 * catalogue track's label, or the label typed with a description); null when none was named. The ID
 * itself has no label of its own, so its row shows this one.
 */
export function identifiedLabel(track: Pick<TrackMeta, 'identification' | 'release'>): string | null {
  if (!identifiedAs(track)) return null;
  const proposal = track.identification?.accepted?.proposal;
  if (!proposal) return null;
  return proposal.track_meta ? proposal.track_meta.label_name : proposal.label_name;
}

const pill = {
  display: 'inline-flex',
  alignItems: 'center',
  gap: 0.5,
  px: 0.75,
  height: 20,
  borderRadius: 999,
  fontSize: 11,
  fontWeight: 700,
  letterSpacing: 0.3,
  whiteSpace: 'nowrap',
  verticalAlign: 'middle',
  textDecoration: 'none',
  flexShrink: 0,
} as const;

export function UnreleasedMark() {
  return (
    <Box
      component="span"
      sx={{ ...pill, ml: 1, border: '1px solid rgba(198, 255, 58, 0.45)', color: colors.acid }}
    >
      Unreleased
    </Box>
  );
}

export function ReleasedMark() {
  return (
    <Box component="span" sx={{ ...pill, ml: 1, bgcolor: colors.acid, color: colors.ink }}>
      Released
    </Box>
  );
}

/** '?' and the open suggestions (none shows '?' alone), linking to the ID's page. */
export function UnknownIdMark({ trackId, openCount }: { trackId: number; openCount: number }) {
  const label =
    openCount === 0
      ? 'Nobody has suggested what this ID is yet: suggest it'
      : `${openCount} open suggestion${openCount === 1 ? '' : 's'} for this ID: vote`;
  return (
    <Box
      component={RouterLink}
      to={`/tracks/${trackId}`}
      aria-label={label}
      title={label}
      sx={{
        ...pill,
        ml: 1,
        color: openCount > 0 ? colors.ink : 'text.secondary',
        bgcolor: openCount > 0 ? colors.acid : 'transparent',
        border: openCount > 0 ? 'none' : `1px dashed ${colors.textMuted}`,
        '&:hover, &:focus-visible': { outline: `2px solid ${colors.acid}`, outlineOffset: 1 },
      }}
    >
      ?{openCount > 0 ? ` ${openCount}` : ''}
    </Box>
  );
}

/** The mark an ID row carries: Unreleased once identified, '?' while unknown; none otherwise. */
export function IdRowMark({ track }: { track: Pick<TrackMeta, 'id' | 'identification' | 'release'> }) {
  const identification = track.identification;
  if (track.release || identification?.status === 'released') return <ReleasedMark />;
  if (!identification) return null;
  if (identification.status === 'identified') return <UnreleasedMark />;
  return <UnknownIdMark trackId={track.id} openCount={identification.open_count} />;
}
