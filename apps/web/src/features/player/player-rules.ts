// The playback rules of docs/player.md "Playback in the web app" and "Queue", framework-free so they unit-test with fake
// timers: which set track plays at a moment, where previous/next jump, what happens when a set ends,
// and when the resume position is saved.
import { PLAYER } from '@cratedig/contract/constants';

/** The part of a set track entry (docs/player.md) the rules need; times in seconds. */
export interface TrackSpan {
  start_time: number;
  end_time: number;
  /** An entry of a list without times: it spans the whole set and is never the one playing. */
  untimed?: true;
}

/** The entries that say where they play (a list imported without times has none). */
export function timedTracks<T extends TrackSpan>(tracks: readonly T[]): T[] {
  return tracks.filter((track) => !track.untimed);
}

/**
 * The set track playing at second `t` (start_time <= t < end_time, as docs/player.md moment likes), or
 * null; an untimed entry never is, so a set whose list has no times plays as one piece.
 */
export function setTrackAt<T extends TrackSpan>(tracks: readonly T[], t: number): T | null {
  return tracks.find((track) => !track.untimed && track.start_time <= t && t < track.end_time) ?? null;
}

/** Index of the track at `t`, or of the last track that started before `t` (gaps between tracks). */
function indexAt(tracks: readonly TrackSpan[], t: number): number {
  let found = -1;
  tracks.forEach((track, index) => {
    if (track.start_time <= t) found = index;
  });
  return found;
}

/**
 * docs/player.md: previous/next jump to the start time of the neighbouring set track. Next is the first
 * track starting after the playing one; previous is the one before the playing track (the set's
 * start, 0, from the first track). Returns null when there is no neighbour (next on the last track).
 */
export function neighbourStart(
  tracks: readonly TrackSpan[],
  t: number,
  direction: 'next' | 'previous',
): number | null {
  const sorted = timedTracks(tracks).sort((a, b) => a.start_time - b.start_time);
  const index = indexAt(sorted, t);
  if (direction === 'next') return sorted[index + 1]?.start_time ?? null;
  if (index <= 0) return 0;
  return sorted[index - 1]?.start_time ?? 0;
}

/** The part of a queue item (docs/player.md) the end-of-set rule needs. */
export interface QueueEntry {
  id: number;
  set_meta_id: number;
  order: number;
  is_current: boolean;
}

export type EndOfSetStep = { kind: 'advance' } | { kind: 'reload' };

/**
 * docs/player.md: when a set ends, if it is in the queue the next queue item is requested (PUT /queue/next);
 * otherwise the queue is reloaded and started.
 */
export function endOfSetStep(endedSetId: number, queue: readonly QueueEntry[]): EndOfSetStep {
  return queue.some((item) => item.set_meta_id === endedSetId) ? { kind: 'advance' } : { kind: 'reload' };
}

/** docs/player.md: a reloaded queue starts at its current item, or the first. */
export function queueStartItem<T extends QueueEntry>(queue: readonly T[]): T | null {
  return queue.find((item) => item.is_current) ?? [...queue].sort((a, b) => a.order - b.order)[0] ?? null;
}

/** docs/player.md: items before the current one are played. */
export function isPlayed(queue: readonly QueueEntry[], item: QueueEntry): boolean {
  const current = queue.find((entry) => entry.is_current);
  return current !== undefined && item.order < current.order;
}

/** The queue with `activeId` moved to `overId`'s place; the 1-based order it lands on, for PUT /queue. */
export function moveInQueue<T extends QueueEntry>(
  queue: readonly T[],
  activeId: number,
  overId: number,
): { queue: T[]; order: number } | null {
  const from = queue.findIndex((item) => item.id === activeId);
  const to = queue.findIndex((item) => item.id === overId);
  if (from < 0 || to < 0 || from === to) return null;
  const next = [...queue];
  const [moved] = next.splice(from, 1);
  if (!moved) return null;
  next.splice(to, 0, moved);
  return { queue: next.map((item, index) => ({ ...item, order: index + 1 })), order: to + 1 };
}

/** The queue with `played` set as the server sets it: exactly the items before the current one. */
export function withPlayed<T extends QueueEntry & { played: boolean }>(queue: readonly T[]): T[] {
  const current = queue.find((entry) => entry.is_current);
  return queue.map((item) => ({ ...item, played: current !== undefined && item.order < current.order }));
}

/**
 * A drag in the queue that keeps 'Played' true: played means "before the current item", so an item
 * that has not played yet never lands among the played ones. Dropped above the current item it lands
 * right after it (it plays next); the current item stays current and never moves below a set that has
 * not played yet (it stays put). Played items move freely (below the current one they play again).
 * Returns the moved queue, renumbered, and the 1-based order the item lands on, or null for no move.
 */
export function moveKeepingPlayed<T extends QueueEntry & { played: boolean }>(
  queue: readonly T[],
  activeId: number,
  overId: number,
): { queue: T[]; order: number } | null {
  const from = queue.findIndex((item) => item.id === activeId);
  let to = queue.findIndex((item) => item.id === overId);
  const current = queue.findIndex((item) => item.is_current);
  if (from < 0 || to < 0) return null;
  if (current >= 0 && from > current && to <= current) to = current + 1;
  if (current >= 0 && from === current && to > current) to = current;
  const target = queue[to];
  if (from === to || !target) return null;
  const moved = moveInQueue(queue, activeId, target.id);
  return moved ? { queue: withPlayed(moved.queue), order: moved.order } : null;
}

/** Timers the scheduler runs on: the real ones, or Vitest's fakes. */
export interface Timers {
  setInterval: (fn: () => void, ms: number) => ReturnType<typeof setInterval>;
  clearInterval: (handle: ReturnType<typeof setInterval>) => void;
}

export interface ProgressSaver {
  /** Playback (re)started: one save now, then one every interval while it plays (docs/player.md). */
  start(): void;
  /** Playback paused or stopped: no more saves; `flush` sends the position reached once more. */
  stop(flush?: boolean): void;
  readonly running: boolean;
}

/**
 * docs/player.md: a play-progress update is sent every 30 s while playing, and once when the timer
 * restarts. `save` reads the position itself, so it always sends the latest second.
 */
export function createProgressSaver(
  save: () => void,
  intervalMs: number = PLAYER.progressSaveMs,
  timers: Timers = globalThis,
): ProgressSaver {
  let handle: ReturnType<typeof setInterval> | null = null;
  return {
    start() {
      if (handle !== null) timers.clearInterval(handle);
      save();
      handle = timers.setInterval(save, intervalMs);
    },
    stop(flush = false) {
      if (handle === null) return;
      timers.clearInterval(handle);
      handle = null;
      if (flush) save();
    },
    get running() {
      return handle !== null;
    },
  };
}

/** Elapsed / total time: h:mm:ss, as the issue asks for long sets (m:ss would hide the hour). */
export function formatPlayerTime(totalSeconds: number): string {
  const whole = Number.isFinite(totalSeconds) ? Math.max(0, Math.floor(totalSeconds)) : 0;
  const h = Math.floor(whole / 3600);
  const m = Math.floor((whole % 3600) / 60);
  const s = whole % 60;
  return `${h}:${String(m).padStart(2, '0')}:${String(s).padStart(2, '0')}`;
}

/** Keyboard shortcuts are ignored while the person types in a field. */
export function isTypingTarget(target: EventTarget | null): boolean {
  if (!target || typeof (target as HTMLElement).tagName !== 'string') return false;
  const element = target as HTMLElement;
  const tag = element.tagName.toLowerCase();
  if (tag === 'textarea' || tag === 'select') return true;
  if (tag === 'input') {
    const type = (element as HTMLInputElement).type;
    return !['button', 'checkbox', 'radio', 'range', 'submit', 'reset'].includes(type);
  }
  return element.isContentEditable === true;
}
