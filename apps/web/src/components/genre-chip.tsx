import Chip from '@mui/material/Chip';
import { Link as RouterLink } from 'react-router';

/** Shows the active ?genre filter of a list, with a way back to all genres. */
export function ActiveGenre({ genre, clearTo }: { genre: string | null; clearTo: string }) {
  if (!genre) return null;
  return (
    <Chip
      label={`Genre: ${genre}`}
      color="primary"
      variant="outlined"
      component={RouterLink}
      to={clearTo}
      clickable
      onDelete={() => undefined}
      aria-label={`Genre ${genre}, show all genres`}
      sx={{ mt: 3 }}
    />
  );
}
