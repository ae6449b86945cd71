import BookmarkAddedRounded from '@mui/icons-material/BookmarkAddedRounded';
import BookmarkAddOutlined from '@mui/icons-material/BookmarkAddOutlined';
import CheckRounded from '@mui/icons-material/CheckRounded';
import FavoriteBorderRounded from '@mui/icons-material/FavoriteBorderRounded';
import FavoriteRounded from '@mui/icons-material/FavoriteRounded';
import PersonAddAlt1Rounded from '@mui/icons-material/PersonAddAlt1Rounded';
import VisibilityOutlined from '@mui/icons-material/VisibilityOutlined';
import VisibilityRounded from '@mui/icons-material/VisibilityRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import { capCount, countLabel } from '../lib/format';
import { Tooltip } from './tooltip';

// The toggle buttons of docs/web-app.md (artist, label, track and set pages). They only draw a state and
// report a press: the library feature (features/library/toggle-buttons.tsx) sends the toggle and
// flips them from the server's answer (docs/library.md Toggles). `pending` disables a button while its
// request is in flight, so a second tap cannot race the first.

interface ToggleProps {
  onToggle: () => void;
  pending?: boolean;
}

const spinner = <CircularProgress size={16} color="inherit" aria-hidden />;

/** Follow/Following (docs/web-app.md artist and label pages), showing user_stats.is_followed. */
export function FollowButton({
  followed,
  name,
  onToggle,
  pending,
}: { followed: boolean; name: string } & ToggleProps) {
  return (
    <Button
      variant={followed ? 'outlined' : 'contained'}
      startIcon={pending ? spinner : followed ? <CheckRounded /> : <PersonAddAlt1Rounded />}
      disabled={pending}
      aria-pressed={followed}
      aria-label={`Follow ${name}`}
      onClick={onToggle}
      sx={{ minWidth: 128 }}
    >
      {followed ? 'Following' : 'Follow'}
    </Button>
  );
}

/**
 * The likes control with its count (docs/web-app.md: up to 999, then 999+): filled heart when the item is
 * in the user's likes (show_likes), the count beside it. For an ID the same toggle means watching it
 * (docs/library.md), drawn as an eye.
 */
export function LikesControl({
  liked,
  count,
  label,
  watch = false,
  onToggle,
  pending,
}: { liked: boolean; count?: number; label: string; watch?: boolean } & ToggleProps) {
  const shown = count === undefined ? undefined : capCount(count);
  const on = watch ? (
    <VisibilityRounded sx={{ color: 'primary.main' }} />
  ) : (
    <FavoriteRounded sx={{ color: 'primary.main' }} />
  );
  const off = watch ? <VisibilityOutlined /> : <FavoriteBorderRounded />;
  const name = watch ? `Watch ${label}` : `Like ${label}`;
  return (
    <Tooltip
      title={
        watch
          ? liked
            ? 'Watching: you hear when it is released'
            : 'Watch this ID'
          : liked
            ? 'In your likes'
            : 'Add to your likes'
      }
    >
      {/* a span so the tooltip still works while the button is disabled in flight */}
      <span>
        <Button
          variant="outlined"
          color="inherit"
          disabled={pending}
          aria-pressed={liked}
          // An ID's count is of the people watching it, not of likes.
          aria-label={
            count === undefined ? name : `${name}, ${countLabel(count, watch ? 'watcher' : 'like')}`
          }
          startIcon={pending ? spinner : liked ? on : off}
          onClick={onToggle}
          sx={{ borderColor: 'rgba(255,255,255,0.22)', '&.Mui-disabled': { color: 'text.primary' } }}
        >
          {shown !== undefined ? (
            <Box component="span" sx={{ fontVariantNumeric: 'tabular-nums' }}>
              {shown}
            </Box>
          ) : watch ? (
            liked ? (
              'Watching'
            ) : (
              'Watch'
            )
          ) : liked ? (
            'Liked'
          ) : (
            'Like'
          )}
        </Button>
      </span>
    </Tooltip>
  );
}

/**
 * Favourite (docs/web-app.md set and track pages): is_fav, the list the Sets/Tracks followed-only switch
 * shows.
 */
export function FavouriteButton({
  favourite,
  label,
  onToggle,
  pending,
}: { favourite: boolean; label: string } & ToggleProps) {
  return (
    <Tooltip title={favourite ? 'In your favorites' : 'Add to your favorites'}>
      <span>
        <Button
          variant="outlined"
          color="inherit"
          disabled={pending}
          aria-pressed={favourite}
          aria-label={`Favorite ${label}`}
          startIcon={
            pending ? (
              spinner
            ) : favourite ? (
              <BookmarkAddedRounded sx={{ color: 'primary.main' }} />
            ) : (
              <BookmarkAddOutlined />
            )
          }
          onClick={onToggle}
          sx={{ borderColor: 'rgba(255,255,255,0.22)', '&.Mui-disabled': { color: 'text.primary' } }}
        >
          {favourite ? 'Favorited' : 'Favorite'}
        </Button>
      </span>
    </Tooltip>
  );
}
