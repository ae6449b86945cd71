// Playback: the one audio element and what the player controls read from it (the loaded set, playing,
// position, duration, volume, the set track at the position). The playback rules live here: the UI
// tick, the resume-position saves, previous/next between set tracks, a remembered volume, and the
// recovery from an expired audio link. Which set to play, and what follows a set, is the store's.
import type { SetDetail } from '@cratedig/contract/catalogue-api';
import { PLAYER } from '@cratedig/contract/constants';
import type { SetTrack } from '@cratedig/contract/set';
import { resolveMediaUrl } from '../../lib/media-url';
import {
  createProgressSaver,
  neighbourStart,
  type ProgressSaver,
  setTrackAt,
  type Timers,
} from './player-rules';
import {
  browserStorage,
  clampVolume,
  readVolume,
  rememberVolume,
  type VolumeStorage,
} from './remembered-volume';

export interface PlayerState {
  /** The playing (or paused) set with its track list; null when nothing is loaded. */
  set: SetDetail | null;
  playing: boolean;
  /** Seconds; refreshed every UI tick (1 s) and at once after a seek. */
  progress: number;
  /** Seconds, from the audio once known, else from the set's duration. */
  duration: number;
  volume: number;
  /** The set track at `progress`, or null (before the first track, in a gap, nothing loaded). */
  track: SetTrack | null;
  /** The set last played is being fetched after a page load: the player shows a placeholder. */
  restoring: boolean;
}

export interface PlaybackOptions {
  audio: HTMLAudioElement;
  /** Where the volume is remembered across reloads; default localStorage. */
  storage?: VolumeStorage | null;
  timers?: Timers;
  /** The page whose leaving (pagehide, or the tab hidden) saves the position; default the window. */
  page?: { window: EventTarget; document: EventTarget & { visibilityState: string } } | null;
}

/**
 * The base of the player store (player-store.ts), which says what happens when a set ends, when the
 * audio fails, and how a position is saved.
 */
export abstract class Playback {
  private state: PlayerState;
  private readonly listeners = new Set<() => void>();
  private readonly saver: ProgressSaver;
  private readonly timers: Timers;
  private readonly storage: VolumeStorage | null;
  private tick: ReturnType<typeof setInterval> | null = null;
  private readonly offEvents: Array<() => void> = [];
  private readonly element: HTMLAudioElement;

  /**
   * Sends the resume position of the loaded set (PUT /plays); `leaving`: the page is being left, so
   * the request must outlive it.
   */
  protected abstract savePosition(setId: number, seconds: number, leaving?: boolean): Promise<void>;
  /** The set ended on its own. */
  protected abstract onSetEnded(set: SetDetail): void;
  /** The audio failed (most often an expired signed link) at `position`. */
  protected abstract onAudioFailed(set: SetDetail, position: number, wasPlaying: boolean): void;

  constructor(options: PlaybackOptions) {
    this.element = options.audio;
    this.timers = options.timers ?? globalThis;
    this.storage = options.storage === undefined ? browserStorage() : options.storage;
    this.saver = createProgressSaver(() => void this.saveNow(), PLAYER.progressSaveMs, this.timers);
    const audio = this.element;
    const volume = readVolume(this.storage);
    this.state = {
      set: null,
      playing: false,
      progress: 0,
      duration: 0,
      volume,
      track: null,
      restoring: false,
    };
    audio.preload = 'auto';
    audio.volume = volume;
    const on = (type: string, handler: () => void) => {
      audio.addEventListener(type, handler);
      this.offEvents.push(() => audio.removeEventListener(type, handler));
    };
    on('play', () => this.onPlay());
    on('pause', () => this.onPause());
    on('ended', () => this.onEnded());
    on('error', () => this.onError());
    on('seeked', () => {
      this.syncProgress();
      // A jump restarts the save timer (one save now), so a reload or another browser resumes near
      // the new position rather than up to 30 s of pre-seek listening behind it.
      if (!audio.paused) this.saver.start();
    });
    on('durationchange', () => this.syncProgress());
    this.saveWhenLeft(options.page === undefined ? browserPage() : options.page);
  }

  /**
   * A reload, a closed tab or a switch to another app saves the position at once, in a request that
   * outlives the page: the 30 s saves alone could send a reload back up to 30 s.
   */
  private saveWhenLeft(page: PlaybackOptions['page']) {
    if (!page) return;
    const leave = () => {
      if (!this.element.paused) void this.saveNow(true);
    };
    const hidden = () => {
      if (page.document.visibilityState === 'hidden') leave();
    };
    page.window.addEventListener('pagehide', leave);
    page.document.addEventListener('visibilitychange', hidden);
    this.offEvents.push(() => page.window.removeEventListener('pagehide', leave));
    this.offEvents.push(() => page.document.removeEventListener('visibilitychange', hidden));
  }

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

  protected setRestoring(restoring: boolean) {
    if (this.state.restoring !== restoring) this.setState({ restoring });
  }

  get audio(): HTMLAudioElement {
    return this.element;
  }

  /** Points the audio element at the set's signed link, positioned at `start` seconds, paused. */
  protected load(set: SetDetail, start: number) {
    const audio = this.element;
    if (set.mp3_permalink) {
      audio.src = resolveMediaUrl(set.mp3_permalink);
      // Before metadata this sets the default playback start position (HTML media spec).
      audio.currentTime = start;
    } else {
      // A missing audio file is only logged.
      console.error(`set ${set.id} has no audio`);
      audio.removeAttribute('src');
    }
    this.setState({ set, progress: start, duration: set.duration / 1000, restoring: false });
  }

  protected async start(): Promise<void> {
    const audio = this.element;
    if (!audio.src) return;
    try {
      await audio.play();
    } catch (error) {
      // AbortError: a newer load or pause won; NotAllowedError: no user gesture yet. Both are benign.
      console.warn('audio.play() was refused', error);
    }
  }

  pause() {
    if (!this.element.paused) this.element.pause();
  }

  seek(seconds: number) {
    const limit = this.state.duration > 0 ? this.state.duration : Number.POSITIVE_INFINITY;
    const target = Math.min(Math.max(0, seconds), limit);
    this.element.currentTime = target;
    this.setState({ progress: target });
  }

  seekBy(delta: number) {
    this.seek(this.element.currentTime + delta);
  }

  /** Previous/next jump to the neighbouring set track's start_time. */
  step(direction: 'next' | 'previous') {
    const set = this.state.set;
    if (!set) return;
    const target = neighbourStart(set.set_tracks, this.element.currentTime, direction);
    if (target !== null) this.seek(target);
  }

  /** Sets the volume (clamped to 0–1) and remembers it for the next page load. */
  setVolume(volume: number) {
    const value = clampVolume(volume);
    this.element.volume = value;
    rememberVolume(this.storage, value);
    this.setState({ volume: value });
  }

  private onPlay() {
    this.setState({ playing: true });
    this.startTick();
    // One progress save when the timer restarts, then every 30 s.
    this.saver.start();
  }

  private onPause() {
    this.stopTick();
    this.saver.stop(true);
    this.setState({ playing: false, progress: this.element.currentTime });
  }

  /** When a set ends the playing flag and the progress reset; the store decides what follows. */
  private onEnded() {
    const ended = this.state.set;
    this.stopTick();
    this.setState({ playing: false, progress: 0 });
    if (ended) this.onSetEnded(ended);
  }

  private onError() {
    const set = this.state.set;
    const audio = this.element;
    if (!set) {
      console.error('audio playback failed', audio.error);
      return;
    }
    // The element keeps the position it failed at (a seek target included); the last tick otherwise.
    const position = audio.currentTime > 0 ? audio.currentTime : this.state.progress;
    this.onAudioFailed(set, position, this.state.playing || !audio.paused);
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
    const audio = this.element;
    const duration =
      Number.isFinite(audio.duration) && audio.duration > 0 ? audio.duration : this.state.duration;
    this.setState({ progress: audio.currentTime, duration });
  }

  private async saveNow(leaving = false): Promise<void> {
    const set = this.state.set;
    const audio = this.element;
    if (!set || !audio.src) return;
    // A finished set resumes from its start next time, not from its last second.
    await this.savePosition(set.id, audio.ended ? 0 : Math.floor(audio.currentTime), leaving);
  }

  /** Stops the audio and forgets the set; the volume stays. */
  protected unload() {
    this.stopTick();
    this.saver.stop(false);
    const audio = this.element;
    audio.pause();
    audio.removeAttribute('src');
    audio.load();
    this.setState({ set: null, playing: false, progress: 0, duration: 0, restoring: false });
  }

  dispose() {
    this.stopTick();
    this.saver.stop();
    for (const off of this.offEvents.splice(0)) off();
  }
}

function browserPage(): PlaybackOptions['page'] {
  return typeof window === 'undefined' || typeof document === 'undefined' ? null : { window, document };
}
