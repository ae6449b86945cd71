// GET /tracks/{id}/moments?set_ids=…: where the track plays in each listed set and the moment likes
// it got there. Asked once per loaded page of the Sets tab (at most 100 ids a call, as the contract says).
import type { TrackMoment } from '@cratedig/contract/moments-api';
import { queryOptions, useQueries } from '@tanstack/react-query';
import { useApi } from '../../api/api-context';
import { apiClient } from '../../api/client';
import type { Transport } from '../../api/transport';

export function trackMomentsQueryOptions(transport: Transport, trackId: number, setIds: readonly number[]) {
  return queryOptions({
    queryKey: ['moments', 'track', trackId, setIds.join(',')] as const,
    queryFn: ({ signal }) =>
      apiClient(transport).tracks.moments({
        params: { id: trackId },
        query: { set_ids: setIds.join(',') },
        signal,
      }),
  });
}

/** Whether `a` comes before `b` in one set: by time, or by place where the list has no times. */
function earlier(a: TrackMoment, b: TrackMoment): boolean {
  return a.untimed || b.untimed ? a.track_position < b.track_position : a.start_time < b.start_time;
}

/**
 * The track's moments in the sets of each page, by set id. A set may play the track more than once;
 * the first play (earliest start) is the one shown and played from.
 */
export function useTrackMoments(
  trackId: number,
  pages: readonly (readonly number[])[],
): Map<number, TrackMoment> {
  const { transport } = useApi();
  const results = useQueries({
    queries: pages
      .filter((ids) => ids.length > 0)
      .map((ids) => trackMomentsQueryOptions(transport, trackId, ids.slice(0, 100))),
  });
  const bySet = new Map<number, TrackMoment>();
  for (const result of results) {
    for (const moment of result.data?.data ?? []) {
      const seen = bySet.get(moment.set_meta_id);
      if (!seen || earlier(moment, seen)) bySet.set(moment.set_meta_id, moment);
    }
  }
  return bySet;
}
