import Box from '@mui/material/Box';
import { colors } from '../../lib/design-tokens';

/** A quiet block where content is loading (MUI's Skeleton stays with the first screens' chunks). */
export function Placeholder({ height, label }: { height: number; label: string }) {
  return (
    <Box
      role="progressbar"
      aria-label={label}
      aria-busy="true"
      sx={{
        height,
        borderRadius: 4,
        border: `1px solid ${colors.line}`,
        background: `linear-gradient(100deg, ${colors.surface1} 30%, ${colors.surface2} 50%, ${colors.surface1} 70%)`,
        backgroundSize: '300% 100%',
        animation: 'cratedig-placeholder 1.6s ease-in-out infinite',
        '@keyframes cratedig-placeholder': {
          from: { backgroundPosition: '100% 0' },
          to: { backgroundPosition: '0 0' },
        },
        '@media (prefers-reduced-motion: reduce)': { animation: 'none' },
      }}
    />
  );
}
