// After sending: what became of each suggestion, each linking to its ID, where listeners vote on it,
// and a way back to the set's track list.
import type { TracklistPreview, TracklistSubmission } from '@cratedig/contract/contribute-api';
import CheckCircleRounded from '@mui/icons-material/CheckCircleRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { colors } from '../../lib/design-tokens';
import { plural } from '../../lib/format';
import { PROPOSED_LABELS, rowPlace } from './tracklist-messages';

export function SubmittedPanel({
  submission,
  preview,
  onAnother,
}: {
  submission: TracklistSubmission;
  preview: TracklistPreview | undefined;
  onAnother: () => void;
}) {
  const created = submission.proposed.filter((p) => p.status === 'created').length;
  const lineOf = (n: number) => preview?.lines.find((l) => l.line === n);
  const title =
    created > 0 ? `Thanks! ${plural(created, 'suggestion')} open for votes` : 'Your tracklist was read';
  return (
    <Box
      component="section"
      aria-labelledby="tracklist-sent-title"
      sx={{
        display: 'grid',
        gap: 2,
        p: { xs: 2, sm: 3 },
        borderRadius: 4,
        border: '1px solid rgba(198, 255, 58, 0.35)',
        background: `linear-gradient(180deg, rgba(198, 255, 58, 0.08), ${colors.surface1})`,
      }}
    >
      <Box sx={{ display: 'flex', gap: 1.5, alignItems: 'center' }}>
        <CheckCircleRounded sx={{ color: colors.acid }} aria-hidden />
        <Typography
          id="tracklist-sent-title"
          component="h2"
          tabIndex={-1}
          sx={{ fontWeight: 700, fontSize: '1.2rem' }}
        >
          {title}
        </Typography>
      </Box>
      <Typography color="text.secondary">
        Other listeners vote on each suggestion; when enough agree, the ID gets its name and everyone who
        watches it is told. Nothing in the set changes before that.
      </Typography>
      <Box
        component="ul"
        aria-label="Your suggestions"
        sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1 }}
      >
        {submission.proposed.map((p) => {
          const line = lineOf(p.line);
          const at = rowPlace(line?.set_row ?? null);
          return (
            <Box
              component="li"
              key={p.line}
              sx={{
                display: 'grid',
                gridTemplateColumns: { xs: '1fr', sm: 'minmax(0, 1fr) auto' },
                gap: 1,
                alignItems: 'center',
                p: 1.5,
                borderRadius: 3,
                backgroundColor: colors.surface2,
              }}
            >
              <Box sx={{ minWidth: 0 }}>
                <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
                  {line?.track ? `${line.track.artist} - ${line.track.title}` : `Line ${p.line}`}
                </Typography>
                <Typography variant="body2" color="text.secondary">
                  ID {at} · {PROPOSED_LABELS[p.status]}
                </Typography>
              </Box>
              <Link
                component={RouterLink}
                to={`/tracks/${p.id_track_id}`}
                sx={{ fontWeight: 600, whiteSpace: 'nowrap' }}
              >
                Open the ID {at}
              </Link>
            </Box>
          );
        })}
      </Box>
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
        <Button variant="contained" component={RouterLink} to={`/sets/${submission.set_id}`}>
          Back to the set's IDs
        </Button>
        <Button color="inherit" onClick={onAnother}>
          Paste another tracklist
        </Button>
      </Box>
    </Box>
  );
}
