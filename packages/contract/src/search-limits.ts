// The search call's limits and vocabulary (docs/search.md), without zod, so the web app's top
// bar can use them without loading the schemas. search.ts re-exports them.
/** The sections, in the order the search page shows them. */
export const SEARCH_KINDS = ['artists', 'labels', 'tracks', 'sets'] as const;
export type SearchKind = (typeof SEARCH_KINDS)[number];

/** Longest query accepted, in characters. */
export const SEARCH_QUERY_MAX = 100;
/** Query words beyond this many are ignored. */
export const SEARCH_WORDS_MAX = 8;
/** How deep a section can be paged: `pagination.total` counts at most this many results. */
export const SEARCH_RESULTS_MAX = 1000;
export const SEARCH_LIMIT_DEFAULT = 20;
export const SEARCH_LIMIT_MAX = 50;
/** The top bar's suggestion panel: the best two of each kind. */
export const SEARCH_SUGGESTIONS_PER_KIND = 2;
/** A normalised query of at most this many characters matches name and word prefixes only (no typo correction). */
export const SEARCH_SHORT_QUERY = 2;
/**
 * Catalogue words of at least this many letters are found with one typo (one letter wrong, missing,
 * extra, or two letters swapped), when the query word starts no word of the catalogue.
 */
export const SEARCH_FUZZY_MIN_LETTERS = 5;
