import CheckRounded from '@mui/icons-material/CheckRounded';
import FavoriteBorderRounded from '@mui/icons-material/FavoriteBorderRounded';
import FavoriteRounded from '@mui/icons-material/FavoriteRounded';
import PersonAddAlt1Rounded from '@mui/icons-material/PersonAddAlt1Rounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Tooltip from '@mui/material/Tooltip';
import { capCount } from '../lib/format';

// The toggles that change follows, favourites and likes come with the library issue (issue 4: "here
// the state is read correctly"). Until then the controls show the user's state and are disabled, with
// a tooltip saying so, rather than pretending to work.
const SOON = 'Coming soon';

/** Follow/Following (spec §2 artist and label pages), showing user_stats.is_followed. */
export function FollowButton({ followed, name }: { followed: boolean; name: string }) {
  return (
    <Tooltip title={SOON}>
      <span>
        <Button
          variant={followed ? 'outlined' : 'contained'}
          startIcon={followed ? <CheckRounded /> : <PersonAddAlt1Rounded />}
          disabled
          aria-label={followed ? `Following ${name}` : `Follow ${name}`}
          sx={
            followed
              ? undefined
              : {
                  '&.Mui-disabled': {
                    backgroundColor: 'primary.main',
                    color: 'primary.contrastText',
                    opacity: 0.85,
                  },
                }
          }
        >
          {followed ? 'Following' : 'Follow'}
        </Button>
      </span>
    </Tooltip>
  );
}

/**
 * The likes control with its count (spec §2, §9: up to 999): filled heart when the item is in the
 * user's likes (show_likes / is_fav), the count of users who like it beside it.
 */
export function LikesControl({ liked, count, label }: { liked: boolean; count: number; label: string }) {
  const shown = capCount(count);
  return (
    <Tooltip title={SOON}>
      <span>
        <Button
          variant="outlined"
          color="inherit"
          disabled
          startIcon={liked ? <FavoriteRounded sx={{ color: 'primary.main' }} /> : <FavoriteBorderRounded />}
          aria-label={`${liked ? 'In your likes' : 'Not in your likes'}: ${label}, ${shown} likes`}
          sx={{ '&.Mui-disabled': { color: 'text.primary', borderColor: 'rgba(255,255,255,0.22)' } }}
        >
          <Box component="span" sx={{ fontVariantNumeric: 'tabular-nums' }}>
            {shown}
          </Box>
        </Button>
      </span>
    </Tooltip>
  );
}
