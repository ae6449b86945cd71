import { genresNamedBy } from '@cratedig/contract/search-genres';
import SearchOffRounded from '@mui/icons-material/SearchOffRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { ArtistCard, LabelCard, SetCard, TrackCard } from '../../components/entity-cards';
import { colors } from '../../lib/design-tokens';
import { nameHighlight, setHighlight, trackHighlight } from './hit-highlight';
import { useSearchSection } from './search-api';
import { SearchGenres } from './search-genres';
import { isSectionLoading, SearchSection, sectionItems } from './search-section';

/**
 * docs/search.md: the sections Artists, Labels, Tracks and Sets in that order, each with its own Load
 * more, after the genres the text names; 'Not found' when every section is empty, none is loading and
 * no genre is named. Rendered only for a non-empty
 * query, so an emptied box drops every result and the next query starts from skeletons.
 */
export function SearchResults({ s }: { s: string }) {
  const artists = useSearchSection(s, 'artists');
  const labels = useSearchSection(s, 'labels');
  const tracks = useSearchSection(s, 'tracks');
  const sets = useSearchSection(s, 'sets');
  // A genre is no catalogue name, yet a listener searches for it: its lists are offered first.
  const genres = genresNamedBy(s);

  const all = [artists, labels, tracks, sets];
  if (all.every((query) => query.isError && !query.data)) {
    return (
      <Box role="alert" sx={{ ...panelSx, borderColor: 'rgba(255, 92, 122, 0.35)', flexWrap: 'wrap' }}>
        <Box sx={{ flex: 1, minWidth: 200 }}>
          <Typography sx={{ fontWeight: 600 }}>Search is not answering right now</Typography>
          <Typography variant="body2" color="text.secondary">
            Your results could not be loaded. Please try again in a moment.
          </Typography>
        </Box>
        <Button variant="outlined" onClick={() => all.forEach((query) => void query.refetch())}>
          Try again
        </Button>
      </Box>
    );
  }
  const loading = all.some(isSectionLoading);
  if (!loading && genres.length === 0 && all.every((query) => sectionItems(query).length === 0)) {
    return (
      <Box role="status" sx={panelSx}>
        <SearchOffRounded aria-hidden sx={{ fontSize: 36, color: 'text.secondary' }} />
        <Box>
          <Typography sx={{ fontWeight: 600 }}>Not found</Typography>
          <Typography variant="body2" color="text.secondary">
            Nothing matches “{s}”. Check the spelling, or try the name of an artist, label, track, set,
            festival or venue.
          </Typography>
        </Box>
      </Box>
    );
  }
  return (
    <>
      <SearchGenres genres={genres} />
      <SearchSection
        title="Artists"
        query={artists}
        round
        renderItem={(artist) => <ArtistCard artist={artist} highlight={nameHighlight(artist)} />}
      />
      <SearchSection
        title="Labels"
        query={labels}
        renderItem={(label) => <LabelCard label={label} highlight={nameHighlight(label)} />}
      />
      <SearchSection
        title="Tracks"
        query={tracks}
        renderItem={(track, words) => <TrackCard track={track} highlight={trackHighlight(track, words)} />}
      />
      <SearchSection
        title="Sets"
        query={sets}
        renderItem={(set, words) => <SetCard set={set} highlight={setHighlight(set, words)} />}
      />
    </>
  );
}

const panelSx = {
  mt: 4,
  display: 'flex',
  alignItems: 'center',
  gap: 2,
  px: 3,
  py: 4,
  borderRadius: 4,
  border: `1px dashed ${colors.line}`,
  background: `linear-gradient(90deg, ${colors.surface1}, transparent)`,
} as const;
