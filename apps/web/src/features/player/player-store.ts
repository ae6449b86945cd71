// The player: one shared audio element and the state every player control reads. A plain store
// (subscribe/getState) rather than React state, so it outlives any page, any layout re-render, and
// can be driven the same way by the bottom player, the set page, the Media Session and the keyboard.
// React reads it through useSyncExternalStore (player-context.tsx). Its parts: playback (the audio,
// the position and its rules: playback.ts, the base class), the queue (server state in the query
// cache, player-queue.ts), moment likes (moment-likes.ts) and the retry of unauthorised calls once
// the session is refreshed (api/retry-after-refresh.ts). This file decides which set plays.
import type { SetDetail } from '@cratedig/contract/catalogue-api';
import type { QueueItem } from '@cratedig/contract/queue';
import type { QueryClient } from '@tanstack/react-query';
import type { AuthEvents } from '../../api/auth-events';
import { createRetryAfterRefresh, type RetryAfterRefresh } from '../../api/retry-after-refresh';
import { likeMoment, type MomentLikeDeps } from './moment-likes';
import { Playback, type PlaybackOptions } from './playback';
import type { PlayerApi } from './player-api';
import { type Notify, PlayerQueue } from './player-queue';
import { endOfSetStep, queueStartItem, type Timers } from './player-rules';
import type { VolumeStorage } from './remembered-volume';

export type { PlayerState } from './playback';
export type { Notify } from './player-queue';

export interface PlayerDeps {
  api: PlayerApi;
  audio: HTMLAudioElement;
  /** tokenRefreshed retries the unauthorised like/play requests. */
  events?: AuthEvents;
  notify: Notify;
  /** The server-state cache: it holds the queue, and a moment like marks its set and track stale. */
  queryClient: QueryClient;
  isVisible?: () => boolean;
  timers?: Timers;
  now?: () => number;
  /** Where the volume is remembered; default localStorage. */
  storage?: VolumeStorage | null;
  /** Whose pagehide / hidden tab saves the position; default the window and document. */
  page?: PlaybackOptions['page'];
}

// A broken link that keeps failing must not loop: one refetch of the set per this many ms.
const AUDIO_RECOVERY_GAP_MS = 10_000;

export class PlayerStore extends Playback {
  private readonly queue: PlayerQueue;
  /** Requests that got a final 401, run again when the token manager says it refreshed. */
  private readonly retries: RetryAfterRefresh;
  private readonly likes: MomentLikeDeps;
  private lastRecovery = Number.NEGATIVE_INFINITY;
  /** Bumped by every set switch and reset, so a late answer for an old request is dropped. */
  private generation = 0;

  constructor(private readonly deps: PlayerDeps) {
    super({ audio: deps.audio, storage: deps.storage, timers: deps.timers, page: deps.page });
    this.queue = new PlayerQueue(deps.api, deps.queryClient, deps.notify);
    this.retries = createRetryAfterRefresh(deps.events);
    this.likes = {
      api: deps.api,
      client: deps.queryClient,
      notify: deps.notify,
      retries: this.retries,
      playing: () => ({ set: this.getState().set, second: Math.floor(deps.audio.currentTime) }),
      isVisible: () => (deps.isVisible ? deps.isVisible() : document.visibilityState === 'visible'),
    };
  }

  /** The calls the player makes (the queue's query reads through it too). */
  get api(): PlayerApi {
    return this.deps.api;
  }

  /** The signed-in user, sent as user_id in queue calls (the server checks it against the token). */
  setUser(userId: number | null) {
    this.queue.userId = userId;
  }

  /** Stops listening to the audio element and the auth events (tests; the app's player lives on). */
  override dispose() {
    super.dispose();
    this.retries.dispose();
  }

  /**
   * Plays set `setId`: another set pauses first and is replaced; without `startAt` the set resumes
   * from its saved current_timestamp when above 0. The same set just seeks (if asked) and plays. The
   * set becomes the queue's current item.
   */
  async play(setId: number, startAt?: number): Promise<void> {
    if (this.getState().set?.id === setId && this.audio.src) {
      if (startAt !== undefined) this.seek(startAt);
      await this.start();
      void this.queue.markCurrent(setId);
      return;
    }
    this.pause();
    const generation = ++this.generation;
    let set: SetDetail;
    try {
      set = await this.deps.api.getSet(setId);
    } catch (error) {
      if (generation !== this.generation) return;
      this.retries.retryIfUnauthorised(`play:${setId}`, error, () => void this.play(setId, startAt));
      console.error('loading the set to play failed', error);
      return;
    }
    if (generation !== this.generation) return;
    // Resume from the saved current_timestamp when it is above 0.
    const start = startAt ?? Math.max(set.user_fav?.current_timestamp ?? 0, 0);
    this.load(set, start);
    await this.start();
    await this.queue.markCurrent(setId);
  }

  /**
   * Plays `set` from `seconds`: starts it, switches to it from another set, or seeks within it when
   * it is the loaded set already.
   */
  playSetFrom(set: number | { id: number }, seconds: number): Promise<void> {
    return this.play(typeof set === 'number' ? set : set.id, Math.max(0, seconds));
  }

  /**
   * Plays the set GET /set_tracks/play/{id} names, from the track's start_time. Resolves true once
   * playback was asked for; an unauthorised answer is retried after the refresh.
   */
  async playTrack(trackId: number): Promise<boolean> {
    try {
      const target = await this.deps.api.trackPlayTarget(trackId);
      await this.play(target.set_meta_id, target.start_time);
      return true;
    } catch (error) {
      this.retries.retryIfUnauthorised(`track:${trackId}`, error, () => void this.playTrack(trackId));
      console.error('finding where to play the track failed', error);
      return false;
    }
  }

  /** Play/pause: the loaded set resumes; with nothing loaded the queue's current item (or first) starts. */
  async toggle(): Promise<void> {
    const set = this.getState().set;
    if (!set) {
      const queue = this.queue.items().length > 0 ? this.queue.items() : await this.queue.load();
      const item = queueStartItem(queue);
      if (item) await this.play(item.set_meta_id);
      return;
    }
    if (!this.audio.paused) {
      this.pause();
      return;
    }
    await this.start();
    void this.queue.markCurrent(set.id);
  }

  /**
   * After a reload (or on another device) the player shows the set the user last played, paused at
   * the saved position, so Play resumes it (GET /plays/last). A set chosen meanwhile wins.
   */
  async restoreLastPlayed(): Promise<void> {
    if (this.getState().set) return;
    const generation = this.generation;
    const stale = () => generation !== this.generation || this.getState().set !== null;
    // Until it is known, the player shows a placeholder rather than 'Nothing playing'.
    this.setRestoring(true);
    try {
      const last = await this.deps.api.lastPlayed();
      if (!last || stale()) return;
      const set = await this.deps.api.getSet(last.set_meta.id);
      if (stale()) return;
      this.load(set, last.current_timestamp);
    } catch (error) {
      console.warn('restoring the last played set failed', error);
    } finally {
      if (generation === this.generation) this.setRestoring(false);
    }
  }

  /**
   * When a set ends: if it is in the queue the next item is requested (PUT /queue/next) and plays,
   * otherwise the queue is reloaded and started (its current item, or the first).
   */
  protected async onSetEnded(ended: SetDetail) {
    const generation = this.generation;
    try {
      if (endOfSetStep(ended.id, this.queue.items()).kind === 'advance') {
        const next = await this.queue.next();
        if (generation !== this.generation) return;
        if (next) await this.play(next.set_meta_id);
      } else {
        const queue = await this.queue.load();
        if (generation !== this.generation) return;
        const item = queueStartItem(queue);
        if (item) await this.play(item.set_meta_id);
      }
    } catch (error) {
      console.error('advancing the queue failed', error);
    }
  }

  /**
   * An audio error, most often an expired signed link (403): fetch the set again for a fresh
   * mp3_permalink and carry on at the same second.
   */
  protected async onAudioFailed(set: SetDetail, position: number, wasPlaying: boolean) {
    const now = (this.deps.now ?? Date.now)();
    if (now - this.lastRecovery < AUDIO_RECOVERY_GAP_MS) {
      console.error('audio playback failed', this.deps.audio.error);
      return;
    }
    this.lastRecovery = now;
    const generation = this.generation;
    try {
      const fresh = await this.deps.api.getSet(set.id);
      if (generation !== this.generation) return;
      this.load(fresh, position);
      if (wasPlaying) await this.start();
    } catch (error) {
      console.error('refetching the set after an audio error failed', error);
    }
  }

  protected async savePosition(setId: number, seconds: number, leaving = false): Promise<void> {
    try {
      await this.deps.api.savePlay(
        { set_meta_id: setId, current_timestamp: seconds },
        leaving ? { keepalive: true } : undefined,
      );
    } catch (error) {
      this.retries.retryIfUnauthorised('plays', error, () => void this.savePosition(setId, seconds));
      console.warn('saving the play position failed', error);
    }
  }

  /** Moves the loaded set to `seconds` (clamped to the set); nothing happens with no set loaded. */
  seekTo(seconds: number) {
    if (this.getState().set) this.seek(seconds);
  }

  /** Likes the moment playing now (or second `at`); see moment-likes.ts. */
  likeMoment(at?: number): Promise<void> {
    return likeMoment(this.likes, at);
  }

  /** How many unauthorised requests wait for the next token refresh (tests). */
  get flaggedCount(): number {
    return this.retries.size;
  }

  // The queue's commands (player-queue.ts): each shows the server's answer in the query cache.
  loadQueue = (): Promise<QueueItem[]> => this.queue.load();
  addToQueue = (setId: number): Promise<void> => this.queue.add(setId);
  removeFromQueue = (itemId: number): Promise<void> => this.queue.remove(itemId);
  clearQueue = (): Promise<void> => this.queue.clear();
  moveQueueItem = (activeId: number, overId: number): Promise<void> => this.queue.move(activeId, overId);

  /** Logout: pause the audio, forget the playing set and the queue; the volume stays. */
  reset() {
    this.generation++;
    this.retries.clear();
    this.unload();
    this.queue.forget();
  }
}
