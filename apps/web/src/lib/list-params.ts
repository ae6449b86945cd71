import { DEFAULT_SORTS, GENRES, SORTS, type SortChoice } from '@cratedig/contract/constants';
import { useCallback, useMemo } from 'react';
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

export function useListParams(list: DiscoverList) {
  const [params, setParams] = useQueryState();
  const state = useMemo(() => readListParams(list, params), [list, params]);

  const update = useCallback(
    (next: Partial<ListParams> | ((current: ListParams) => Partial<ListParams>)) => {
      setParams((query) => {
        const current = readListParams(list, query);
        const merged = { ...current, ...(typeof next === 'function' ? next(current) : next) };
        const out = new URLSearchParams();
        if (merged.genre) out.set('genre', merged.genre);
        const isDefault =
          merged.sort.order_by === DEFAULT_SORTS[list].order_by &&
          merged.sort.order_direction === DEFAULT_SORTS[list].order_direction;
        if (!isDefault) {
          out.set('order_by', merged.sort.order_by);
          out.set('order_direction', merged.sort.order_direction);
        }
        if (merged.followed) out.set('followed', 'true');
        if (merged.place) out.set(merged.place.kind, String(merged.place.id));
        return out;
      });
    },
    [list, setParams],
  );

  return {
    ...state,
    toggleSort: (orderBy: string) => update((current) => ({ sort: nextSort(current.sort, orderBy) })),
    setFilter: (genre: string | null, sort: SortChoice) => update({ genre, sort }),
    setFollowed: (followed: boolean) => update({ followed }),
    clearPlace: () => update({ place: null }),
  };
}
