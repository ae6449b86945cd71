import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { colors } from '../lib/design-tokens';
import { resolveMediaUrl } from '../lib/media-url';
import { Artwork } from './artwork';

/**
 * The head of a detail page: the artwork large, blurred behind as the banner art, the kind, the name,
 * lines of links and the actions.
 */
export function DetailHero({
  kind,
  image,
  title,
  round,
  children,
  actions,
}: {
  kind: string;
  image: string | null;
  title: string;
  round?: boolean;
  children?: ReactNode;
  actions?: ReactNode;
}) {
  return (
    <Box
      component="header"
      sx={{
        position: 'relative',
        overflow: 'hidden',
        borderRadius: 5,
        border: `1px solid ${colors.line}`,
        backgroundColor: colors.surface1,
      }}
    >
      <Box
        aria-hidden
        sx={{
          position: 'absolute',
          inset: -40,
          backgroundImage: `url("${resolveMediaUrl(image)}")`,
          backgroundSize: 'cover',
          backgroundPosition: 'center',
          filter: 'blur(48px) saturate(130%)',
          opacity: 0.45,
        }}
      />
      <Box
        aria-hidden
        sx={{
          position: 'absolute',
          inset: 0,
          background: `linear-gradient(180deg, transparent 0%, ${colors.ink} 100%)`,
          opacity: 0.75,
        }}
      />
      <Box
        sx={{
          position: 'relative',
          display: 'flex',
          flexDirection: { xs: 'column', sm: 'row' },
          alignItems: { xs: 'flex-start', sm: 'flex-end' },
          gap: { xs: 2.5, md: 4 },
          p: { xs: 2.5, md: 4 },
        }}
      >
        <Box
          sx={{
            width: { xs: 148, sm: 180, md: 232 },
            flexShrink: 0,
            boxShadow: '0 24px 60px rgba(0,0,0,0.55)',
            borderRadius: round ? '50%' : 2,
          }}
        >
          <Artwork src={image} alt={`${title} artwork`} round={round} radius={2} eager />
        </Box>
        <Box sx={{ minWidth: 0, flex: 1 }}>
          <Typography variant="overline" component="p" color="primary">
            {kind}
          </Typography>
          <Typography
            variant="h2"
            component="h1"
            sx={{ fontSize: { xs: '1.9rem', sm: '2.4rem', md: '3rem' }, overflowWrap: 'anywhere' }}
          >
            {title}
          </Typography>
          {children && (
            <Box sx={{ mt: 1.5, color: 'text.secondary', display: 'grid', gap: 0.75 }}>{children}</Box>
          )}
          {actions && (
            <Box sx={{ mt: 2.5, display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1.25 }}>
              {actions}
            </Box>
          )}
        </Box>
      </Box>
    </Box>
  );
}

/**
 * Hero-shaped placeholder while a detail loads: the hero's own layout (artwork above the text on a
 * phone), so the page never widens while it loads.
 */
export function DetailHeroSkeleton({ round }: { round?: boolean }) {
  const art = { xs: 148, sm: 180, md: 232 };
  return (
    <Box
      role="progressbar"
      aria-label="Loading"
      aria-busy="true"
      sx={{
        display: 'flex',
        flexDirection: { xs: 'column', sm: 'row' },
        alignItems: { xs: 'flex-start', sm: 'flex-end' },
        gap: { xs: 2.5, md: 4 },
        p: { xs: 2.5, md: 4 },
        borderRadius: 5,
        border: `1px solid ${colors.line}`,
        backgroundColor: colors.surface1,
      }}
    >
      <Skeleton variant={round ? 'circular' : 'rounded'} sx={{ width: art, height: art, flexShrink: 0 }} />
      <Box sx={{ flex: 1, minWidth: 0, width: '100%' }}>
        <Skeleton width={80} />
        <Skeleton width="60%" height={56} />
        <Skeleton width="40%" />
        <Skeleton width={220} height={44} sx={{ maxWidth: '100%' }} />
      </Box>
    </Box>
  );
}
