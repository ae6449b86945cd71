// GET /featured/{sets,tracks,artists,labels,festivals,venues} (spec §7): Home's rows, in editorial
// order; /featured/tracks feeds "Newest Tracks".
import type { Artist } from '@cratedig/contract/artist';
import type { FeaturedKind } from '@cratedig/contract/catalogue-api';
import type { ListResponse } from '@cratedig/contract/common';
import type { Label } from '@cratedig/contract/label';
import type { Festival, Venue } from '@cratedig/contract/place';
import type { SetMeta } from '@cratedig/contract/set';
import type { TrackMeta } from '@cratedig/contract/track';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useApi } from '../../api/api-context';
import type { Transport } from '../../api/transport';
import { CATALOGUE_STALE_MS } from '../../lib/paged-query';

export interface FeaturedItems {
  sets: SetMeta;
  tracks: TrackMeta;
  artists: Artist;
  labels: Label;
  festivals: Festival;
  venues: Venue;
}

/** A row holds a screenful or two of cards; the rest is one click away on the list pages. */
const FEATURED_LIMIT = 12;

export function featuredQueryOptions<K extends FeaturedKind>(transport: Transport, kind: K) {
  return queryOptions({
    queryKey: ['catalogue', 'featured', kind] as const,
    queryFn: ({ signal }) =>
      transport.get<ListResponse<FeaturedItems[K]>>(`/featured/${kind}`, {
        query: { limit: FEATURED_LIMIT },
        signal,
      }),
    staleTime: CATALOGUE_STALE_MS,
  });
}

export function useFeatured<K extends FeaturedKind>(kind: K) {
  const { transport } = useApi();
  return useQuery(featuredQueryOptions(transport, kind));
}
