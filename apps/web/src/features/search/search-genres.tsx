import type { Genre } from '@cratedig/contract/constants';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { Link as RouterLink } from 'react-router';
import { colors } from '../../lib/design-tokens';

/**
 * The genres a search names ("house", "Techno", "tecno"): each offers its sets and its tracks, the
 * lists filtered by that genre (/sets?genre=, /tracks?genre=).
 */
export function SearchGenres({ genres }: { genres: readonly Genre[] }) {
  const headingId = useId();
  if (genres.length === 0) return null;
  return (
    <Box component="section" aria-labelledby={headingId} sx={{ mt: 4 }}>
      <Typography id={headingId} variant="h5" component="h2" sx={{ mb: 1.5 }}>
        Genres
      </Typography>
      <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0, display: 'flex', flexWrap: 'wrap', gap: 1.5 }}>
        {genres.map((genre) => (
          <Box
            component="li"
            key={genre}
            sx={{
              display: 'flex',
              alignItems: 'center',
              flexWrap: 'wrap',
              gap: 1,
              px: 1.75,
              py: 1.25,
              maxWidth: '100%',
              borderRadius: 3,
              border: `1px solid ${colors.line}`,
              backgroundColor: colors.surface1,
            }}
          >
            <Typography sx={{ fontWeight: 600, mr: 0.5 }}>{genre}</Typography>
            {(['sets', 'tracks'] as const).map((list) => (
              <Chip
                key={list}
                label={list === 'sets' ? 'Sets' : 'Tracks'}
                size="small"
                variant="outlined"
                clickable
                component={RouterLink}
                to={`/${list}?genre=${encodeURIComponent(genre)}`}
                aria-label={`${genre} ${list}`}
              />
            ))}
          </Box>
        ))}
      </Box>
    </Box>
  );
}
