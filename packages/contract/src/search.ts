// GET /api/search (docs/search.md): one call answers the sections Artists, Labels, Tracks and Sets,
// each a list page of the same item shapes as the catalogue lists plus how the item matched.
import { z } from 'zod';
import { artist } from './artist';
import { count, listResponse } from './common';
import { label } from './label';
import {
  SEARCH_KINDS,
  SEARCH_LIMIT_DEFAULT,
  SEARCH_LIMIT_MAX,
  SEARCH_QUERY_MAX,
  SEARCH_RESULTS_MAX,
} from './search-limits';
import { setMeta } from './set';
import { trackMeta } from './track';

export {
  SEARCH_FUZZY_MIN_LETTERS,
  SEARCH_KINDS,
  SEARCH_LIMIT_DEFAULT,
  SEARCH_LIMIT_MAX,
  SEARCH_QUERY_MAX,
  SEARCH_RESULTS_MAX,
  SEARCH_SHORT_QUERY,
  SEARCH_SUGGESTIONS_PER_KIND,
  SEARCH_WORDS_MAX,
  type SearchKind,
} from './search-limits';

// C0 and C1 control characters (tab and newline included): never part of a name.
function hasControlCharacter(text: string): boolean {
  for (const ch of text) {
    const code = ch.codePointAt(0) ?? 0;
    if (code < 0x20 || (code >= 0x7f && code <= 0x9f)) return true;
  }
  return false;
}

const kindsParam = z
  .string()
  .transform((value, ctx) => {
    const kinds = [...new Set(value.split(',').filter((k) => k !== ''))];
    const unknown = kinds.filter((k) => !(SEARCH_KINDS as readonly string[]).includes(k));
    if (unknown.length > 0 || kinds.length === 0) {
      ctx.addIssue({
        code: 'custom',
        message: `Expected a comma-separated list of ${SEARCH_KINDS.join(', ')}.`,
      });
      return z.NEVER;
    }
    return SEARCH_KINDS.filter((k) => kinds.includes(k));
  })
  .meta({ description: `Comma-separated sections to answer (default all): ${SEARCH_KINDS.join(',')}.` });

/**
 * `s`: the text as typed (trimmed; empty answers empty sections). `kinds`: which sections to answer,
 * e.g. `kinds=tracks` for one section's Load more. `limit` and `offset` apply to each section
 * answered: Load more on one section sends `kinds=<that section>&offset=<items shown>`; the top bar's
 * suggestion panel sends `limit=2`.
 */
export const searchQuery = z.object({
  s: z
    .string()
    .max(SEARCH_QUERY_MAX, `At most ${SEARCH_QUERY_MAX} characters.`)
    .refine((s) => !hasControlCharacter(s), 'Control characters are not allowed.')
    .transform((s) => s.trim()),
  kinds: kindsParam.default([...SEARCH_KINDS]),
  limit: z.coerce.number().int().min(1).max(SEARCH_LIMIT_MAX).default(SEARCH_LIMIT_DEFAULT),
  offset: z.coerce.number().int().min(0).max(SEARCH_RESULTS_MAX).default(0),
});
export type SearchQuery = z.output<typeof searchQuery>;

/**
 * How an item matched, best first: `exact` (its normalised name is the query), `prefix` (its name
 * starts with the query), `word` (every query word starts a word of its name, credits, label, festival,
 * venue or curator), `fuzzy` (the same with a one-typo spelling of a word of five letters or more).
 * `ranges`: `[start, end)` UTF-16 offsets into the item's name (artist/label `name`, track `title`, set
 * `set_name`) to highlight; empty when the match lies in another field. To highlight another field,
 * call `highlightRanges(text, [...query.words, ...query.corrections])` from search-normalise.ts.
 */
export const searchMatch = z
  .object({
    rank: z.enum(['exact', 'prefix', 'word', 'fuzzy']),
    ranges: z.array(z.tuple([count, count])),
  })
  .meta({ id: 'SearchMatch' });
export type SearchMatch = z.infer<typeof searchMatch>;

export const artistHit = artist.extend({ match: searchMatch }).meta({ id: 'ArtistHit' });
export const labelHit = label.extend({ match: searchMatch }).meta({ id: 'LabelHit' });
/** Tracks and IDs together: an ID is marked by `mix_type: 'ID'`. */
export const trackHit = trackMeta.extend({ match: searchMatch }).meta({ id: 'TrackHit' });
export const setHit = setMeta.extend({ match: searchMatch }).meta({ id: 'SetHit' });
export type ArtistHit = z.infer<typeof artistHit>;
export type LabelHit = z.infer<typeof labelHit>;
export type TrackHit = z.infer<typeof trackHit>;
export type SetHit = z.infer<typeof setHit>;

/**
 * The answer. `query.words`: the normalised query words (search-normalise.ts); `query.corrections`:
 * the one-typo spellings found in the catalogue for them. A section is present when it was asked for;
 * its `pagination.total` counts at most SEARCH_RESULTS_MAX. Items within a section are unique by id, and
 * pages of the same query never overlap (best first, then popularity, then name, then id).
 */
export const searchResponse = z
  .object({
    query: z.object({ s: z.string(), words: z.array(z.string()), corrections: z.array(z.string()) }),
    artists: listResponse(artistHit).optional(),
    labels: listResponse(labelHit).optional(),
    tracks: listResponse(trackHit).optional(),
    sets: listResponse(setHit).optional(),
  })
  .meta({ id: 'SearchResponse' });
export type SearchResponse = z.infer<typeof searchResponse>;
