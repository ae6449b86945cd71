import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { colors } from '../lib/design-tokens';

// Each banner gets its own hue so the sections feel different while sharing one shape.
const tints = {
  acid: 'rgba(198, 255, 58, 0.22)',
  violet: 'rgba(138, 92, 255, 0.28)',
  ember: 'rgba(255, 106, 61, 0.24)',
  cyan: 'rgba(54, 215, 255, 0.22)',
} as const;
export type BannerTint = keyof typeof tints;

/** The headline block at the top of a signed-in page (docs/web-app.md banners). */
export function PageBanner({
  overline,
  title,
  subtitle,
  tint = 'acid',
  children,
}: {
  overline?: string;
  title: string;
  subtitle?: string;
  tint?: BannerTint;
  children?: ReactNode;
}) {
  return (
    <Box
      component="header"
      sx={{
        position: 'relative',
        overflow: 'hidden',
        borderRadius: 5,
        border: `1px solid ${colors.line}`,
        px: { xs: 3, md: 6 },
        py: { xs: 4, md: 6 },
        background: `radial-gradient(120% 140% at 100% 0%, ${tints[tint]} 0%, transparent 55%), linear-gradient(180deg, ${colors.surface2}, ${colors.surface1})`,
      }}
    >
      <Box
        aria-hidden
        sx={{
          position: 'absolute',
          right: { xs: -120, md: -60 },
          top: '50%',
          width: 320,
          height: 320,
          transform: 'translateY(-50%)',
          borderRadius: '50%',
          opacity: 0.5,
          background: `repeating-radial-gradient(circle, transparent 0 6px, rgba(255,255,255,0.045) 6px 7px)`,
          maskImage: 'radial-gradient(circle, black 40%, transparent 72%)',
        }}
      />
      <Box sx={{ position: 'relative', maxWidth: 760 }}>
        {overline && (
          <Typography variant="overline" component="p" color="primary" sx={{ mb: 1 }}>
            {overline}
          </Typography>
        )}
        <Typography
          variant="h2"
          component="h1"
          sx={{ fontSize: { xs: '1.9rem', sm: '2.3rem', md: '2.75rem' } }}
        >
          {title}
        </Typography>
        {subtitle && (
          <Typography variant="h6" component="p" color="text.secondary" sx={{ mt: 1.5, fontWeight: 500 }}>
            {subtitle}
          </Typography>
        )}
        {children}
      </Box>
    </Box>
  );
}
