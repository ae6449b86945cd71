// The set, track, artist, label and place cards (docs/web-app.md card limits, display limits).
import type { Artist } from '@cratedig/contract/artist';
import { DISPLAY } from '@cratedig/contract/constants';
import type { Label } from '@cratedig/contract/label';
import type { Festival } from '@cratedig/contract/place';
import type { TextRange } from '@cratedig/contract/search-normalise';
import type { SetMeta } from '@cratedig/contract/set';
import type { TrackMeta } from '@cratedig/contract/track';
import Box from '@mui/material/Box';
import { formatDate, formatNumber, truncate } from '../lib/format';
import { setCardTitle } from '../lib/set-card-title';
import { setGenres } from '../lib/set-genres';
import { trackDisplayTitle } from '../lib/track-title';
import { LikesCount } from './count-badge';
import { CardChips } from './genre-chip';
import { Highlight } from './highlight';
import { MediaCard } from './media-card';
import { SetActions } from './set-actions';
import { useDesktop } from './use-desktop';

/**
 * small: the compact cards of narrow screens (title 18, artist 15); default: title and artist 25;
 * auto: small below the md breakpoint and default from it, for rows whose cards widen with the screen
 * (Home's rows are 280 px wide on a desktop, room for the default limits).
 */
export type CardSize = 'small' | 'default' | 'auto';

function useCardSize(size: CardSize): 'small' | 'default' {
  const desktop = useDesktop();
  if (size !== 'auto') return size;
  return desktop ? 'default' : 'small';
}

/** Parts of a card's title and of the line under it to highlight (search results). */
export interface CardHighlight {
  title?: readonly TextRange[];
  subtitle?: readonly TextRange[];
}

function titleLimit(size: 'small' | 'default'): number {
  return size === 'small' ? DISPLAY.smallCardTitleChars : DISPLAY.cardTitleChars;
}
/**
 * A search result's title takes two lines, with twice the characters: the words that matched are
 * shown in a title read from its start, rather than in a few characters cut at both ends.
 */
function titleLines(highlight: CardHighlight | undefined): 1 | 2 {
  return highlight ? 2 : 1;
}
function artistLimit(size: 'small' | 'default'): number {
  return size === 'small' ? DISPLAY.smallCardArtistChars : DISPLAY.cardTitleChars;
}

export function SetCard({
  set,
  size: asked = 'auto',
  highlight,
}: {
  set: SetMeta;
  size?: CardSize;
  highlight?: CardHighlight;
}) {
  const size = useCardSize(asked);
  const genres = setGenres(set);
  // The line under the title is the DJs: the title is the rest of the name, not the DJs again.
  const shown = setCardTitle(set.set_name, set.artist, highlight?.title);
  const lines = titleLines(highlight);
  return (
    <MediaCard
      to={`/sets/${set.id}`}
      image={set.art_url_sm}
      titleLines={lines}
      title={<Highlight text={shown.title} ranges={shown.ranges} max={titleLimit(size) * lines} />}
      fullTitle={set.set_name}
      subtitle={<Highlight text={set.artist} ranges={highlight?.subtitle} max={artistLimit(size)} />}
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

/** An ID (an unreleased track heard in a set) carries a badge on its artwork. */
export function TrackCard({
  track,
  size: asked = 'auto',
  highlight,
}: {
  track: TrackMeta;
  size?: CardSize;
  highlight?: CardHighlight;
}) {
  const size = useCardSize(asked);
  const title = trackDisplayTitle(track);
  const isId = track.mix_type === 'ID';
  // An ID that came out since says so: a Released chip, and its release date under the name.
  const released = isId ? track.release : null;
  const chips = [released ? 'Released' : null, track.genre, track.label_name].filter(
    (chip): chip is string => chip !== null,
  );
  const lines = titleLines(highlight);
  return (
    <MediaCard
      to={`/tracks/${track.id}`}
      image={track.art_url_sm}
      titleLines={lines}
      title={<Highlight text={title} ranges={highlight?.title} max={titleLimit(size) * lines} />}
      fullTitle={title}
      subtitle={<Highlight text={track.artist} ranges={highlight?.subtitle} max={artistLimit(size)} />}
      fullSubtitle={track.artist}
      badge={isId ? { text: 'ID', label: released ? 'released ID' : 'unreleased ID' } : undefined}
      meta={
        <>
          <span>
            {!isId
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

export function ArtistCard({ artist, highlight }: { artist: Artist; highlight?: CardHighlight }) {
  return (
    <MediaCard
      to={`/artists/${artist.id}`}
      image={artist.art_url_sm}
      round
      title={<Highlight text={artist.name} ranges={highlight?.title} max={DISPLAY.smallCardArtistChars} />}
      fullTitle={artist.name}
      meta={<span>{countLine(artist.set_count, 'set', artist.track_count)}</span>}
      chips={<CardChips items={artist.track_genres} max={DISPLAY.cardTagsMax} />}
    />
  );
}

export function LabelCard({ label, highlight }: { label: Label; highlight?: CardHighlight }) {
  return (
    <MediaCard
      to={`/labels/${label.id}`}
      image={label.art_url_sm ?? label.logo_url}
      title={<Highlight text={label.name} ranges={highlight?.title} max={DISPLAY.cardTitleChars} />}
      fullTitle={label.name}
      meta={<span>{countLine(label.set_count, 'set', label.track_count)}</span>}
      chips={<CardChips items={label.track_genres} max={DISPLAY.cardTagsMax} />}
    />
  );
}

/** A festival or venue: opens its page (/festivals/{id}, /venues/{id}) with the sets recorded there. */
export function PlaceCard({ place, kind }: { place: Festival; kind: 'Festival' | 'Venue' }) {
  const where = [place.city, place.country].filter(Boolean).join(', ');
  return (
    <MediaCard
      to={`/${kind === 'Festival' ? 'festivals' : 'venues'}/${place.id}`}
      image={place.art_url_sm}
      title={truncate(place.name, DISPLAY.cardTitleChars)}
      fullTitle={place.name}
      subtitle={where || kind}
      fullSubtitle={where || kind}
      // A place is somewhere, not by someone: 'Tresor, venue in Berlin, Germany'.
      name={`${place.name}, ${kind.toLowerCase()}${where ? ` in ${where}` : ''}`}
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
