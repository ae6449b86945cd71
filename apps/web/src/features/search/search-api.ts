// GET /api/search: the search page's four sections (one call for the first page of all of them, then
// `kinds=<section>&offset=<items shown>` for a section's Load more) and the top bar's suggestions.
import type { ListResponse } from '@cratedig/contract/common';
import type { ArtistHit, LabelHit, SetHit, TrackHit } from '@cratedig/contract/search';
import {
  SEARCH_LIMIT_DEFAULT,
  SEARCH_SUGGESTIONS_PER_KIND,
  type SearchKind,
} from '@cratedig/contract/search-limits';
import {
  infiniteQueryOptions,
  keepPreviousData,
  type QueryClient,
  queryOptions,
  useInfiniteQuery,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { useApi } from '../../api/api-context';
import { apiClient } from '../../api/client';
import type { Transport } from '../../api/transport';
import { CATALOGUE_STALE_MS, nextOffset } from '../../lib/paged-query';

export interface HitOf {
  artists: ArtistHit;
  labels: LabelHit;
  tracks: TrackHit;
  sets: SetHit;
}

/** One loaded page of a section, with the words to highlight in fields the match ranges do not cover. */
export interface SectionPage<K extends SearchKind> {
  section: ListResponse<HitOf[K]>;
  words: string[];
}

/**
 * The query sent for a typed text: control characters (a pasted tab or line break) read as spaces,
 * since the API refuses them, and the ends trimmed.
 */
export function searchText(typed: string): string {
  let out = '';
  for (const ch of typed) {
    const code = ch.codePointAt(0) ?? 0;
    out += code < 0x20 || (code >= 0x7f && code <= 0x9f) ? ' ' : ch;
  }
  return out.trim();
}

function emptySection<T>(): ListResponse<T> {
  return { data: [], pagination: { offset: 0, count: 0, total: 0 } };
}

/** The page's first call: the first page of every section at once. */
function firstPageOptions(transport: Transport, s: string) {
  return queryOptions({
    queryKey: ['search', s, 'all'] as const,
    queryFn: ({ signal }) =>
      apiClient(transport).search.find({ query: { s, limit: SEARCH_LIMIT_DEFAULT }, signal }),
    staleTime: CATALOGUE_STALE_MS,
  });
}

/**
 * One section as an infinite list: its first page is cut from the shared first call (the four
 * sections ask for it together and TanStack Query sends it once); Load more asks for that section
 * alone from the offset of the items received so far.
 */
export function searchSectionOptions<K extends SearchKind>(
  transport: Transport,
  client: QueryClient,
  s: string,
  kind: K,
) {
  return infiniteQueryOptions({
    queryKey: ['search', s, kind] as const,
    queryFn: async ({ pageParam, signal }): Promise<SectionPage<K>> => {
      const response =
        pageParam === 0
          ? await client.fetchQuery(firstPageOptions(transport, s))
          : await apiClient(transport).search.find({
              query: { s, kinds: kind, offset: pageParam, limit: SEARCH_LIMIT_DEFAULT },
              signal,
            });
      const section = (response[kind] as ListResponse<HitOf[K]> | undefined) ?? emptySection<HitOf[K]>();
      return { section, words: [...response.query.words, ...response.query.corrections] };
    },
    initialPageParam: 0,
    getNextPageParam: (last) => nextOffset(last.section),
    staleTime: CATALOGUE_STALE_MS,
    enabled: s !== '',
    // While the next query's results load, the last ones stay on screen, dimmed.
    placeholderData: keepPreviousData,
  });
}

export function useSearchSection<K extends SearchKind>(s: string, kind: K) {
  const { transport } = useApi();
  const client = useQueryClient();
  return useInfiniteQuery(searchSectionOptions(transport, client, s, kind));
}

/** The top bar's suggestions: the best two of each kind. */
export function suggestionsOptions(transport: Transport, s: string) {
  return queryOptions({
    queryKey: ['search-suggestions', s] as const,
    queryFn: ({ signal }) =>
      apiClient(transport).search.find({
        query: { s, limit: SEARCH_SUGGESTIONS_PER_KIND },
        signal,
      }),
    staleTime: CATALOGUE_STALE_MS,
    enabled: s !== '',
    // While the next letters' suggestions load, the last ones stay in the panel.
    placeholderData: keepPreviousData,
  });
}

export function useSuggestions(s: string) {
  const { transport } = useApi();
  return useQuery(suggestionsOptions(transport, s));
}

/** How many tracks the suggestion form's track picker offers for a typed text. */
export const TRACK_PICKER_LIMIT = 8;

/**
 * The catalogue's tracks for a typed text, for picking one (the ID page's suggestion form): the same
 * search call as the top bar's suggestions, tracks only, a few more of them.
 */
export function trackPickerOptions(transport: Transport, s: string) {
  return queryOptions({
    queryKey: ['search-suggestions', s, 'tracks'] as const,
    queryFn: ({ signal }) =>
      apiClient(transport).search.find({
        query: { s, kinds: 'tracks', limit: TRACK_PICKER_LIMIT },
        signal,
      }),
    select: (answer) => answer.tracks?.data ?? [],
    staleTime: CATALOGUE_STALE_MS,
    enabled: s !== '',
    placeholderData: keepPreviousData,
  });
}
