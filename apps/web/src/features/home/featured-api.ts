// GET /featured/{sets,tracks,artists,labels,festivals,venues} (docs/catalogue.md): Home's rows, in editorial
// order; /featured/tracks feeds "Newest Tracks".
import type { FeaturedItems, FeaturedKind } from '@cratedig/contract/catalogue-api';
import type { ListResponse } from '@cratedig/contract/common';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useApi } from '../../api/api-context';
import { apiClient } from '../../api/client';
import type { Transport } from '../../api/transport';
import { CATALOGUE_STALE_MS } from '../../lib/paged-query';

/** A row holds a screenful or two of cards; the rest is one click away on the list pages. */
const FEATURED_LIMIT = 12;

export function featuredQueryOptions<K extends FeaturedKind>(transport: Transport, kind: K) {
  return queryOptions({
    queryKey: ['catalogue', 'featured', kind] as const,
    queryFn: ({ signal }) =>
      // Each kind's call answers a page of that kind's items (FeaturedItems in the contract).
      apiClient(transport).featured[kind as FeaturedKind]({
        query: { limit: FEATURED_LIMIT },
        signal,
      }) as Promise<ListResponse<FeaturedItems[K]>>,
    staleTime: CATALOGUE_STALE_MS,
  });
}

export function useFeatured<K extends FeaturedKind>(kind: K) {
  const { transport } = useApi();
  return useQuery(featuredQueryOptions(transport, kind));
}
