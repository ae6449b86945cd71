// What to highlight on a search result's card: the ranges the API matched in the name, and the query
// words (with their typo corrections) where they start a word of the line under it.

import type { ArtistHit, LabelHit, SetHit, TrackHit } from '@cratedig/contract/search';
import { highlightRanges, type TextRange } from '@cratedig/contract/search-normalise';
import type { CardHighlight } from '../../components/entity-cards';
import { trackDisplayTitle } from '../../lib/track-title';

export function nameHighlight(hit: ArtistHit | LabelHit): CardHighlight {
  return { title: hit.match.ranges };
}

export function setHighlight(hit: SetHit, words: readonly string[]): CardHighlight {
  return { title: hit.match.ranges, subtitle: highlightRanges(hit.artist, words) };
}

/**
 * A track's card shows 'Title (Mixer Remix)': the API's ranges cover the title, and the query words
 * mark the mixer credit ("X remix" finds the remixes by X).
 */
export function trackHighlight(hit: TrackHit, words: readonly string[]): CardHighlight {
  const display = trackDisplayTitle(hit);
  const credit: TextRange[] = highlightRanges(display.slice(hit.title.length), words).map(([a, b]) => [
    a + hit.title.length,
    b + hit.title.length,
  ]);
  return { title: [...hit.match.ranges, ...credit], subtitle: highlightRanges(hit.artist, words) };
}
