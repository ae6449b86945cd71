// The player's fakes: a PlayerApi that records every call over an in-memory queue and set table, and
// an audio element (the component and store tests run in jsdom, which has no media playback).
import type { SetDetail } from '@cratedig/contract/catalogue-api';
import type { QueueItem } from '@cratedig/contract/queue';
import { enqueueSnackbar } from 'notistack';
import { ApiError } from '../api/api-error';
import type { PlayerApi } from '../features/player';
import { PlayerStore } from '../features/player';
import { makeQueue } from './factories';

export type Call = [method: keyof PlayerApi, ...args: unknown[]];

export const unauthorised = () =>
  new ApiError({ status: 401, kind: 'http', message: 'Authentication required' });

/**
 * A PlayerApi over an in-memory queue and set table that records its calls. `fail` makes the next
 * call of a method throw the given error once.
 */
export function recordingApi(sets: SetDetail[], queue: QueueItem[] = []) {
  const calls: Call[] = [];
  const failures = new Map<keyof PlayerApi, unknown>();
  let items = queue;
  const record = (method: keyof PlayerApi, ...args: unknown[]) => {
    calls.push([method, ...args]);
    const failure = failures.get(method);
    if (failure !== undefined) {
      failures.delete(method);
      throw failure;
    }
  };
  const findSet = (id: number) => {
    const set = sets.find((entry) => entry.id === id);
    if (!set) throw new ApiError({ status: 404, kind: 'http', message: 'Set not found' });
    return set;
  };
  const api: PlayerApi = {
    getSet: async (id) => {
      record('getSet', id);
      return findSet(id);
    },
    getQueue: async () => {
      record('getQueue');
      return items;
    },
    addToQueue: async (userId, setId) => {
      record('addToQueue', userId, setId);
      const item = makeQueue([setId])[0] as QueueItem;
      items = [...items, { ...item, order: items.length + 1 }];
      return item;
    },
    updateQueueItem: async (body) => {
      record('updateQueueItem', body);
      const moved = items.find((item) => item.id === body.id);
      const rest = items.filter((item) => item.id !== body.id);
      if (moved) rest.splice(body.order - 1, 0, moved);
      items = rest.map((item, index) => ({ ...item, order: index + 1 }));
      return items;
    },
    removeQueueItem: async (id) => {
      record('removeQueueItem', id);
      items = items.filter((item) => item.id !== id);
    },
    clearQueue: async () => {
      record('clearQueue');
      items = [];
    },
    newCurrent: async (body) => {
      record('newCurrent', body);
      items = items.map((item) => ({ ...item, is_current: item.set_meta_id === body.set_meta_id }));
      return items.find((item) => item.is_current) as QueueItem;
    },
    nextInQueue: async () => {
      record('nextInQueue');
      const index = items.findIndex((item) => item.is_current);
      const next = items[index + 1];
      if (!next) return null;
      items = items.map((item) => ({ ...item, is_current: item.id === next.id }));
      return { ...next, is_current: true };
    },
    savePlay: async (body) => {
      record('savePlay', body);
    },
    trackPlayTarget: async (trackId) => {
      record('trackPlayTarget', trackId);
      const setTrack = sets.flatMap((set) => set.set_tracks).find((entry) => entry.track_meta_id === trackId);
      if (!setTrack) throw new ApiError({ status: 404, kind: 'http', message: 'Track not found' });
      return { set_meta_id: setTrack.set_meta_id, start_time: setTrack.start_time };
    },
    likeMoment: async (body) => {
      record('likeMoment', body);
      return { likes: 1 };
    },
    likeSet: async (setId) => {
      record('likeSet', setId);
      return { is_fav: false, show_likes: true, user_likes: 1, current_timestamp: 0 };
    },
    likeTrack: async (trackId) => {
      record('likeTrack', trackId);
      return { is_fav: false, show_likes: true, user_likes: 1, is_purchased: false };
    },
  };
  return {
    api,
    calls,
    callsOf: (method: keyof PlayerApi) =>
      calls.filter((call) => call[0] === method).map((call) => call.slice(1)),
    fail: (method: keyof PlayerApi, error: unknown) => failures.set(method, error),
    get queue() {
      return items;
    },
  };
}

/**
 * The media-element behaviour the store relies on, for unit tests: jsdom implements neither play()
 * nor pause(). Real playback is covered by the Playwright journeys (e2e/player.spec.ts).
 */
export class FakeAudio extends EventTarget {
  src = '';
  currentTime = 0;
  duration = Number.NaN;
  paused = true;
  ended = false;
  volume = 1;
  preload = '';
  error: { code: number } | null = null;

  async play() {
    if (!this.src) throw new DOMException('no source', 'NotSupportedError');
    this.ended = false;
    if (!this.paused) return;
    this.paused = false;
    this.dispatchEvent(new Event('play'));
  }

  pause() {
    if (this.paused) return;
    this.paused = true;
    this.dispatchEvent(new Event('pause'));
  }

  load() {}

  removeAttribute(name: string) {
    if (name === 'src') this.src = '';
  }

  /** Plays on for `seconds` (call beside vi.advanceTimersByTime). */
  advance(seconds: number) {
    if (!this.paused) this.currentTime += seconds;
  }

  /** The media reached its end: the element pauses, then fires ended (HTML media spec order). */
  end() {
    this.currentTime = Number.isFinite(this.duration) ? this.duration : this.currentTime;
    this.ended = true;
    this.paused = true;
    this.dispatchEvent(new Event('pause'));
    this.dispatchEvent(new Event('ended'));
  }

  fail(code = 2) {
    this.error = { code };
    this.dispatchEvent(new Event('error'));
  }

  /** The element as the store's type: it only uses the members above. */
  asElement(): HTMLAudioElement {
    return this as unknown as HTMLAudioElement;
  }
}

/** A player store on a FakeAudio and a recording PlayerApi; its toasts go to notistack. */
export function createTestPlayer(sets: SetDetail[], queue: QueueItem[] = []) {
  const backend = recordingApi(sets, queue);
  const audio = new FakeAudio();
  const store = new PlayerStore({
    api: backend.api,
    audio: audio.asElement(),
    notify: (message, variant) => {
      enqueueSnackbar(message, { variant });
    },
    isVisible: () => true,
  });
  return { store, backend, audio };
}
