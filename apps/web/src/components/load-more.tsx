import type { Pagination } from '@cratedig/contract/common';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';

/** spec §5: Load more appears only while offset + count < total. */
export function hasMore(pagination: Pagination | undefined): boolean {
  return !!pagination && pagination.offset + pagination.count < pagination.total;
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
        Showing {shown} of {pagination.total}
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
