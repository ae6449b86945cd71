// What each line of the tracklist becomes when the set is published (POST …/tracklist-preview): a known
// or new track, an unnamed ID or a skipped line, the new artists it would add and a note, and the
// problems that would refuse the list, above it.
import type { DraftTracklistLine, DraftTracklistPreview } from '@cratedig/contract/publish-api';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { colors } from '../../lib/design-tokens';
import { formatClock, plural } from '../../lib/format';

type Becomes = 'known' | 'new' | 'id' | 'skipped';

const BECOMES: Record<Becomes, { label: string; fg: string; bg: string }> = {
  known: { label: 'Track', fg: '#bfe9ff', bg: 'rgba(54, 215, 255, 0.16)' },
  new: { label: 'New track', fg: '#e4d6ff', bg: 'rgba(138, 92, 255, 0.22)' },
  id: { label: 'ID', fg: colors.ink, bg: colors.acid },
  skipped: { label: 'Skipped', fg: colors.textMuted, bg: 'rgba(255, 255, 255, 0.06)' },
};

export function becomes(line: DraftTracklistLine): Becomes {
  if (line.outcome === 'id') return 'id';
  if (line.outcome === 'skipped') return 'skipped';
  return line.track_meta_id === null ? 'new' : 'known';
}

function trackLine(line: DraftTracklistLine): string {
  if (line.outcome === 'skipped') return line.text;
  if (line.outcome === 'id') return line.artist ? `${line.artist} – ID` : 'ID – ID';
  const mix = line.mix_name ? ` (${line.mix_name})` : '';
  const label = line.label_name ? ` [${line.label_name}]` : '';
  return `${line.artist ?? '?'} – ${line.title ?? '?'}${mix}${label}`;
}

/** '12 tracks · 3 new · 2 IDs · 1 skipped' */
export function previewCounts(preview: DraftTracklistPreview): string {
  const kinds = preview.lines.map(becomes);
  const n = (kind: Becomes) => kinds.filter((k) => k === kind).length;
  const tracks = n('known') + n('new');
  return [
    plural(tracks, 'track'),
    n('new') > 0 && `${n('new')} new`,
    n('id') > 0 && plural(n('id'), 'ID'),
    n('skipped') > 0 && `${n('skipped')} skipped`,
  ]
    .filter((part): part is string => typeof part === 'string')
    .join(' · ');
}

const cell = { px: 1.25, py: 1, borderTop: `1px solid ${colors.line}`, verticalAlign: 'top' } as const;
const head = {
  px: 1.25,
  py: 0.75,
  textAlign: 'left',
  fontSize: '0.72rem',
  fontWeight: 700,
  letterSpacing: 0.6,
  textTransform: 'uppercase',
  color: colors.textMuted,
} as const;

export function DraftTracklistPreviewTable({
  preview,
  busy,
}: {
  preview: DraftTracklistPreview;
  busy?: boolean;
}) {
  return (
    <Box
      component="section"
      aria-labelledby="draft-preview-title"
      aria-busy={busy ? 'true' : undefined}
      sx={{
        borderRadius: 3,
        border: `1px solid ${colors.line}`,
        backgroundColor: colors.ink,
        overflow: 'hidden',
        opacity: busy ? 0.65 : 1,
        transition: 'opacity 120ms',
      }}
    >
      <Box sx={{ px: 1.5, py: 1.25, display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'baseline' }}>
        <Typography id="draft-preview-title" component="h3" sx={{ fontWeight: 700 }}>
          What your tracklist becomes
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {previewCounts(preview)} ·{' '}
          {preview.kind === 'cue' ? 'CUE sheet' : preview.timed ? 'with times' : 'no times'}
        </Typography>
      </Box>
      {preview.problems.length > 0 && (
        <Alert severity="warning" sx={{ mx: 1.5, mb: 1.25 }} role="status">
          <Box component="ul" aria-label="Problems" sx={{ m: 0, pl: 2 }}>
            {preview.problems.map((problem) => (
              <li key={problem}>{problem}</li>
            ))}
          </Box>
        </Alert>
      )}
      <Box sx={{ overflowX: 'auto' }}>
        <Box
          component="table"
          aria-label="Tracklist preview"
          sx={{ width: '100%', borderCollapse: 'collapse', fontSize: '0.875rem' }}
        >
          <thead>
            <tr>
              <Box component="th" scope="col" sx={{ ...head, width: 36 }}>
                #
              </Box>
              <Box component="th" scope="col" sx={{ ...head, width: 64 }}>
                Time
              </Box>
              <Box component="th" scope="col" sx={head}>
                Track
              </Box>
              <Box component="th" scope="col" sx={{ ...head, width: 96 }}>
                Becomes
              </Box>
            </tr>
          </thead>
          <tbody>
            {preview.lines.map((line) => {
              const kind = becomes(line);
              const tone = BECOMES[kind];
              return (
                <tr key={line.line} data-becomes={kind}>
                  <Box
                    component="td"
                    sx={{ ...cell, color: colors.textMuted, fontVariantNumeric: 'tabular-nums' }}
                  >
                    {line.line}
                  </Box>
                  <Box
                    component="td"
                    sx={{ ...cell, color: colors.textMuted, fontVariantNumeric: 'tabular-nums' }}
                  >
                    {line.start_time === null ? '—' : formatClock(line.start_time)}
                  </Box>
                  <Box component="td" sx={{ ...cell, overflowWrap: 'anywhere' }}>
                    <Box
                      component="span"
                      sx={{
                        display: 'block',
                        fontWeight: kind === 'skipped' ? 400 : 600,
                        color: kind === 'skipped' ? colors.textMuted : colors.text,
                        textDecoration: kind === 'skipped' ? 'line-through' : 'none',
                      }}
                    >
                      {trackLine(line)}
                    </Box>
                    {line.new_artists.length > 0 && (
                      <Box component="span" sx={{ display: 'block', color: '#d5c6ff' }}>
                        New {line.new_artists.length === 1 ? 'artist' : 'artists'}:{' '}
                        {line.new_artists.join(', ')}
                      </Box>
                    )}
                    {line.new_labels.length > 0 && (
                      <Box component="span" sx={{ display: 'block', color: '#d5c6ff' }}>
                        New {line.new_labels.length === 1 ? 'label' : 'labels'}: {line.new_labels.join(', ')}
                      </Box>
                    )}
                    {line.note && (
                      <Box component="span" sx={{ display: 'block', color: colors.textMuted }}>
                        {line.note}
                      </Box>
                    )}
                  </Box>
                  <Box component="td" sx={cell}>
                    <Box
                      component="span"
                      sx={{
                        display: 'inline-block',
                        px: 1,
                        py: 0.25,
                        borderRadius: 999,
                        fontSize: '0.72rem',
                        fontWeight: 700,
                        whiteSpace: 'nowrap',
                        color: tone.fg,
                        backgroundColor: tone.bg,
                      }}
                    >
                      {tone.label}
                    </Box>
                  </Box>
                </tr>
              );
            })}
          </tbody>
        </Box>
      </Box>
    </Box>
  );
}
