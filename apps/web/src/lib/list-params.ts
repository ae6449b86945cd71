import { DEFAULT_SORTS, GENRES, SORTS, type SortChoice } from '@cratedig/contract/constants';
import { useCallback } from 'react';
import { nextSort } from './sort-state';
import { useQueryState } from './url-params';

export type DiscoverList = 'sets' | 'tracks' | 'artists' | 'labels';

/** The sets recorded at one festival or venue (/sets?festival={id}, /sets?venue={id}). */
export interface PlaceFilter {
  kind: 'festival' | 'venue';
  id: number;
}

export interface ListParams {
  genre: string | null;
  sort: SortChoice;
  followed: boolean;
  /** Sets only: Home's featured festivals and venues open the sets recorded there. */
  place?: PlaceFilter | null;
}

function readPlace(list: DiscoverList, params: URLSearchParams): PlaceFilter | null {
  if (list !== 'sets') return null;
  for (const kind of ['festival', 'venue'] as const) {
    const id = Number(params.get(kind));
    if (Number.isInteger(id) && id > 0) return { kind, id };
  }
  return null;
}

/** Reads a discover list's state from the URL, so back, reload and shared links show the same list. */
export function readListParams(list: DiscoverList, params: URLSearchParams): ListParams {
  const genre = params.get('genre');
  const orderBy = params.get('order_by');
  const direction = params.get('order_direction');
  const allowed: readonly string[] = Object.values(SORTS[list]);
  const sort: SortChoice =
    orderBy && allowed.includes(orderBy)
      ? { order_by: orderBy, order_direction: direction === 'asc' ? 'asc' : 'desc' }
      : { ...DEFAULT_SORTS[list] };
  return {
    // docs/web-app.md: /sets?genre= and /tracks?genre=; an unknown genre is ignored rather than sent.
    genre: genre && (GENRES as readonly string[]).includes(genre) ? genre : null,
    sort,
    followed: params.get('followed') === 'true',
    place: readPlace(list, params),
  };
}

/** Writes a discover list's state to the URL, leaving the defaults out. */
function writeListParams(list: DiscoverList, state: ListParams): URLSearchParams {
  const out = new URLSearchParams();
  if (state.genre) out.set('genre', state.genre);
  const isDefault =
    state.sort.order_by === DEFAULT_SORTS[list].order_by &&
    state.sort.order_direction === DEFAULT_SORTS[list].order_direction;
  if (!isDefault) {
    out.set('order_by', state.sort.order_by);
    out.set('order_direction', state.sort.order_direction);
  }
  if (state.followed) out.set('followed', 'true');
  if (state.place) out.set(state.place.kind, String(state.place.id));
  return out;
}

export function useListParams(list: DiscoverList) {
  const read = useCallback((query: URLSearchParams) => readListParams(list, query), [list]);
  const write = useCallback((state: ListParams) => writeListParams(list, state), [list]);
  const [state, update] = useQueryState(read, write);

  return {
    ...state,
    toggleSort: (orderBy: string) => update((current) => ({ sort: nextSort(current.sort, orderBy) })),
    setFilter: (genre: string | null, sort: SortChoice) => update({ genre, sort }),
    setFollowed: (followed: boolean) => update({ followed }),
    clearPlace: () => update({ place: null }),
  };
}
