import type { ListResponse, Pagination } from '@cratedig/contract/common';
import { PAGE_SIZE, type SortChoice } from '@cratedig/contract/constants';
import { infiniteQueryOptions, keepPreviousData, queryOptions } from '@tanstack/react-query';

/**
 * How long catalogue data counts as fresh: going back to a list or a page shows it at once from the
 * cache, without a refetch (the catalogue changes by import, not by the minute).
 */
export const CATALOGUE_STALE_MS = 5 * 60_000;

export interface PageQuery {
  sort?: SortChoice;
  genre?: string | null;
  /** Sets: those recorded at one festival or venue. */
  place?: { kind: 'festival' | 'venue'; id: number } | null;
}

/** A list's query string: order_by, order_direction, genre, offset (20 × pages loaded) and limit 20. */
export function listQueryString(query: PageQuery, offset: number) {
  return {
    order_by: query.sort?.order_by,
    order_direction: query.sort?.order_direction,
    genre: query.genre ?? undefined,
    ...(query.place ? { [`${query.place.kind}_id`]: query.place.id } : {}),
    offset,
    limit: PAGE_SIZE,
  };
}

/**
 * docs/catalogue.md: Load more appears only while offset + count < total. A searched list whose total was
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

/** A call of the client that answers a page of a list. */
interface PageCall {
  (args: never): Promise<ListResponse<unknown>>;
  path: (...params: never[]) => string;
}
/** A call of the client that answers one item. */
interface ItemCall {
  (args: never): Promise<unknown>;
  path: (...params: never[]) => string;
}
type Answer<C extends ItemCall> = Awaited<ReturnType<C>>;
type Send = (args: { params?: unknown; query?: unknown; signal: AbortSignal }) => Promise<never>;

/**
 * An infinitely paged GET list (discover lists and detail tabs), Load more appending a page:
 * `pagedListOptions(api.artists.sets, { sort }, { id })`. Its query key holds the call's path.
 */
export function pagedListOptions<C extends PageCall>(
  call: C,
  query: PageQuery,
  ...params: Parameters<C['path']>
) {
  const send = call as unknown as Send;
  return infiniteQueryOptions({
    queryKey: ['catalogue', call.path(...params), query] as const,
    queryFn: ({ pageParam, signal }): Promise<Answer<C>> =>
      send({ params: params[0], query: listQueryString(query, pageParam), signal }),
    initialPageParam: 0,
    getNextPageParam: nextOffset,
    staleTime: CATALOGUE_STALE_MS,
    // A new sort or genre keeps the old rows on screen (dimmed) until the new page arrives.
    placeholderData: keepPreviousData,
  });
}

/** One GET of a detail (an artist, a set, ...): `detailOptions(api.sets.detail, { id })`. */
export function detailOptions<C extends ItemCall>(call: C, ...params: Parameters<C['path']>) {
  const send = call as unknown as Send;
  return queryOptions({
    queryKey: ['catalogue', call.path(...params)] as const,
    queryFn: ({ signal }): Promise<Answer<C>> => send({ params: params[0], signal }),
    staleTime: CATALOGUE_STALE_MS,
  });
}
