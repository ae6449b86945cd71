// The IDs on screen, live: a vote, a new or withdrawn proposal, or a decision anywhere reaches every
// open page within moments through the app's live stream. Counts and states are patched into the
// cache; what the event does not carry (a new proposal's text, the proposals a decision closed, a
// release) is read again.
import type { TrackIdentification } from '@cratedig/contract/identification';
import type { IdentificationEvent } from '@cratedig/contract/live-events';
import { useQueryClient } from '@tanstack/react-query';
import { useLiveEvents } from '../../api/use-live-events';
import { invalidateCachedItem, patchCachedItem } from '../../lib/cached-items';
import { patchCachedProposal } from './proposal-cache';
import { identificationKeys } from './track-identifications-api';

export function useLiveIdentifications(trackIds: readonly number[]) {
  const client = useQueryClient();
  useLiveEvents(
    {
      onMessage: ({ type, data }) => {
        if (type !== 'identification') return;
        const event = data as IdentificationEvent;
        const trackId = event.id_track_id;
        const known = patchCachedProposal(client, event.proposal);
        patchCachedItem(client, 'track', trackId, (track) => ({
          ...track,
          identification: event.identification as TrackIdentification,
        }));
        if (!known || event.change === 'created' || event.change === 'decided') {
          void client.invalidateQueries({ queryKey: identificationKeys.ofTrack(trackId) });
        }
        // A release names the track the ID came out as: only the server has it.
        if (event.identification.status === 'released') void invalidateCachedItem(client, 'track', trackId);
      },
      onConnected: (caughtUp) => {
        if (caughtUp) return;
        for (const trackId of trackIds) {
          void client.invalidateQueries({ queryKey: identificationKeys.ofTrack(trackId) });
          void invalidateCachedItem(client, 'track', trackId);
        }
      },
    },
    trackIds,
  );
}
