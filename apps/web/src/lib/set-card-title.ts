// A set's name usually starts with its DJs ("Lena Vogt b2b Nightjar Society @ Halle Null, Berlin"),
// and a card's next line is the DJs: cut to a card's few characters, both lines would read the same.
// The card's title is then the rest of the name (the event, the place); the full name stays the
// card's accessible name and tooltip.
import type { TextRange } from '@cratedig/contract/search-normalise';

// What joins the DJs to the rest of the name: spaces, dashes, '@', ':', '|', commas.
const JOINER = /^[\s@:|,–—-]+/u;

/** Where the card's title starts in `name`: after a leading `artist` and its joiner, else 0. */
export function setTitleStart(name: string, artist: string): number {
  const dj = artist.trim();
  if (dj.length === 0 || !name.toLocaleLowerCase().startsWith(dj.toLocaleLowerCase())) return 0;
  const rest = name.slice(dj.length);
  // "Ambrose Thales" does not start with the DJ "Ambrose Thale": the name must break after it.
  if (rest.length > 0 && /^[\p{L}\p{N}]/u.test(rest)) return 0;
  const joiner = JOINER.exec(rest)?.[0].length ?? 0;
  const start = dj.length + joiner;
  return start < name.length ? start : 0;
}

/** The card's title and its search ranges moved to it (those before it are dropped). */
export function setCardTitle(
  name: string,
  artist: string,
  ranges?: readonly TextRange[],
): { title: string; ranges: TextRange[] | undefined } {
  const start = setTitleStart(name, artist);
  return {
    title: name.slice(start),
    ranges: ranges
      ?.filter(([, to]) => to > start)
      .map(([from, to]): TextRange => [Math.max(0, from - start), to - start]),
  };
}
