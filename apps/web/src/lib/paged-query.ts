import type { ListResponse, Pagination } from '@cratedig/contract/common';
import { PAGE_SIZE, type SortChoice } from '@cratedig/contract/constants';
import { infiniteQueryOptions, keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { Transport } from '../api/transport';

/**
 * How long catalogue data counts as fresh: going back to a list or a page shows it at once from the
 * cache, without a refetch (the catalogue changes by import, not by the minute).
 */
export const CATALOGUE_STALE_MS = 5 * 60_000;

export interface PageQuery {
  sort?: SortChoice;
  genre?: string | null;
}

/** A list's query string: order_by, order_direction, genre, offset (20 × pages loaded) and limit 20. */
export function listQueryString(query: PageQuery, offset: number) {
  return {
    order_by: query.sort?.order_by,
    order_direction: query.sort?.order_direction,
    genre: query.genre ?? undefined,
    offset,
    limit: PAGE_SIZE,
  };
}

/**
 * spec §5: Load more appears only while offset + count < total. A searched list whose total was
 * counted only up to the cap (total_capped) may have more past it: Load more stays while pages come
 * back with items.
 */
export function hasMore(pagination: Pagination | undefined): boolean {
  if (!pagination) return false;
  if (pagination.offset + pagination.count < pagination.total) return true;
  return pagination.total_capped === true && pagination.count > 0;
}

/** The offset of the page after `last`, or undefined when every item is loaded (Load more hides). */
export function nextOffset(last: ListResponse<unknown>): number | undefined {
  const { offset, count } = last.pagination;
  return hasMore(last.pagination) ? offset + count : undefined;
}

/** An infinitely paged GET list (discover lists and detail tabs), Load more appending a page. */
export function pagedListOptions<T>(transport: Transport, path: string, query: PageQuery) {
  return infiniteQueryOptions({
    queryKey: ['catalogue', path, query] as const,
    queryFn: ({ pageParam, signal }) =>
      transport.get<ListResponse<T>>(path, { query: listQueryString(query, pageParam), signal }),
    initialPageParam: 0,
    getNextPageParam: nextOffset,
    staleTime: CATALOGUE_STALE_MS,
    // A new sort or genre keeps the old rows on screen (dimmed) until the new page arrives.
    placeholderData: keepPreviousData,
  });
}

/** One GET of a detail (an artist, a set, ...). */
export function detailOptions<T>(transport: Transport, path: string) {
  return queryOptions({
    queryKey: ['catalogue', path] as const,
    queryFn: ({ signal }) => transport.get<T>(path, { signal }),
    staleTime: CATALOGUE_STALE_MS,
  });
}
