import LibraryMusicOutlined from '@mui/icons-material/LibraryMusicOutlined';
import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { colors } from '../lib/design-tokens';

/** An empty list that still looks like part of the product, saying what would be here. */
export function EmptyState({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <Box
      role="status"
      sx={{
        display: 'flex',
        alignItems: 'center',
        gap: 2,
        px: 3,
        py: 4,
        borderRadius: 4,
        border: `1px dashed ${colors.line}`,
        background: `linear-gradient(90deg, ${colors.surface1}, transparent)`,
      }}
    >
      <LibraryMusicOutlined aria-hidden sx={{ fontSize: 36, color: 'text.secondary' }} />
      <Box>
        <Typography sx={{ fontWeight: 600 }}>{title}</Typography>
        {children && (
          <Typography variant="body2" color="text.secondary">
            {children}
          </Typography>
        )}
      </Box>
    </Box>
  );
}

/** Table-shaped skeleton: artwork thumbnail, two text lines and a few short cells per row. */
export function TableSkeleton({ rows = 8, label = 'Loading' }: { rows?: number; label?: string }) {
  return (
    <Box role="progressbar" aria-label={label} aria-busy="true">
      {Array.from({ length: rows }, (_, i) => (
        <Box
          // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
          key={i}
          sx={{
            display: 'flex',
            alignItems: 'center',
            gap: 2,
            py: 1,
            borderBottom: `1px solid ${colors.line}`,
          }}
        >
          <Skeleton variant="rounded" width={40} height={40} />
          <Box sx={{ flex: 2 }}>
            <Skeleton width="60%" />
            <Skeleton width="35%" />
          </Box>
          <Skeleton sx={{ flex: 1 }} />
          <Skeleton sx={{ flex: 1, display: { xs: 'none', md: 'block' } }} />
          <Skeleton sx={{ flex: 1, display: { xs: 'none', md: 'block' } }} />
        </Box>
      ))}
    </Box>
  );
}

/**
 * Card-shaped skeletons in the same grid the cards use. `items`: they stand in a list's place (a `ul`
 * of cards still loading), so each is a list item, as a list may hold nothing else.
 */
export function CardSkeletons({
  count = 6,
  round = false,
  items = false,
}: {
  count?: number;
  round?: boolean;
  items?: boolean;
}) {
  return (
    <>
      {Array.from({ length: count }, (_, i) => (
        <Box
          // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
          key={i}
          component={items ? 'li' : 'div'}
          sx={{ p: 1.25, borderRadius: 4, border: `1px solid ${colors.line}` }}
        >
          <Skeleton
            variant={round ? 'circular' : 'rounded'}
            sx={{ width: '100%', height: 'auto', aspectRatio: '1 / 1' }}
          />
          <Skeleton width="80%" sx={{ mt: 1 }} />
          <Skeleton width="50%" />
        </Box>
      ))}
    </>
  );
}
