// The preview: a summary of what the paste would do, then every line with its outcome, where it lands
// in the set and what it would teach the catalogue. Problems are marked in red and named by line.
import type { TracklistLine, TracklistPreview } from '@cratedig/contract/contribute-api';
import type { LineOutcome } from '@cratedig/contract/contribute-limits';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { visuallyHidden } from '../../components/visually-hidden';
import { colors } from '../../lib/design-tokens';
import { formatClock, plural } from '../../lib/format';
import { lineSummary, newNames, OUTCOME_LABELS } from './tracklist-messages';

const TONES: Record<LineOutcome, { fg: string; bg: string }> = {
  suggestion: { fg: colors.ink, bg: colors.acid },
  same: { fg: colors.text, bg: 'rgba(255, 255, 255, 0.12)' },
  known: { fg: '#bfe9ff', bg: 'rgba(54, 215, 255, 0.16)' },
  new: { fg: '#e4d6ff', bg: 'rgba(138, 92, 255, 0.22)' },
  id: { fg: colors.textMuted, bg: 'rgba(255, 255, 255, 0.06)' },
  skipped: { fg: colors.textMuted, bg: 'rgba(255, 255, 255, 0.06)' },
  problem: { fg: '#ffd0d9', bg: 'rgba(255, 92, 122, 0.2)' },
};

function OutcomeBadge({ outcome }: { outcome: LineOutcome }) {
  const tone = TONES[outcome];
  return (
    <Box
      component="span"
      sx={{
        display: 'inline-block',
        px: 1,
        py: 0.25,
        borderRadius: 999,
        fontSize: '0.75rem',
        fontWeight: 700,
        letterSpacing: 0.2,
        whiteSpace: 'nowrap',
        color: tone.fg,
        backgroundColor: tone.bg,
      }}
    >
      {OUTCOME_LABELS[outcome]}
    </Box>
  );
}

function LineRow({ line }: { line: TracklistLine }) {
  const names = line.outcome === 'suggestion' || line.outcome === 'new' ? newNames(line) : null;
  const problem = line.outcome === 'problem';
  return (
    <Box
      component="li"
      data-outcome={line.outcome}
      sx={{
        display: 'grid',
        gridTemplateColumns: { xs: '2.5rem minmax(0, 1fr)', sm: '3rem 4.5rem minmax(0, 1fr) auto' },
        columnGap: 1.5,
        rowGap: 0.5,
        alignItems: 'baseline',
        px: { xs: 1.5, sm: 2 },
        py: 1.25,
        borderTop: `1px solid ${colors.line}`,
        backgroundColor: problem ? 'rgba(255, 92, 122, 0.06)' : 'transparent',
      }}
    >
      <Typography variant="body2" color="text.secondary" sx={{ fontVariantNumeric: 'tabular-nums' }}>
        <Box component="span" sx={visuallyHidden}>
          Line{' '}
        </Box>
        {line.line}
      </Typography>
      <Typography
        variant="body2"
        color="text.secondary"
        sx={{ fontVariantNumeric: 'tabular-nums', display: { xs: 'none', sm: 'block' } }}
      >
        {line.start_time === null ? '—' : formatClock(line.start_time)}
      </Typography>
      <Box sx={{ minWidth: 0 }}>
        <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{line.text}</Typography>
        <Typography
          variant="body2"
          sx={{ color: problem ? '#ffb3c1' : 'text.secondary', overflowWrap: 'anywhere' }}
        >
          {lineSummary(line)}
        </Typography>
        {names && (
          <Typography variant="body2" sx={{ color: '#d5c6ff', overflowWrap: 'anywhere' }}>
            {names}
          </Typography>
        )}
      </Box>
      <Box sx={{ gridColumn: { xs: '2', sm: 'auto' }, justifySelf: { xs: 'start', sm: 'end' } }}>
        <OutcomeBadge outcome={line.outcome} />
      </Box>
    </Box>
  );
}

/** '2 suggestions · 1 matches the set · 1 new track · 2 problems' */
export function previewSummary(counts: TracklistPreview['counts']): string {
  const parts = [
    counts.suggestion > 0 && plural(counts.suggestion, 'suggestion'),
    counts.same > 0 && `${counts.same} ${counts.same === 1 ? 'matches' : 'match'} the set`,
    counts.known > 0 && `${counts.known} in the catalogue`,
    counts.new > 0 && plural(counts.new, 'new track'),
    counts.id > 0 && plural(counts.id, 'ID line'),
    counts.skipped > 0 && `${plural(counts.skipped, 'line')} skipped`,
    counts.problem > 0 && plural(counts.problem, 'problem'),
  ].filter((p): p is string => typeof p === 'string');
  return parts.join(' · ');
}

export function PreviewLines({ preview }: { preview: TracklistPreview }) {
  return (
    <Box
      component="section"
      aria-labelledby="tracklist-preview-title"
      sx={{
        borderRadius: 4,
        border: `1px solid ${colors.line}`,
        backgroundColor: colors.surface1,
        overflow: 'hidden',
      }}
    >
      <Box sx={{ px: { xs: 1.5, sm: 2 }, py: 1.5 }}>
        <Typography id="tracklist-preview-title" component="h2" sx={{ fontWeight: 700, fontSize: '1.1rem' }}>
          Preview
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {previewSummary(preview.counts)} ·{' '}
          {preview.timed ? 'placed by their times' : "no times: placed in the order of the set's list"}
        </Typography>
      </Box>
      <Box component="ol" aria-label="Pasted lines" sx={{ listStyle: 'none', m: 0, p: 0 }}>
        {preview.lines.map((line) => (
          <LineRow key={line.line} line={line} />
        ))}
      </Box>
    </Box>
  );
}
