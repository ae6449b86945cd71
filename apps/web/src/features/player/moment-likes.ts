// Moment likes: liking the second that plays now. POST /set-likes records the moment, then the set
// and the set track go into the user's likes (PUT /favs/set/{id}/likes, PUT /favs/track/{id}/likes),
// a toast names the track, and the cached copies of the set and the track are marked stale so every
// page showing them refetches the new counts.
import type { SetDetail } from '@cratedig/contract/catalogue-api';
import type { QueryClient } from '@tanstack/react-query';
import { isApiError } from '../../api/api-error';
import type { RetryAfterRefresh } from '../../api/retry-after-refresh';
import { invalidateCachedItem } from '../../lib/cached-items';
import type { PlayerApi } from './player-api';
import { likedMessage, PLAYER_MESSAGES } from './player-messages';
import type { Notify } from './player-queue';
import { setTrackAt } from './player-rules';

export interface MomentLikeDeps {
  api: PlayerApi;
  client: QueryClient;
  notify: Notify;
  retries: RetryAfterRefresh;
  /** The loaded set and the second playing now. */
  playing: () => { set: SetDetail | null; second: number };
  isVisible: () => boolean;
}

/** Likes second `at` of the loaded set (default: the second playing now). */
export async function likeMoment(deps: MomentLikeDeps, at?: number): Promise<void> {
  const { set, second } = deps.playing();
  if (!set) return;
  const t = at ?? second;
  const track = setTrackAt(set.set_tracks, t);
  try {
    await deps.api.likeMoment({ set_meta_id: set.id, set_timestamp: t });
    await deps.api.likeSet(set.id);
    if (track) await deps.api.likeTrack(track.track_meta_id);
    deps.notify(likedMessage(track ? track.track_meta.title : set.set_name), 'success');
    // Every page showing the set or the track refetches it: its likes and the track's went up.
    void invalidateCachedItem(deps.client, 'set', set.id);
    if (track) void invalidateCachedItem(deps.client, 'track', track.track_meta_id);
  } catch (error) {
    if (isApiError(error) && error.status === 401) {
      deps.notify(PLAYER_MESSAGES.authRefreshing, 'warning');
      // The retry keeps the moment the like was made at, even if playback moved on meanwhile.
      deps.retries.add(`like:${set.id}:${t}`, () => {
        if (deps.playing().set?.id === set.id) void likeMoment(deps, t);
      });
      return;
    }
    // The failure toast shows only while the tab is visible.
    if (deps.isVisible()) deps.notify(PLAYER_MESSAGES.likeFailed, 'error');
    console.error('liking the moment failed', error);
  }
}
