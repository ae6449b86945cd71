import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createAuthEvents } from '../../api/auth-events';
import { makeQueue, makeSet } from '../../test/factories';
import { FakeAudio, recordingApi, unauthorised } from '../../test/player-fakes';
import { PlayerStore } from './player-store';
import { cachedQueue } from './queue-endpoints';
import { VOLUME_KEY } from './remembered-volume';

/** An in-memory localStorage. */
function memoryStorage(values: Record<string, string> = {}) {
  const map = new Map(Object.entries(values));
  return {
    getItem: (key: string) => map.get(key) ?? null,
    setItem: (key: string, value: string) => void map.set(key, value),
    values: map,
  };
}

function setup(
  options: {
    queue?: ReturnType<typeof makeQueue>;
    resumeAt?: number;
    storage?: ReturnType<typeof memoryStorage>;
    page?: { window: EventTarget; document: EventTarget & { visibilityState: string } };
  } = {},
) {
  const sets = [
    makeSet(1, {
      user_fav: { is_fav: false, show_likes: false, user_likes: 0, current_timestamp: options.resumeAt ?? 0 },
    }),
    makeSet(2),
    makeSet(3),
  ];
  const backend = recordingApi(sets, options.queue ?? []);
  const audio = new FakeAudio();
  const events = createAuthEvents();
  const notify = vi.fn();
  const queryClient = new QueryClient();
  const store = new PlayerStore({
    queryClient,
    api: backend.api,
    audio: audio.asElement(),
    events,
    notify,
    isVisible: () => true,
    storage: options.storage ?? memoryStorage(),
    page: options.page ?? null,
  });
  store.setUser(7);
  return { store, backend, audio, events, notify, queryClient };
}

/** The queue as the UI shows it: each set with (played) / (current) as the server marks it. */
function shown(queryClient: QueryClient): string[] {
  return cachedQueue(queryClient).map(
    (item) => `${item.set_meta_id}${item.played ? ' played' : ''}${item.is_current ? ' current' : ''}`,
  );
}

// Lets the awaited fake API calls and their continuations run.
const settle = () => vi.advanceTimersByTimeAsync(0);

describe('the player store', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('plays a set from the start, and resumes another from its saved current_timestamp', async () => {
    const { store, audio } = setup({ resumeAt: 420 });
    await store.play(2);
    expect(store.getState()).toMatchObject({ playing: true, progress: 0 });
    expect(store.getState().set?.id).toBe(2);
    await store.play(1);
    expect(audio.currentTime).toBe(420);
    expect(store.getState().track?.track_position).toBe(2);
  });

  it('playSetFrom starts a set at a position, switches sets, and seekTo moves the loaded set', async () => {
    const { store, audio } = setup({ resumeAt: 420 });
    store.seekTo(100);
    expect(store.getState().set).toBeNull();
    await store.playSetFrom(makeSet(1), 30);
    expect(audio.currentTime).toBe(30);
    await store.playSetFrom(2, 610);
    expect(store.getState()).toMatchObject({ playing: true, progress: 610 });
    expect(store.getState().set?.id).toBe(2);
    store.seekTo(5_000);
    expect(audio.currentTime).toBe(900);
    store.seekTo(12);
    expect(store.getState().track?.track_position).toBe(1);
  });

  it('switching sets pauses the old one before the new one loads', async () => {
    const { store, audio } = setup();
    await store.play(1);
    const events: string[] = [];
    audio.addEventListener('pause', () => events.push(`pause ${store.getState().set?.id}`));
    audio.addEventListener('play', () => events.push(`play ${store.getState().set?.id}`));
    await store.play(2);
    expect(events).toEqual(['pause 1', 'play 2']);
  });

  it('ticks the progress every second while playing', async () => {
    const { store, audio } = setup();
    await store.play(1);
    audio.advance(1);
    expect(store.getState().progress).toBe(0);
    vi.advanceTimersByTime(1_000);
    expect(store.getState().progress).toBe(1);
  });

  it('previous and next jump to the neighbouring set track start', async () => {
    const { store, audio } = setup();
    await store.play(1, 350);
    store.step('next');
    expect(audio.currentTime).toBe(600);
    expect(store.getState().track?.track_position).toBe(3);
    store.step('previous');
    expect(audio.currentTime).toBe(300);
    store.step('previous');
    expect(audio.currentTime).toBe(0);
  });

  it('saves the position when playback starts, every 30 s, and when it pauses', async () => {
    const { store, audio, backend } = setup();
    await store.play(1, 100);
    await settle();
    expect(backend.callsOf('savePlay')).toEqual([[{ set_meta_id: 1, current_timestamp: 100 }]]);
    audio.advance(30);
    await vi.advanceTimersByTimeAsync(30_000);
    expect(backend.callsOf('savePlay').at(-1)).toEqual([{ set_meta_id: 1, current_timestamp: 130 }]);
    audio.advance(5);
    store.pause();
    await settle();
    expect(backend.callsOf('savePlay')).toHaveLength(3);
    expect(backend.callsOf('savePlay').at(-1)).toEqual([{ set_meta_id: 1, current_timestamp: 135 }]);
    await vi.advanceTimersByTimeAsync(120_000);
    expect(backend.callsOf('savePlay')).toHaveLength(3);
  });

  it('a reload or a hidden tab saves the position at once, in a request that outlives the page', async () => {
    const page = {
      window: new EventTarget(),
      document: Object.assign(new EventTarget(), { visibilityState: 'visible' }),
    };
    const { store, audio, backend } = setup({ page });
    await store.play(1, 100);
    await settle();
    audio.advance(22.6);
    page.window.dispatchEvent(new Event('pagehide'));
    await settle();
    expect(backend.callsOf('savePlay').at(-1)).toEqual([
      { set_meta_id: 1, current_timestamp: 122 },
      { keepalive: true },
    ]);
    audio.advance(10);
    page.document.visibilityState = 'hidden';
    page.document.dispatchEvent(new Event('visibilitychange'));
    await settle();
    expect(backend.callsOf('savePlay').at(-1)).toEqual([
      { set_meta_id: 1, current_timestamp: 132 },
      { keepalive: true },
    ]);
    // Paused, the pause saved already: leaving sends nothing more.
    store.pause();
    await settle();
    const saves = backend.callsOf('savePlay').length;
    page.window.dispatchEvent(new Event('pagehide'));
    await settle();
    expect(backend.callsOf('savePlay')).toHaveLength(saves);
  });

  it('a seek while playing saves the new position at once and restarts the 30 s count', async () => {
    const { store, audio, backend } = setup();
    await store.play(1, 0);
    await vi.advanceTimersByTimeAsync(20_000);
    audio.currentTime = 600;
    audio.dispatchEvent(new Event('seeked'));
    await settle();
    expect(backend.callsOf('savePlay').at(-1)).toEqual([{ set_meta_id: 1, current_timestamp: 600 }]);
    const saves = backend.callsOf('savePlay').length;
    await vi.advanceTimersByTimeAsync(20_000);
    expect(backend.callsOf('savePlay')).toHaveLength(saves);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(backend.callsOf('savePlay')).toHaveLength(saves + 1);
  });

  it('when a queued set ends, resets progress, asks for the next item and plays it', async () => {
    const { store, audio, backend } = setup({ queue: makeQueue([1, 2, 3], 1) });
    await store.loadQueue();
    await store.play(1);
    audio.end();
    expect(store.getState()).toMatchObject({ playing: false, progress: 0 });
    await settle();
    expect(backend.callsOf('nextInQueue')).toHaveLength(1);
    expect(store.getState()).toMatchObject({ playing: true });
    expect(store.getState().set?.id).toBe(2);
    // the finished set resumes from its start next time
    expect(backend.callsOf('savePlay')).toContainEqual([{ set_meta_id: 1, current_timestamp: 0 }]);
  });

  it('when a set outside the queue ends, reloads the queue and starts its current item', async () => {
    const { store, audio, backend } = setup({ queue: makeQueue([2, 3], 3) });
    // A played set joins the queue; it stays outside only when that call failed.
    backend.fail('newCurrent', new Error('offline'));
    await store.play(1);
    audio.end();
    await settle();
    expect(backend.callsOf('nextInQueue')).toHaveLength(0);
    expect(backend.callsOf('getQueue').length).toBeGreaterThan(0);
    expect(store.getState().set?.id).toBe(3);
    expect(store.getState().playing).toBe(true);
  });

  it('stays stopped when the last queued set ends', async () => {
    const { store, audio } = setup({ queue: makeQueue([1], 1) });
    await store.loadQueue();
    await store.play(1);
    audio.end();
    await settle();
    expect(store.getState()).toMatchObject({ playing: false, progress: 0 });
  });

  it('after an audio error (an expired link) fetches the set again and resumes at the same second', async () => {
    const { store, audio, backend } = setup();
    await store.play(1, 500);
    audio.advance(12);
    vi.advanceTimersByTime(1_000);
    audio.pause();
    audio.fail();
    await settle();
    expect(backend.callsOf('getSet')).toEqual([[1], [1]]);
    expect(audio.currentTime).toBe(512);
  });

  it('likes the moment: set-likes, then the set and the track into the likes, a toast and the cache', async () => {
    const { store, backend, notify, queryClient } = setup();
    const setKey = ['a page showing set 1'];
    const trackKey = ['a page showing track 102'];
    const otherKey = ['a page showing set 2'];
    queryClient.setQueryData(setKey, makeSet(1));
    queryClient.setQueryData(trackKey, makeSet(1).set_tracks?.[1]?.track_meta);
    queryClient.setQueryData(otherKey, makeSet(2));
    await store.play(1, 320);
    await store.likeMoment();
    expect(backend.callsOf('likeMoment')).toEqual([[{ set_meta_id: 1, set_timestamp: 320 }]]);
    expect(backend.callsOf('likeSet')).toEqual([[1]]);
    expect(backend.callsOf('likeTrack')).toEqual([[102]]);
    expect(notify).toHaveBeenCalledWith('Track 102 has been saved to your likes!', 'success');
    // The pages showing the set or the liked track refetch them; the others are left alone.
    expect(queryClient.getQueryState(setKey)?.isInvalidated).toBe(true);
    expect(queryClient.getQueryState(trackKey)?.isInvalidated).toBe(true);
    expect(queryClient.getQueryState(otherKey)?.isInvalidated).toBe(false);
  });

  it('an unauthorised like says so and is retried, for the same moment, when the token is refreshed', async () => {
    const { store, backend, notify, events, audio } = setup();
    await store.play(1, 10);
    backend.fail('likeMoment', unauthorised());
    await store.likeMoment();
    expect(notify).toHaveBeenCalledWith('Authentication expired, refreshing...', 'warning');
    expect(store.flaggedCount).toBe(1);
    audio.currentTime = 200;
    events.emit('tokenRefreshed', { accessToken: 'fresh' });
    await settle();
    expect(backend.callsOf('likeMoment')).toEqual([
      [{ set_meta_id: 1, set_timestamp: 10 }],
      [{ set_meta_id: 1, set_timestamp: 10 }],
    ]);
    expect(notify).toHaveBeenCalledWith('Track 101 has been saved to your likes!', 'success');
  });

  it('any other like failure shows the failure toast', async () => {
    const { store, backend, notify } = setup();
    await store.play(1);
    backend.fail('likeSet', new Error('boom'));
    await store.likeMoment();
    expect(notify).toHaveBeenCalledWith('Failed to like track', 'error');
  });

  it('an unauthorised play is retried when the token is refreshed', async () => {
    const { store, backend, events } = setup();
    backend.fail('getSet', unauthorised());
    await store.play(2);
    expect(store.getState().set).toBeNull();
    events.emit('tokenRefreshed', { accessToken: 'fresh' });
    await settle();
    expect(store.getState().set?.id).toBe(2);
    expect(store.getState().playing).toBe(true);
  });

  it('adding to the queue shows the docs/player.md messages', async () => {
    const { store, backend, notify, queryClient } = setup();
    await store.addToQueue(2);
    expect(notify).toHaveBeenLastCalledWith('Set added to queue!', 'success');
    expect(cachedQueue(queryClient).map((item) => item.set_meta_id)).toEqual([2]);
    backend.fail('addToQueue', Object.assign(unauthorised(), { status: 404 }));
    await store.addToQueue(2);
    expect(notify).toHaveBeenLastCalledWith('This set is already in the queue.', 'info');
    backend.fail('addToQueue', new Error('down'));
    await store.addToQueue(3);
    expect(notify).toHaveBeenLastCalledWith('Something went wrong, please try again!', 'error');
  });

  it('playing a queued set makes it the current queue item', async () => {
    const { store, backend, queryClient } = setup({ queue: makeQueue([1, 2, 3], 1) });
    await store.loadQueue();
    await store.play(3);
    await settle();
    expect(backend.callsOf('newCurrent')).toEqual([[{ user_id: 7, set_meta_id: 3, is_current: true }]]);
    expect(cachedQueue(queryClient).find((item) => item.is_current)?.set_meta_id).toBe(3);
    // the answer is the queue: it is not asked for again
    expect(backend.callsOf('getQueue')).toHaveLength(1);
  });

  it('reset (logout) pauses, forgets the set and the queue, and stops saving', async () => {
    const { store, audio, backend, queryClient } = setup({ queue: makeQueue([1, 2]) });
    await store.loadQueue();
    await store.play(1);
    store.reset();
    expect(audio.paused).toBe(true);
    expect(store.getState()).toMatchObject({ set: null, playing: false });
    expect(cachedQueue(queryClient)).toEqual([]);
    const saves = backend.callsOf('savePlay').length;
    await vi.advanceTimersByTimeAsync(90_000);
    expect(backend.callsOf('savePlay')).toHaveLength(saves);
  });

  it('Play on a set that is not queued makes it current right after the current item', async () => {
    const { store, queryClient } = setup({ queue: makeQueue([1, 2], 1) });
    await store.loadQueue();
    await store.play(3);
    expect(shown(queryClient)).toEqual(['1 played', '3 current', '2']);
  });

  it('playing an item from the queue never marks a set not yet played as played', async () => {
    const { store, queryClient } = setup({ queue: makeQueue([1, 2, 3], 1) });
    await store.loadQueue();
    await store.play(2);
    expect(shown(queryClient)).toEqual(['1 played', '2 current', '3']);
    await store.play(1);
    expect(shown(queryClient)).toEqual(['2 played', '1 current', '3']);
  });

  it('the end of a set plays the item after it, not an older current one', async () => {
    const { store, audio, queryClient } = setup({ queue: makeQueue([2, 3], 2) });
    await store.loadQueue();
    await store.play(1);
    expect(shown(queryClient)).toEqual(['2 played', '1 current', '3']);
    audio.end();
    await settle();
    expect(store.getState().set?.id).toBe(3);
    expect(shown(queryClient)).toEqual(['2 played', '1 played', '3 current']);
  });

  it('after a reload shows the last played set paused at its saved position, and Play resumes it', async () => {
    const { store, backend, audio } = setup({ queue: makeQueue([3, 2], 3) });
    backend.setLastPlayed({
      set_meta: makeSet(1),
      current_timestamp: 388,
      played_dt: '2026-11-24T10:00:00Z',
      track: null,
    });
    const restoring = store.restoreLastPlayed();
    // Until the answer is in, the player shows a placeholder, never 'Nothing playing'.
    expect(store.getState()).toMatchObject({ set: null, restoring: true });
    await restoring;
    expect(store.getState()).toMatchObject({ playing: false, progress: 388, restoring: false });
    expect(store.getState().set?.id).toBe(1);
    expect(store.getState().track?.track_position).toBe(2);
    expect(audio.paused).toBe(true);
    await store.toggle();
    expect(store.getState()).toMatchObject({ playing: true });
    expect(store.getState().set?.id).toBe(1);
    expect(audio.currentTime).toBe(388);
  });

  it('a user with nothing played before ends up with the empty player, not a lasting placeholder', async () => {
    const { store } = setup();
    await store.restoreLastPlayed();
    expect(store.getState()).toMatchObject({ set: null, restoring: false });
  });

  it('a set chosen while the last played one loads wins', async () => {
    const { store, backend } = setup();
    backend.setLastPlayed({
      set_meta: makeSet(1),
      current_timestamp: 60,
      played_dt: '2026-11-24T10:00:00Z',
      track: null,
    });
    const restoring = store.restoreLastPlayed();
    await store.play(2);
    await restoring;
    expect(store.getState().set?.id).toBe(2);
    expect(store.getState().playing).toBe(true);
  });

  it('remembers the volume for the next page load', async () => {
    const storage = memoryStorage();
    const first = setup({ storage });
    first.store.setVolume(0.3);
    expect(storage.values.get(VOLUME_KEY)).toBe('0.3');
    const next = setup({ storage });
    expect(next.store.getState().volume).toBe(0.3);
    expect(next.audio.volume).toBe(0.3);
    expect(setup({ storage: memoryStorage({ [VOLUME_KEY]: 'loud' }) }).store.getState().volume).toBe(1);
  });

  it('remembers the volume rounded to hundredths, as the slider shows it', () => {
    const storage = memoryStorage();
    const { store } = setup({ storage });
    store.setVolume(1 - 0.1 - 0.1 - 0.1);
    expect(store.getState().volume).toBe(0.7);
    expect(storage.values.get(VOLUME_KEY)).toBe('0.7');
    expect(
      setup({ storage: memoryStorage({ [VOLUME_KEY]: '0.7000000000000001' }) }).store.getState().volume,
    ).toBe(0.7);
  });
});
