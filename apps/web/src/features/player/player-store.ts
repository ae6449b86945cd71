// The player: one shared audio element and the state every player control reads (spec §4 "Playback").
// A plain store (subscribe/getState) rather than React state, so it outlives any page, any layout
// re-render, and can be driven the same way by the bottom player, the set page, the Media Session
// and the keyboard. React reads it through useSyncExternalStore (player-context.tsx).
import type { SetDetail } from '@cratedig/contract/catalogue-api';
import { PLAYER } from '@cratedig/contract/constants';
import type { QueueItem } from '@cratedig/contract/queue';
import type { SetTrack } from '@cratedig/contract/set';
import type { QueryClient } from '@tanstack/react-query';
import { isApiError } from '../../api/api-error';
import type { AuthEvents } from '../../api/auth-events';
import { createRetryAfterRefresh, type RetryAfterRefresh } from '../../api/retry-after-refresh';
import { invalidateCachedItem } from '../../lib/cached-items';
import { resolveMediaUrl } from '../../lib/media-url';
import type { PlayerApi } from './player-api';
import { likedMessage, PLAYER_MESSAGES } from './player-messages';
import {
  createProgressSaver,
  endOfSetStep,
  moveInQueue,
  neighbourStart,
  type ProgressSaver,
  queueStartItem,
  setTrackAt,
  type Timers,
} from './player-rules';

export interface PlayerState {
  /** The playing (or paused) set with its track list; null when nothing is loaded. */
  set: SetDetail | null;
  playing: boolean;
  /** Seconds; refreshed every UI tick (1 s, spec §9) and at once after a seek. */
  progress: number;
  /** Seconds, from the audio once known, else from the set's duration. */
  duration: number;
  volume: number;
  queue: QueueItem[];
  /** The set track at `progress`, or null (before the first track, in a gap, nothing loaded). */
  track: SetTrack | null;
}

export type Notify = (message: string, variant: 'success' | 'info' | 'warning' | 'error') => void;

export interface PlayerDeps {
  api: PlayerApi;
  audio: HTMLAudioElement;
  /** tokenRefreshed retries the unauthorised like/play requests (spec §4 "Auth events during use"). */
  events?: AuthEvents;
  notify: Notify;
  /** The server-state cache: a moment like marks the set and track it touched stale there. */
  queryClient?: QueryClient;
  isVisible?: () => boolean;
  timers?: Timers;
  now?: () => number;
}

const INITIAL: PlayerState = {
  set: null,
  playing: false,
  progress: 0,
  duration: 0,
  volume: PLAYER.volumeDefault,
  queue: [],
  track: null,
};

// A broken link that keeps failing must not loop: one refetch of the set per this many ms.
const AUDIO_RECOVERY_GAP_MS = 10_000;

export class PlayerStore {
  private state: PlayerState = INITIAL;
  private readonly listeners = new Set<() => void>();
  private readonly saver: ProgressSaver;
  private readonly timers: Timers;
  private tick: ReturnType<typeof setInterval> | null = null;
  private userId: number | null = null;
  /** Requests that got a final 401, run again when the token manager says it refreshed. */
  private readonly retries: RetryAfterRefresh;
  private lastRecovery = Number.NEGATIVE_INFINITY;
  /** Bumped by every set switch and reset, so a late answer for an old request is dropped. */
  private generation = 0;
  private readonly offEvents: Array<() => void> = [];

  constructor(private readonly deps: PlayerDeps) {
    this.timers = deps.timers ?? globalThis;
    this.saver = createProgressSaver(() => void this.savePosition(), PLAYER.progressSaveMs, this.timers);
    const { audio } = deps;
    audio.preload = 'auto';
    audio.volume = PLAYER.volumeDefault;
    const on = (type: string, handler: () => void) => {
      audio.addEventListener(type, handler);
      this.offEvents.push(() => audio.removeEventListener(type, handler));
    };
    on('play', () => this.onPlay());
    on('pause', () => this.onPause());
    on('ended', () => void this.onEnded());
    on('error', () => void this.onAudioError());
    on('seeked', () => {
      this.syncProgress();
      // A jump restarts the save timer (one save now), so a reload or another browser resumes near
      // the new position rather than up to 30 s of pre-seek listening behind it.
      if (!audio.paused) this.saver.start();
    });
    on('durationchange', () => this.syncProgress());
    this.retries = createRetryAfterRefresh(deps.events);
    this.offEvents.push(() => this.retries.dispose());
  }

  // --- store plumbing ------------------------------------------------------------------------------

  getState = (): PlayerState => this.state;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  private setState(patch: Partial<PlayerState>) {
    const next = { ...this.state, ...patch };
    next.track = next.set ? setTrackAt(next.set.set_tracks, next.progress) : null;
    this.state = next;
    for (const listener of [...this.listeners]) listener();
  }

  get audio(): HTMLAudioElement {
    return this.deps.audio;
  }

  /** The signed-in user, sent as user_id in queue calls (the server checks it against the token). */
  setUser(userId: number | null) {
    this.userId = userId;
  }

  /** Stops listening to the audio element and the auth events (tests; the app's player lives on). */
  dispose() {
    this.stopTick();
    this.saver.stop();
    for (const off of this.offEvents.splice(0)) off();
  }

  // --- playback ------------------------------------------------------------------------------------

  /**
   * Plays set `setId` (spec §4): another set pauses first and is replaced; without `startAt` the set
   * resumes from its saved current_timestamp when above 0. The same set just seeks (if asked) and plays.
   */
  async play(setId: number, startAt?: number): Promise<void> {
    const { audio } = this.deps;
    if (this.state.set?.id === setId && audio.src) {
      if (startAt !== undefined) this.seek(startAt);
      await this.startAudio();
      return;
    }
    if (!audio.paused) audio.pause();
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
    const saved = set.user_fav?.current_timestamp ?? 0;
    // spec §4: resume from the saved current_timestamp when it is above 0.
    const start = startAt ?? Math.max(saved, 0);
    this.load(set, start);
    await this.startAudio();
    this.markCurrentInQueue(setId);
  }

  /**
   * spec §2 Track detail: plays the set GET /set_tracks/play/{id} names, from the track's start_time.
   * Resolves true once playback was asked for; an unauthorised answer is retried after the refresh.
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

  /** Points the audio element at the set's signed link, positioned at `start` seconds. */
  private load(set: SetDetail, start: number) {
    const { audio } = this.deps;
    if (set.mp3_permalink) {
      audio.src = resolveMediaUrl(set.mp3_permalink);
      // Before metadata this sets the default playback start position (HTML media spec).
      audio.currentTime = start;
    } else {
      // spec §8: a missing audio file is only logged.
      console.error(`set ${set.id} has no audio`);
      audio.removeAttribute('src');
    }
    this.setState({ set, progress: start, duration: set.duration / 1000 });
  }

  private async startAudio() {
    const { audio } = this.deps;
    if (!audio.src) return;
    try {
      await audio.play();
    } catch (error) {
      // AbortError: a newer load or pause won; NotAllowedError: no user gesture yet. Both are benign.
      console.warn('audio.play() was refused', error);
    }
  }

  /** Play/pause (spec §4): with nothing loaded, the queue's current item (or first) starts. */
  async toggle(): Promise<void> {
    const { audio } = this.deps;
    if (!this.state.set) {
      const queue = this.state.queue.length > 0 ? this.state.queue : await this.loadQueue();
      const item = queueStartItem(queue);
      if (item) await this.play(item.set_meta_id);
      return;
    }
    if (audio.paused) await this.startAudio();
    else audio.pause();
  }

  pause() {
    if (!this.deps.audio.paused) this.deps.audio.pause();
  }

  seek(seconds: number) {
    const { audio } = this.deps;
    const limit = this.state.duration > 0 ? this.state.duration : Number.POSITIVE_INFINITY;
    const target = Math.min(Math.max(0, seconds), limit);
    audio.currentTime = target;
    this.setState({ progress: target });
  }

  seekBy(delta: number) {
    this.seek(this.deps.audio.currentTime + delta);
  }

  /** spec §4: previous/next jump to the neighbouring set track's start_time. */
  step(direction: 'next' | 'previous') {
    const set = this.state.set;
    if (!set) return;
    const target = neighbourStart(set.set_tracks, this.deps.audio.currentTime, direction);
    if (target !== null) this.seek(target);
  }

  setVolume(volume: number) {
    const value = Math.min(PLAYER.volumeMax, Math.max(PLAYER.volumeMin, volume));
    this.deps.audio.volume = value;
    this.setState({ volume: value });
  }

  private onPlay() {
    this.setState({ playing: true });
    this.startTick();
    // spec §4: one progress update when the timer restarts, then every 30 s.
    this.saver.start();
  }

  private onPause() {
    this.stopTick();
    this.saver.stop(true);
    this.setState({ playing: false, progress: this.deps.audio.currentTime });
  }

  private startTick() {
    this.stopTick();
    this.tick = this.timers.setInterval(() => this.syncProgress(), PLAYER.uiTickMs);
  }

  private stopTick() {
    if (this.tick !== null) this.timers.clearInterval(this.tick);
    this.tick = null;
  }

  private syncProgress() {
    const { audio } = this.deps;
    const duration =
      Number.isFinite(audio.duration) && audio.duration > 0 ? audio.duration : this.state.duration;
    this.setState({ progress: audio.currentTime, duration });
  }

  private async savePosition(): Promise<void> {
    const set = this.state.set;
    const { audio } = this.deps;
    if (!set || !audio.src) return;
    // A finished set resumes from its start next time, not from its last second.
    const position = audio.ended ? 0 : Math.floor(audio.currentTime);
    try {
      await this.deps.api.savePlay({ set_meta_id: set.id, current_timestamp: position });
    } catch (error) {
      this.retries.retryIfUnauthorised('plays', error, () => void this.savePosition());
      console.warn('saving the play position failed', error);
    }
  }

  /**
   * spec §4: when a set ends the playing flag and progress reset; if it is in the queue the next item
   * is requested, otherwise the queue is reloaded and started (current item, or the first).
   */
  private async onEnded() {
    const ended = this.state.set;
    this.stopTick();
    this.setState({ playing: false, progress: 0 });
    if (!ended) return;
    const generation = this.generation;
    try {
      if (endOfSetStep(ended.id, this.state.queue).kind === 'advance') {
        const next = await this.deps.api.nextInQueue();
        if (generation !== this.generation) return;
        void this.loadQueue();
        if (next) await this.play(next.set_meta_id);
      } else {
        const queue = await this.loadQueue();
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
   * mp3_permalink and carry on at the same second (domain.md Player; spec §8 recovery).
   */
  private async onAudioError() {
    const set = this.state.set;
    const { audio } = this.deps;
    const now = (this.deps.now ?? Date.now)();
    if (!set || now - this.lastRecovery < AUDIO_RECOVERY_GAP_MS) {
      console.error('audio playback failed', audio.error);
      return;
    }
    this.lastRecovery = now;
    // The element keeps the position it failed at (a seek target included); the last tick otherwise.
    const position = audio.currentTime > 0 ? audio.currentTime : this.state.progress;
    const wasPlaying = this.state.playing || !audio.paused;
    const generation = this.generation;
    try {
      const fresh = await this.deps.api.getSet(set.id);
      if (generation !== this.generation) return;
      this.load(fresh, position);
      if (wasPlaying) await this.startAudio();
    } catch (error) {
      console.error('refetching the set after an audio error failed', error);
    }
  }

  // --- moment likes --------------------------------------------------------------------------------

  /**
   * Likes the moment playing now: POST /set-likes, then the set and the set track into the user's
   * likes (PUT /favs/set/{id}/likes, PUT /favs/track/{id}/likes), a toast naming the track, and the
   * cached copies of the set and the track marked stale so open pages show the new counts.
   */
  async likeMoment(at?: number): Promise<void> {
    const set = this.state.set;
    if (!set) return;
    const t = at ?? Math.floor(this.deps.audio.currentTime);
    const track = setTrackAt(set.set_tracks, t);
    try {
      await this.deps.api.likeMoment({ set_meta_id: set.id, set_timestamp: t });
      await this.deps.api.likeSet(set.id);
      if (track) await this.deps.api.likeTrack(track.track_meta_id);
      this.deps.notify(likedMessage(track ? track.track_meta.title : set.set_name), 'success');
      // Every page showing the set or the track refetches it: its likes and the track's went up.
      const client = this.deps.queryClient;
      if (client) {
        void invalidateCachedItem(client, 'set', set.id);
        if (track) void invalidateCachedItem(client, 'track', track.track_meta_id);
      }
    } catch (error) {
      if (isApiError(error) && error.status === 401) {
        this.deps.notify(PLAYER_MESSAGES.authRefreshing, 'warning');
        // The retry keeps the moment the like was made at, even if playback moved on meanwhile.
        this.retries.add(`like:${set.id}:${t}`, () => {
          if (this.state.set?.id === set.id) void this.likeMoment(t);
        });
        return;
      }
      // spec §8: the failure toast only while the tab is visible.
      if (this.isVisible()) this.deps.notify(PLAYER_MESSAGES.likeFailed, 'error');
      console.error('liking the moment failed', error);
    }
  }

  private isVisible(): boolean {
    return this.deps.isVisible ? this.deps.isVisible() : document.visibilityState === 'visible';
  }

  /** How many unauthorised requests wait for the next token refresh (tests). */
  get flaggedCount(): number {
    return this.retries.size;
  }

  // --- queue ---------------------------------------------------------------------------------------

  async loadQueue(): Promise<QueueItem[]> {
    try {
      const queue = await this.deps.api.getQueue();
      this.setState({ queue });
      return queue;
    } catch (error) {
      console.error('loading the queue failed', error);
      return this.state.queue;
    }
  }

  /** spec §8 Queue: added, already queued (404, info) or the generic error. */
  async addToQueue(setId: number): Promise<void> {
    if (this.userId === null) return;
    try {
      await this.deps.api.addToQueue(this.userId, setId);
      this.deps.notify(PLAYER_MESSAGES.queued, 'success');
      await this.loadQueue();
    } catch (error) {
      if (isApiError(error) && error.status === 404) this.deps.notify(PLAYER_MESSAGES.alreadyQueued, 'info');
      else this.deps.notify(PLAYER_MESSAGES.queueFailed, 'error');
    }
  }

  async removeFromQueue(itemId: number): Promise<void> {
    const before = this.state.queue;
    this.setState({ queue: before.filter((item) => item.id !== itemId) });
    try {
      await this.deps.api.removeQueueItem(itemId);
    } catch {
      this.deps.notify(PLAYER_MESSAGES.queueFailed, 'error');
    }
    await this.loadQueue();
  }

  async clearQueue(): Promise<void> {
    this.setState({ queue: [] });
    try {
      await this.deps.api.clearQueue();
    } catch {
      this.deps.notify(PLAYER_MESSAGES.queueFailed, 'error');
      await this.loadQueue();
    }
  }

  /** spec §4 Queue: dropping an item at another position saves its new order (PUT /queue). */
  async moveQueueItem(activeId: number, overId: number): Promise<void> {
    const moved = moveInQueue(this.state.queue, activeId, overId);
    const item = this.state.queue.find((entry) => entry.id === activeId);
    if (!moved || !item || this.userId === null) return;
    this.setState({ queue: moved.queue });
    try {
      const queue = await this.deps.api.updateQueueItem({
        id: item.id,
        user_id: this.userId,
        set_meta_id: item.set_meta_id,
        order: moved.order,
        is_current: item.is_current,
      });
      this.setState({ queue });
    } catch {
      this.deps.notify(PLAYER_MESSAGES.queueFailed, 'error');
      await this.loadQueue();
    }
  }

  /** A queued set that starts playing becomes the queue's current item (PUT /queue/new-current). */
  private markCurrentInQueue(setId: number) {
    const item = this.state.queue.find((entry) => entry.set_meta_id === setId);
    if (!item || item.is_current || this.userId === null) return;
    this.deps.api
      .newCurrent({ user_id: this.userId, set_meta_id: setId, is_current: true })
      .then(() => this.loadQueue())
      .catch((error) => console.warn('marking the queue item current failed', error));
  }

  // --- logout ---------------------------------------------------------------------------------------

  /** spec §4: logout clears the playing set and the queue and pauses the audio. */
  reset() {
    this.generation++;
    this.stopTick();
    this.saver.stop(false);
    this.retries.clear();
    const { audio } = this.deps;
    audio.pause();
    audio.removeAttribute('src');
    audio.load();
    this.userId = null;
    this.setState({ ...INITIAL, volume: this.state.volume });
  }
}
