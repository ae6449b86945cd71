import type { Pagination } from '@cratedig/contract/common';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { formatNumber } from '../lib/format';
import { hasMore } from '../lib/paged-query';

/** The total as a person reads it: "10,000+" when the count stopped at the cap. */
export function totalLabel(pagination: Pagination): string {
  return `${formatNumber(pagination.total)}${pagination.total_capped ? '+' : ''}`;
}

export function LoadMore({
  pagination,
  shown,
  loading,
  onLoadMore,
}: {
  pagination: Pagination | undefined;
  shown: number;
  loading: boolean;
  onLoadMore: () => void;
}) {
  if (!pagination) return null;
  return (
    <Box
      sx={{
        mt: 3,
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        gap: 2,
        flexWrap: 'wrap',
      }}
    >
      <Typography variant="body2" color="text.secondary" aria-live="polite">
        Showing {formatNumber(shown)} of {totalLabel(pagination)}
      </Typography>
      {hasMore(pagination) && (
        <Button
          variant="outlined"
          onClick={onLoadMore}
          disabled={loading}
          startIcon={loading ? <CircularProgress size={16} color="inherit" /> : undefined}
        >
          Load more
        </Button>
      )}
    </Box>
  );
}
