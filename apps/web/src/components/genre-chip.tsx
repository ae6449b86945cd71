import Chip from '@mui/material/Chip';
import { Link as RouterLink } from 'react-router';
import { CardChip } from './media-card';

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

/** docs/web-app.md Other link targets: a genre chip opens /sets?genre= or /tracks?genre=. */
export function GenreChipLink({
  genre,
  list,
  size = 'small',
}: {
  genre: string;
  list: 'sets' | 'tracks';
  size?: 'small' | 'medium';
}) {
  return (
    <Chip
      label={genre}
      size={size}
      variant="outlined"
      clickable
      component={RouterLink}
      to={`/${list}?genre=${encodeURIComponent(genre)}`}
      onClick={(event) => event.stopPropagation()}
      // Never wider than its cell or card: a long genre ends in an ellipsis (the chip's label does it).
      sx={{ maxWidth: 'min(220px, 100%)' }}
    />
  );
}

/** A plain chip or tag inside a card (docs/web-app.md: at most 3 chips or 2 tags). */
export function CardChips({ items, max }: { items: readonly string[]; max: number }) {
  return (
    <>
      {items.slice(0, max).map((item) => (
        <CardChip key={item} label={item} />
      ))}
    </>
  );
}
