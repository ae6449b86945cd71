import FavoriteRounded from '@mui/icons-material/FavoriteRounded';
import Box from '@mui/material/Box';
import { capCount, countLabel } from '../lib/format';

/** A likes count with a heart (docs/web-app.md: displayed up to 999, then 999+). */
export function LikesCount({ value, where }: { value: number; where?: string }) {
  const shown = capCount(value);
  return (
    <Box
      component="span"
      // An image of a count: the heart and the digits are read as one name ('12 likes').
      role="img"
      aria-label={where ? `${countLabel(value, 'like')} ${where}` : countLabel(value, 'like')}
      sx={{
        display: 'inline-flex',
        alignItems: 'center',
        gap: 0.5,
        color: 'text.secondary',
        fontVariantNumeric: 'tabular-nums',
        fontSize: '0.875rem',
      }}
    >
      <FavoriteRounded aria-hidden sx={{ fontSize: '1em' }} />
      <span aria-hidden>{shown}</span>
    </Box>
  );
}
