import { OVERLAY } from '@cratedig/contract/constants';
import Box from '@mui/material/Box';
import { alpha, keyframes } from '@mui/material/styles';
import { colors } from '../lib/design-tokens';
import { useScrollLock } from '../lib/use-scroll-lock';

const ripple = keyframes`
  0% { transform: scale(0.1); opacity: 1; }
  100% { transform: scale(1); opacity: 0; }
`;

/**
 * docs/web-app.md: full screen, semi-transparent (opacity 0.7), above everything (z-index 9999), locks
 * page scrolling, with a ripple spinner. Shown while the auth state is unknown, reusable elsewhere.
 */
export function LoadingOverlay({ label = 'Loading' }: { label?: string }) {
  useScrollLock();
  return (
    <Box
      role="progressbar"
      aria-label={label}
      aria-busy="true"
      sx={{
        position: 'fixed',
        inset: 0,
        zIndex: OVERLAY.zIndex,
        display: 'grid',
        placeItems: 'center',
        backgroundColor: alpha(colors.ink, OVERLAY.opacity),
      }}
    >
      <Box sx={{ position: 'relative', width: 88, height: 88 }}>
        {[0, 1].map((ring) => (
          <Box
            key={ring}
            sx={{
              position: 'absolute',
              inset: 0,
              borderRadius: '50%',
              border: `3px solid ${colors.acid}`,
              animation: `${ripple} 1.4s cubic-bezier(0, 0.2, 0.8, 1) infinite`,
              animationDelay: ring ? '-0.7s' : '0s',
              '@media (prefers-reduced-motion: reduce)': { animationDuration: '4s' },
            }}
          />
        ))}
      </Box>
    </Box>
  );
}
