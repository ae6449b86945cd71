// The set, track, artist, label and place cards (spec §5 card limits, §9 display limits).
import type { Artist } from '@cratedig/contract/artist';
import { DISPLAY } from '@cratedig/contract/constants';
import type { Label } from '@cratedig/contract/label';
import type { Festival } from '@cratedig/contract/place';
import type { SetMeta } from '@cratedig/contract/set';
import type { TrackMeta } from '@cratedig/contract/track';
import Box from '@mui/material/Box';
import { formatDate, formatNumber, truncate } from '../lib/format';
import { trackDisplayTitle } from '../lib/track-title';
import { LikesCount } from './count-badge';
import { CardChips } from './genre-chip';
import { MediaCard } from './media-card';
import { SetActions } from './set-actions';

/** small: the compact cards of narrow screens and rows (title 18, artist 15); default: title 25. */
export type CardSize = 'small' | 'default';

function titleLimit(size: CardSize): number {
  return size === 'small' ? DISPLAY.smallCardTitleChars : DISPLAY.cardTitleChars;
}
function artistLine(text: string, size: CardSize): string {
  return size === 'small'
    ? truncate(text, DISPLAY.smallCardArtistChars)
    : truncate(text, DISPLAY.cardTitleChars);
}

export function SetCard({ set, size = 'default' }: { set: SetMeta; size?: CardSize }) {
  const genres = set.track_genres.length > 0 ? set.track_genres : [set.genre];
  return (
    <MediaCard
      to={`/sets/${set.id}`}
      image={set.art_url_sm}
      title={truncate(set.set_name, titleLimit(size))}
      fullTitle={set.set_name}
      subtitle={artistLine(set.artist, size)}
      fullSubtitle={set.artist}
      meta={
        <>
          <span>{formatDate(set.release_date)}</span>
          <LikesCount value={set.likes} />
        </>
      }
      chips={<CardChips items={genres} max={DISPLAY.cardChipsMax} />}
      overlay={<SetActions set={set} place="card" />}
    />
  );
}

export function TrackCard({ track, size = 'default' }: { track: TrackMeta; size?: CardSize }) {
  const title = trackDisplayTitle(track);
  const released = track.mix_type === 'ID' ? track.release : null;
  const chips = [
    track.mix_type === 'ID' ? 'ID' : null,
    released ? 'Released' : null,
    track.genre,
    track.label_name,
  ].filter((chip): chip is string => chip !== null);
  return (
    <MediaCard
      to={`/tracks/${track.id}`}
      image={track.art_url_sm}
      title={truncate(title, titleLimit(size))}
      fullTitle={title}
      subtitle={artistLine(track.artist, size)}
      fullSubtitle={track.artist}
      meta={
        <>
          <span>
            {track.mix_type !== 'ID'
              ? formatDate(track.release_date)
              : released
                ? `Released ${formatDate(released.release_date)}`
                : 'Unreleased'}
          </span>
          <LikesCount value={track.total_user_likes} />
        </>
      }
      chips={<CardChips items={chips} max={DISPLAY.cardChipsMax} />}
    />
  );
}

export function ArtistCard({ artist }: { artist: Artist }) {
  return (
    <MediaCard
      to={`/artists/${artist.id}`}
      image={artist.art_url_sm}
      round
      title={truncate(artist.name, DISPLAY.smallCardArtistChars)}
      fullTitle={artist.name}
      meta={<span>{countLine(artist.set_count, 'set', artist.track_count)}</span>}
      chips={<CardChips items={artist.track_genres} max={DISPLAY.cardTagsMax} />}
    />
  );
}

export function LabelCard({ label }: { label: Label }) {
  return (
    <MediaCard
      to={`/labels/${label.id}`}
      image={label.art_url_sm ?? label.logo_url}
      title={truncate(label.name, DISPLAY.cardTitleChars)}
      fullTitle={label.name}
      meta={<span>{countLine(label.set_count, 'set', label.track_count)}</span>}
      chips={<CardChips items={label.track_genres} max={DISPLAY.cardTagsMax} />}
    />
  );
}

/** A festival or venue: opens the search prefilled with its name (domain.md Catalogue). */
export function PlaceCard({ place, kind }: { place: Festival; kind: 'Festival' | 'Venue' }) {
  const where = [place.city, place.country].filter(Boolean).join(', ');
  return (
    <MediaCard
      to={`/search?s=${encodeURIComponent(place.name)}`}
      image={place.art_url_sm}
      title={truncate(place.name, DISPLAY.cardTitleChars)}
      fullTitle={place.name}
      subtitle={where || kind}
      fullSubtitle={where || kind}
    />
  );
}

function countLine(sets: number, noun: string, tracks: number): string {
  return `${formatNumber(sets)} ${noun}${sets === 1 ? '' : 's'} · ${formatNumber(tracks)} track${tracks === 1 ? '' : 's'}`;
}

/** A grid of cards for narrow screens: two columns on phones, three from sm. */
export function CardGrid({ children, label }: { children: React.ReactNode; label: string }) {
  return (
    <Box
      component="ul"
      aria-label={label}
      sx={{
        listStyle: 'none',
        p: 0,
        m: 0,
        display: 'grid',
        gap: 1.5,
        gridTemplateColumns: { xs: 'repeat(2, minmax(0, 1fr))', sm: 'repeat(3, minmax(0, 1fr))' },
        '& > li': { minWidth: 0 },
      }}
    >
      {children}
    </Box>
  );
}
