// The player's calls (the queue, plays and resume, POST /set-likes and the two PUT …/likes), typed
// from the contract. The store takes this interface, so component tests can record the calls.
import type { SetDetail } from '@cratedig/contract/catalogue-api';
import type { PlayedSet } from '@cratedig/contract/moments-api';
import type {
  PlayBody,
  QueueList,
  QueueNewCurrentBody,
  QueueUpdateBody,
  SetLikeBody,
  SetLikeResponse,
} from '@cratedig/contract/player-api';
import type { QueueItem } from '@cratedig/contract/queue';
import type { SetUserFav } from '@cratedig/contract/set';
import type { TrackPlayTarget, TrackUserFav } from '@cratedig/contract/track';
import type { Transport } from '../../api/transport';

export interface PlayerApi {
  getSet(id: number): Promise<SetDetail>;
  getQueue(): Promise<QueueList>;
  addToQueue(userId: number, setId: number): Promise<QueueItem>;
  updateQueueItem(body: QueueUpdateBody): Promise<QueueList>;
  removeQueueItem(id: number): Promise<void>;
  clearQueue(): Promise<void>;
  newCurrent(body: QueueNewCurrentBody): Promise<QueueItem>;
  /** PUT /queue/next: the new current item, or null at the end of the queue (204). */
  nextInQueue(): Promise<QueueItem | null>;
  /** keepalive: the request outlives the page (the save made as the page is left). */
  savePlay(body: PlayBody, options?: { keepalive?: boolean }): Promise<void>;
  /** GET /plays/last: the set the user last played and where; null when there is none (204). */
  lastPlayed(): Promise<PlayedSet | null>;
  trackPlayTarget(trackId: number): Promise<TrackPlayTarget>;
  likeMoment(body: SetLikeBody): Promise<SetLikeResponse>;
  likeSet(setId: number): Promise<SetUserFav>;
  likeTrack(trackId: number): Promise<TrackUserFav>;
}

export function createPlayerApi(transport: Transport): PlayerApi {
  return {
    getSet: (id) => transport.get<SetDetail>(`/sets/${id}`),
    getQueue: () => transport.get<QueueList>('/queue'),
    addToQueue: (userId, setId) =>
      transport.post<QueueItem>('/queue', { body: { user_id: userId, set_meta_id: setId } }),
    updateQueueItem: (body) => transport.put<QueueList>('/queue', { body }),
    removeQueueItem: async (id) => {
      await transport.delete(`/queue/${id}`);
    },
    clearQueue: async () => {
      await transport.delete('/queue');
    },
    newCurrent: (body) => transport.put<QueueItem>('/queue/new-current', { body }),
    nextInQueue: async () => (await transport.put<QueueItem | undefined>('/queue/next')) ?? null,
    savePlay: async (body, options) => {
      await transport.put('/plays', {
        body,
        ...(options?.keepalive ? { keepalive: true, retry: false } : {}),
      });
    },
    lastPlayed: async () => (await transport.get<PlayedSet | undefined>('/plays/last')) ?? null,
    trackPlayTarget: (trackId) => transport.get<TrackPlayTarget>(`/set_tracks/play/${trackId}`),
    likeMoment: (body) => transport.post<SetLikeResponse>('/set-likes', { body }),
    likeSet: (setId) => transport.put<SetUserFav>(`/favs/set/${setId}/likes`),
    likeTrack: (trackId) => transport.put<TrackUserFav>(`/favs/track/${trackId}/likes`),
  };
}
