import type { PublishState } from '@cratedig/contract/publish-api';
import Box from '@mui/material/Box';
import { colors } from '../../lib/design-tokens';
import { STATE_LABELS } from './publish-messages';

const TONES: Record<PublishState, { fg: string; bg: string; dot: string }> = {
  uploading: { fg: '#bfe9ff', bg: 'rgba(54, 215, 255, 0.14)', dot: '#36d7ff' },
  processing: { fg: '#ffe7a8', bg: 'rgba(255, 196, 54, 0.14)', dot: '#ffc436' },
  ready: { fg: colors.ink, bg: colors.acid, dot: colors.ink },
  published: { fg: colors.acid, bg: 'rgba(198, 255, 58, 0.12)', dot: colors.acid },
  failed: { fg: '#ffd0d9', bg: 'rgba(255, 92, 122, 0.18)', dot: colors.danger },
  taken_down: { fg: '#ffd0d9', bg: 'rgba(255, 92, 122, 0.18)', dot: colors.danger },
};

/** A draft's state as a small pill: Uploading, Processing, Ready to publish, Published, Failed, Taken down. */
export function StateChip({ state }: { state: PublishState }) {
  const tone = TONES[state];
  const moving = state === 'uploading' || state === 'processing';
  return (
    <Box
      component="span"
      data-state={state}
      sx={{
        display: 'inline-flex',
        alignItems: 'center',
        gap: 0.75,
        px: 1.1,
        py: 0.3,
        borderRadius: 999,
        fontSize: '0.75rem',
        fontWeight: 700,
        letterSpacing: 0.2,
        whiteSpace: 'nowrap',
        color: tone.fg,
        backgroundColor: tone.bg,
      }}
    >
      <Box
        component="span"
        aria-hidden
        sx={{
          width: 6,
          height: 6,
          borderRadius: '50%',
          bgcolor: tone.dot,
          ...(moving && {
            animation: 'cratedig-pulse 1.4s ease-in-out infinite',
            '@keyframes cratedig-pulse': { '50%': { opacity: 0.3 } },
            '@media (prefers-reduced-motion: reduce)': { animation: 'none' },
          }),
        }}
      />
      {STATE_LABELS[state]}
    </Box>
  );
}
