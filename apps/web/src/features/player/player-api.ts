// The player's calls (the queue, plays and resume, POST /set-likes and the two PUT …/likes), made
// through the client typed from the contract. The store takes this interface, so component tests can
// record the calls.
import type {
  PlayBody,
  QueueNewCurrentBody,
  QueueUpdateBody,
  SetLikeBody,
} from '@cratedig/contract/player-api';
import { type ApiClient, apiClient } from '../../api/client';
import type { Transport } from '../../api/transport';

/** What call `K` of group `G` answers. */
type Answer<G extends keyof ApiClient, K extends keyof ApiClient[G]> = ApiClient[G][K] extends (
  ...args: never[]
) => Promise<infer R>
  ? R
  : never;

export interface PlayerApi {
  getSet(id: number): Promise<Answer<'sets', 'detail'>>;
  getQueue(): Promise<Answer<'queue', 'list'>>;
  addToQueue(userId: number, setId: number): Promise<Answer<'queue', 'add'>>;
  updateQueueItem(body: QueueUpdateBody): Promise<Answer<'queue', 'update'>>;
  removeQueueItem(id: number): Promise<void>;
  clearQueue(): Promise<void>;
  newCurrent(body: QueueNewCurrentBody): Promise<Answer<'queue', 'newCurrent'>>;
  /** PUT /queue/next: the new current item, or null at the end of the queue (204). */
  nextInQueue(): Promise<Exclude<Answer<'queue', 'next'>, undefined> | null>;
  /** keepalive: the request outlives the page (the save made as the page is left). */
  savePlay(body: PlayBody, options?: { keepalive?: boolean }): Promise<void>;
  /** GET /plays/last: the set the user last played and where; null when there is none (204). */
  lastPlayed(): Promise<Exclude<Answer<'plays', 'last'>, undefined> | null>;
  trackPlayTarget(trackId: number): Promise<Answer<'tracks', 'playTarget'>>;
  likeMoment(body: SetLikeBody): Promise<Answer<'likes', 'moment'>>;
  likeSet(setId: number): Promise<Answer<'likes', 'set'>>;
  likeTrack(trackId: number): Promise<Answer<'likes', 'track'>>;
}

export function createPlayerApi(transport: Transport): PlayerApi {
  const api = apiClient(transport);
  return {
    getSet: (id) => api.sets.detail({ params: { id } }),
    getQueue: () => api.queue.list(),
    addToQueue: (userId, setId) => api.queue.add({ body: { user_id: userId, set_meta_id: setId } }),
    updateQueueItem: (body) => api.queue.update({ body }),
    removeQueueItem: async (id) => {
      await api.queue.remove({ params: { id } });
    },
    clearQueue: async () => {
      await api.queue.clear();
    },
    newCurrent: (body) => api.queue.newCurrent({ body }),
    nextInQueue: async () => (await api.queue.next()) ?? null,
    savePlay: async (body, options) => {
      await api.plays.save({ body, ...(options?.keepalive ? { keepalive: true, retry: false } : {}) });
    },
    lastPlayed: async () => (await api.plays.last()) ?? null,
    trackPlayTarget: (trackId) => api.tracks.playTarget({ params: { track_id: trackId } }),
    likeMoment: (body) => api.likes.moment({ body }),
    likeSet: (setId) => api.likes.set({ params: { id: setId } }),
    likeTrack: (trackId) => api.likes.track({ params: { trackId } }),
  };
}
