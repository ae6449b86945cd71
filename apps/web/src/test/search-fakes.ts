// A fake GET /api/search for component tests: it answers from fixed result lists the way the API
// pages them (kinds, limit, offset, totals), and records nothing itself (fake-api.ts records requests).
import type { ListResponse } from '@cratedig/contract/common';
import {
  type ArtistHit,
  type LabelHit,
  SEARCH_KINDS,
  type SearchMatch,
  type SearchResponse,
  type SetHit,
  type TrackHit,
} from '@cratedig/contract/search';
import { normalisedWords } from '@cratedig/contract/search-normalise';
import type { FakeRequest, FakeResponse } from './fake-api';

export interface SearchResults {
  artists?: ArtistHit[];
  labels?: LabelHit[];
  tracks?: TrackHit[];
  sets?: SetHit[];
}

/** An item as a search hit, matched in its name by `ranges`. */
export function asHit<T>(item: T, ranges: [number, number][] = [], rank: SearchMatch['rank'] = 'word') {
  return { ...item, match: { rank, ranges } };
}

/**
 * Answers /search for the query texts in `results` (anything else finds nothing); every list is the
 * whole result of its section, paged by the request's limit and offset (an item listed twice comes
 * back twice, as an API whose order shifted between pages would hand it).
 */
export function fakeSearch(
  results: Record<string, SearchResults>,
  { delayMs }: { delayMs?: number } = {},
): (request: FakeRequest) => FakeResponse | undefined {
  return (request) => {
    if (request.path !== '/search') return undefined;
    const s = (request.query.get('s') ?? '').trim();
    const kinds = request.query.get('kinds')?.split(',') ?? [...SEARCH_KINDS];
    const limit = Number(request.query.get('limit') ?? 20);
    const offset = Number(request.query.get('offset') ?? 0);
    const found = results[s] ?? {};
    const body: SearchResponse = { query: { s, words: normalisedWords(s), corrections: [] } };
    for (const kind of SEARCH_KINDS) {
      if (!kinds.includes(kind)) continue;
      const all: { id: number }[] = found[kind] ?? [];
      const data = all.slice(offset, offset + limit);
      const page: ListResponse<unknown> = {
        data,
        pagination: { offset, count: data.length, total: all.length },
      };
      (body as Record<string, unknown>)[kind] = page;
    }
    return { body, delayMs };
  };
}
