// The player's fakes: a PlayerApi that records every call over an in-memory queue and set table, and
// an audio element (the component and store tests run in jsdom, which has no media playback).
import type { SetDetail } from '@cratedig/contract/catalogue-api';
import type { PlayedSet } from '@cratedig/contract/moments-api';
import type { QueueItem } from '@cratedig/contract/queue';
import type { QueryClient } from '@tanstack/react-query';
import { ApiError } from '../api/api-error';
import type { PlayerApi } from '../features/player';
import { PlayerStore } from '../features/player';
import { enqueueSnackbar } from '../lib/toast';
import { makeQueue } from './factories';

export type Call = [method: keyof PlayerApi, ...args: unknown[]];

export const unauthorised = () =>
  new ApiError({ status: 401, kind: 'http', message: 'Authentication required' });

/** The queue renumbered 1..n with `played` as the server derives it (the items before the current one). */
function asServer(queue: QueueItem[]): QueueItem[] {
  const current = queue.findIndex((item) => item.is_current);
  return queue.map((item, index) => ({
    ...item,
    order: index + 1,
    played: current >= 0 && index < current,
  }));
}

/**
 * A PlayerApi over an in-memory queue and set table that records its calls and answers as the
 * server does. `fail` makes the next call of a method throw the given error once; `lastPlayed` is
 * what GET /plays/last answers (null: nothing played yet).
 */
export function recordingApi(sets: SetDetail[], queue: QueueItem[] = []) {
  const calls: Call[] = [];
  const failures = new Map<keyof PlayerApi, unknown>();
  let items = asServer(queue);
  let lastPlayed: PlayedSet | null = null;
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
      items = asServer([...items, item]);
      return items.at(-1) as QueueItem;
    },
    updateQueueItem: async (body) => {
      record('updateQueueItem', body);
      const moved = items.find((item) => item.id === body.id);
      const rest = items.filter((item) => item.id !== body.id);
      if (moved) rest.splice(body.order - 1, 0, moved);
      items = asServer(rest);
      if (moved && body.is_current)
        items = asServer(items.map((i) => ({ ...i, is_current: i.id === moved.id })));
      return items;
    },
    removeQueueItem: async (id) => {
      record('removeQueueItem', id);
      items = asServer(items.filter((item) => item.id !== id));
    },
    clearQueue: async () => {
      record('clearQueue');
      items = [];
    },
    newCurrent: async (body) => {
      record('newCurrent', body);
      // As the server: the set lands right after the item that was current (inserted when not
      // queued; an item from before the current one lands where the current one ends up).
      const current = items.findIndex((item) => item.is_current);
      const at = items.findIndex((item) => item.set_meta_id === body.set_meta_id);
      if (at < 0 || at !== current) {
        const item = at >= 0 ? (items[at] as QueueItem) : (makeQueue([body.set_meta_id])[0] as QueueItem);
        const rest = items.filter((entry) => entry.id !== item.id);
        // Indexes in `rest`, the queue without the item.
        const place = current < 0 ? 0 : at >= 0 && at < current ? current : current + 1;
        rest.splice(Math.min(place, rest.length), 0, item);
        items = asServer(rest.map((entry) => ({ ...entry, is_current: entry.id === item.id })));
      }
      return items;
    },
    nextInQueue: async () => {
      record('nextInQueue');
      const index = items.findIndex((item) => item.is_current);
      const next = items[index + 1];
      if (!next) return null;
      items = asServer(items.map((item) => ({ ...item, is_current: item.id === next.id })));
      return items.find((item) => item.is_current) as QueueItem;
    },
    savePlay: async (body, options) => {
      if (options?.keepalive) record('savePlay', body, options);
      else record('savePlay', body);
    },
    lastPlayed: async () => {
      record('lastPlayed');
      return lastPlayed;
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
    setLastPlayed: (played: PlayedSet | null) => {
      lastPlayed = played;
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

/**
 * A player store on a FakeAudio and a recording PlayerApi; its toasts go to notistack. It keeps the
 * queue in `queryClient`, which must be the one the rendered providers use.
 */
export function createTestPlayer(sets: SetDetail[], queue: QueueItem[], queryClient: QueryClient) {
  const backend = recordingApi(sets, queue);
  const audio = new FakeAudio();
  const store = new PlayerStore({
    api: backend.api,
    audio: audio.asElement(),
    queryClient,
    storage: null,
    notify: (message, variant) => {
      enqueueSnackbar(message, { variant });
    },
    isVisible: () => true,
  });
  return { store, backend, audio };
}
