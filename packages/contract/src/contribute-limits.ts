// How much a pasted tracklist may hold (docs/import.md, "Suggesting a tracklist from the browser").
// Zod-free so the web page can show the limits without loading the schemas.
export const TRACKLIST_PASTE = {
  /** Characters of the whole paste: a three-hour set with long titles is about 12,000. */
  maxChars: 20_000,
  /** Lines of the paste, blank ones included. */
  maxLines: 300,
} as const;

/**
 * What became of one pasted line, as the preview tells it; `skipped` is a line copied along with the
 * list that names no track (a set's title line such as 1001Tracklists heads a list with).
 */
export const LINE_OUTCOMES = ['same', 'suggestion', 'known', 'new', 'id', 'skipped', 'problem'] as const;
export type LineOutcome = (typeof LINE_OUTCOMES)[number];

/**
 * What a submitted suggestion became: a new proposal, an equal open one (to vote on), the caller's own
 * open one on that ID (withdraw it to suggest another), or not sent because the caller reached the
 * hourly limit of suggestions.
 */
export const PROPOSED_STATUSES = ['created', 'existing', 'own_open', 'limited'] as const;
export type ProposedStatus = (typeof PROPOSED_STATUSES)[number];
