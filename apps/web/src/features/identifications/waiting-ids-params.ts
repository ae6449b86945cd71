// The state of the waiting IDs list, in the URL like the other lists (back, reload and shared links
// show the same list): which IDs (all, none suggested yet, with suggestions), watched only, and the
// order (most watched first by default).
import { nextSort } from '../../lib/sort-state';
import { useQueryState } from '../../lib/url-params';
import type { WaitingIdsParams, WaitingOrder } from './waiting-ids-api';

// The orders GET /ids accepts (WAITING_ID_ORDERS in the contract, whose module carries zod).
export const WAITING_ORDERS = {
  most_watched: 'track_meta.total_user_likes',
  first_seen: 'track_meta.created_dt',
  artist: 'track_meta.artist',
  title: 'track_meta.title',
} as const satisfies Record<string, WaitingOrder>;

const DEFAULT_SORT: WaitingIdsParams['sort'] = {
  order_by: WAITING_ORDERS.most_watched,
  order_direction: 'desc',
};
const ORDERS: readonly string[] = Object.values(WAITING_ORDERS);

export function readWaitingParams(params: URLSearchParams): WaitingIdsParams {
  const state = params.get('state');
  const orderBy = params.get('order_by');
  return {
    state: state === 'unidentified' || state === 'proposed' ? state : null,
    followed: params.get('followed') === 'true',
    sort:
      orderBy && ORDERS.includes(orderBy)
        ? {
            order_by: orderBy as WaitingOrder,
            order_direction: params.get('order_direction') === 'asc' ? 'asc' : 'desc',
          }
        : DEFAULT_SORT,
  };
}

function writeWaitingParams(state: WaitingIdsParams): URLSearchParams {
  const out = new URLSearchParams();
  if (state.state) out.set('state', state.state);
  if (state.followed) out.set('followed', 'true');
  if (
    state.sort.order_by !== DEFAULT_SORT.order_by ||
    state.sort.order_direction !== DEFAULT_SORT.order_direction
  ) {
    out.set('order_by', state.sort.order_by);
    out.set('order_direction', state.sort.order_direction);
  }
  return out;
}

export function useWaitingParams() {
  const [state, update] = useQueryState(readWaitingParams, writeWaitingParams);
  return {
    ...state,
    setState: (value: WaitingIdsParams['state']) => update({ state: value }),
    setFollowed: (followed: boolean) => update({ followed }),
    toggleSort: (orderBy: string) =>
      update((current) => ({ sort: nextSort(current.sort, orderBy) as WaitingIdsParams['sort'] })),
  };
}
