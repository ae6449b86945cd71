// GET /festivals/{id} and /venues/{id} (docs/catalogue.md), and the sets recorded at the place: the
// sets list scoped to it (GET /sets?festival_id= / ?venue_id=), paged and sortable.
import type { SortChoice } from '@cratedig/contract/constants';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useApi } from '../../api/api-context';
import { apiClient } from '../../api/client';
import type { Transport } from '../../api/transport';
import { detailOptions, pagedListOptions } from '../../lib/paged-query';

export type PlaceKind = 'festival' | 'venue';

export function placeDetailQueryOptions(transport: Transport, kind: PlaceKind, id: number) {
  const api = apiClient(transport);
  return kind === 'festival'
    ? detailOptions(api.festivals.detail, { id })
    : detailOptions(api.venues.detail, { id });
}

export function usePlaceDetail(kind: PlaceKind, id: number) {
  const { transport } = useApi();
  return useQuery(placeDetailQueryOptions(transport, kind, id));
}

export function placeSetsQueryOptions(transport: Transport, kind: PlaceKind, id: number, sort: SortChoice) {
  return pagedListOptions(apiClient(transport).sets.list, { sort, place: { kind, id } });
}

export function usePlaceSets(kind: PlaceKind, id: number, sort: SortChoice) {
  const { transport } = useApi();
  return useInfiniteQuery(placeSetsQueryOptions(transport, kind, id, sort));
}
