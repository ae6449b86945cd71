// GET /tracks/{id}: a track or an ID (docs/catalogue.md), with what only its page shows (waiting_count,
// first_heard, the release of an ID that came out).
import type { TrackDetail } from '@cratedig/contract/track';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useApi } from '../../api/api-context';
import { apiClient } from '../../api/client';
import type { Transport } from '../../api/transport';
import { detailOptions } from '../../lib/paged-query';

export function trackDetailQueryOptions(transport: Transport, id: number) {
  return detailOptions(apiClient(transport).tracks.detail, { id });
}

export function useTrackDetail(id: number) {
  const { transport } = useApi();
  const query = useQuery(trackDetailQueryOptions(transport, id));
  useWaitingCountFollowsToggles(transport, query.data);
  return query;
}

/**
 * An ID's waiting count includes the listener's own watch or favourite. The toggles patch the
 * cached track with their answer, which carries no waiting count, so a change of either flag on an
 * ID marks its page stale and the count comes from the server again.
 */
function useWaitingCountFollowsToggles(transport: Transport, track: TrackDetail | undefined) {
  const client = useQueryClient();
  const seen = useRef<{ id: number; flags: string } | null>(null);
  const id = track?.mix_type === 'ID' ? track.id : null;
  const flags = `${track?.user_fav?.is_fav}:${track?.user_fav?.show_likes}`;
  useEffect(() => {
    if (id === null) return;
    const before = seen.current;
    seen.current = { id, flags };
    if (before?.id === id && before.flags !== flags) {
      void client.invalidateQueries({ queryKey: trackDetailQueryOptions(transport, id).queryKey });
    }
  }, [client, transport, id, flags]);
}
