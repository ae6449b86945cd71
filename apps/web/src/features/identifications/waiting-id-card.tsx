// A waiting ID as a card (the list's narrow-screen form): what the table's columns say that matters
// most on a phone, i.e. where it was heard, how many suggestions are open and how many listeners wait.
// Plain text, not the table's '?' link: the whole card is already the link to the ID's page.
import { DISPLAY } from '@cratedig/contract/constants';
import type { TrackMeta } from '@cratedig/contract/track';
import Box from '@mui/material/Box';
import { MediaCard } from '../../components/media-card';
import { colors } from '../../lib/design-tokens';
import { truncate } from '../../lib/format';
import { trackDisplayTitle } from '../../lib/track-title';
import { suggestionsLabel, waitingLabel } from './waiting-ids-columns';

export function WaitingIdCard({ track }: { track: TrackMeta }) {
  const title = trackDisplayTitle(track);
  const open = track.identification?.open_count ?? 0;
  const suggestions = open === 0 ? 'No suggestions' : suggestionsLabel(track);
  const waiting = `${waitingLabel(track.total_user_likes)} waiting`;
  const where = track.set_meta ? `heard in ${track.set_meta.set_name}` : track.artist;
  return (
    <MediaCard
      to={`/tracks/${track.id}`}
      image={track.art_url_sm}
      title={truncate(title, DISPLAY.smallCardTitleChars)}
      fullTitle={title}
      subtitle={
        // the set it was heard in says more than the artist line of an ID ("ID")
        truncate(track.set_meta?.set_name ?? track.artist, DISPLAY.smallCardTitleChars)
      }
      fullSubtitle={where}
      // what the card says of the ID is read with its name: where it was heard, suggestions, who waits
      name={`${title}, ${where}, ${suggestions}, ${waiting}`}
      badge={{ text: 'ID', label: 'unreleased ID' }}
      meta={
        // two short lines: side by side they wrap word by word in a phone's half-width card
        <Box sx={{ display: 'grid', gap: 0.5, justifyItems: 'start' }}>
          <Box
            component="span"
            sx={
              open > 0
                ? { color: colors.ink, bgcolor: colors.acid, px: 0.75, borderRadius: 1, fontWeight: 700 }
                : undefined
            }
          >
            {suggestions}
          </Box>
          <span>{waiting}</span>
        </Box>
      }
    />
  );
}
