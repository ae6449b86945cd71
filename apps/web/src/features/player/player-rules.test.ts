import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeQueue } from '../../test/factories';
import {
  createProgressSaver,
  endOfSetStep,
  formatPlayerTime,
  isPlayed,
  isTypingTarget,
  moveInQueue,
  moveKeepingPlayed,
  neighbourStart,
  queueStartItem,
  setTrackAt,
} from './player-rules';

// Three tracks with a gap between the second and the third, as real track lists have.
const tracks = [
  { start_time: 0, end_time: 300 },
  { start_time: 300, end_time: 620 },
  { start_time: 650, end_time: 1000 },
];

describe('the set track at a moment', () => {
  it('is the track whose [start_time, end_time) holds the moment', () => {
    expect(setTrackAt(tracks, 0)).toBe(tracks[0]);
    expect(setTrackAt(tracks, 299.9)).toBe(tracks[0]);
    expect(setTrackAt(tracks, 300)).toBe(tracks[1]);
    expect(setTrackAt(tracks, 999)).toBe(tracks[2]);
  });

  it('is none in a gap between tracks or after the last', () => {
    expect(setTrackAt(tracks, 630)).toBeNull();
    expect(setTrackAt(tracks, 1000)).toBeNull();
  });
});

describe('a set whose list has no times (untimed entries span the set)', () => {
  const untimed = [
    { start_time: 0, end_time: 1000, untimed: true as const },
    { start_time: 0, end_time: 1000, untimed: true as const },
  ];

  it('has no playing track, and previous/next go to the start or nowhere', () => {
    expect(setTrackAt(untimed, 500)).toBeNull();
    expect(neighbourStart(untimed, 500, 'next')).toBeNull();
    expect(neighbourStart(untimed, 500, 'previous')).toBe(0);
  });
});

describe('previous and next (docs/player.md: the neighbouring set track start_time)', () => {
  it('next jumps to the start of the following track', () => {
    expect(neighbourStart(tracks, 10, 'next')).toBe(300);
    expect(neighbourStart(tracks, 300, 'next')).toBe(650);
    // in the gap after track 2 the following track is track 3
    expect(neighbourStart(tracks, 630, 'next')).toBe(650);
  });

  it('next has nowhere to go on the last track', () => {
    expect(neighbourStart(tracks, 700, 'next')).toBeNull();
  });

  it('previous jumps to the start of the track before the playing one', () => {
    expect(neighbourStart(tracks, 700, 'previous')).toBe(300);
    expect(neighbourStart(tracks, 400, 'previous')).toBe(0);
  });

  it('previous from the first track goes to the start of the set', () => {
    expect(neighbourStart(tracks, 120, 'previous')).toBe(0);
  });

  it('works on a track list that arrives out of order', () => {
    const shuffled = [tracks[2], tracks[0], tracks[1]].filter((t) => t !== undefined);
    expect(neighbourStart(shuffled, 10, 'next')).toBe(300);
    expect(neighbourStart(shuffled, 700, 'previous')).toBe(300);
  });
});

describe('the end of a set (docs/player.md)', () => {
  it('advances the queue when the ended set is in it', () => {
    expect(endOfSetStep(2, makeQueue([1, 2, 3], 2))).toEqual({ kind: 'advance' });
  });

  it('reloads and starts the queue when the ended set is not in it', () => {
    expect(endOfSetStep(9, makeQueue([1, 2, 3], 2))).toEqual({ kind: 'reload' });
    expect(endOfSetStep(9, [])).toEqual({ kind: 'reload' });
  });

  it('a reloaded queue starts at its current item, or the first', () => {
    expect(queueStartItem(makeQueue([4, 5, 6], 5))?.set_meta_id).toBe(5);
    expect(queueStartItem(makeQueue([4, 5, 6]))?.set_meta_id).toBe(4);
    expect(queueStartItem([])).toBeNull();
  });
});

describe('the queue order', () => {
  it('marks the items before the current one as played', () => {
    const queue = makeQueue([1, 2, 3], 2);
    expect(queue.map((item) => isPlayed(queue, item))).toEqual([true, false, false]);
    const fresh = makeQueue([1, 2]);
    expect(fresh.map((item) => isPlayed(fresh, item))).toEqual([false, false]);
  });

  it('moving an item renumbers 1..n and names the order it lands on', () => {
    const queue = makeQueue([1, 2, 3]);
    const moved = moveInQueue(queue, 1003, 1001);
    expect(moved?.order).toBe(1);
    expect(moved?.queue.map((item) => [item.set_meta_id, item.order])).toEqual([
      [3, 1],
      [1, 2],
      [2, 3],
    ]);
    expect(moveInQueue(queue, 1001, 1001)).toBeNull();
    expect(moveInQueue(queue, 1001, 4242)).toBeNull();
  });
});

describe('a drag in the queue keeps Played true', () => {
  // Sets 1 and 2 played, 3 current, 4 and 5 not played yet.
  const queue = makeQueue([1, 2, 3, 4, 5], 3);
  const shown = (moved: ReturnType<typeof moveKeepingPlayed>) =>
    moved?.queue.map((item) => `${item.set_meta_id}${item.played ? 'p' : ''}${item.is_current ? 'c' : ''}`);

  it('an unplayed set dropped above the current one lands right after it, to play next', () => {
    const moved = moveKeepingPlayed(queue, 1005, 1001);
    expect(shown(moved)).toEqual(['1p', '2p', '3c', '5', '4']);
    expect(moved?.order).toBe(4);
    expect(moveKeepingPlayed(queue, 1004, 1002)).toBeNull();
  });

  it('the current set stays current and never passes a set not played yet', () => {
    expect(moveKeepingPlayed(queue, 1003, 1005)).toBeNull();
    expect(shown(moveKeepingPlayed(queue, 1003, 1001))).toEqual(['3c', '1', '2', '4', '5']);
  });

  it('played sets move freely; below the current one they play again', () => {
    expect(shown(moveKeepingPlayed(queue, 1001, 1002))).toEqual(['2p', '1p', '3c', '4', '5']);
    expect(shown(moveKeepingPlayed(queue, 1001, 1004))).toEqual(['2p', '3c', '4', '1', '5']);
  });

  it('without a current set every move is free', () => {
    const fresh = makeQueue([1, 2, 3]);
    expect(shown(moveKeepingPlayed(fresh, 1003, 1001))).toEqual(['3', '1', '2']);
  });
});

describe('the progress save (docs/player.md: every 30 s, and once when the timer restarts)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('saves at once on start, then every 30 s while running', () => {
    const save = vi.fn();
    const saver = createProgressSaver(save);
    saver.start();
    expect(save).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(29_999);
    expect(save).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(1);
    expect(save).toHaveBeenCalledTimes(2);
    vi.advanceTimersByTime(60_000);
    expect(save).toHaveBeenCalledTimes(4);
  });

  it('stops saving when stopped, with one last save when asked to flush', () => {
    const save = vi.fn();
    const saver = createProgressSaver(save);
    saver.start();
    vi.advanceTimersByTime(10_000);
    saver.stop(true);
    expect(save).toHaveBeenCalledTimes(2);
    expect(saver.running).toBe(false);
    vi.advanceTimersByTime(120_000);
    expect(save).toHaveBeenCalledTimes(2);
    // stopping again flushes nothing more
    saver.stop(true);
    expect(save).toHaveBeenCalledTimes(2);
  });

  it('a restart saves once more and restarts the 30 s count from there', () => {
    const save = vi.fn();
    const saver = createProgressSaver(save);
    saver.start();
    vi.advanceTimersByTime(20_000);
    saver.start();
    expect(save).toHaveBeenCalledTimes(2);
    vi.advanceTimersByTime(20_000);
    // 40 s after the first start but only 20 s after the restart: no save yet
    expect(save).toHaveBeenCalledTimes(2);
    vi.advanceTimersByTime(10_000);
    expect(save).toHaveBeenCalledTimes(3);
  });
});

describe('display and keyboard helpers', () => {
  it('formats elapsed and total time as h:mm:ss', () => {
    expect(formatPlayerTime(0)).toBe('0:00:00');
    expect(formatPlayerTime(65.9)).toBe('0:01:05');
    expect(formatPlayerTime(2 * 3600 + 3 * 60 + 4)).toBe('2:03:04');
    expect(formatPlayerTime(Number.NaN)).toBe('0:00:00');
  });

  it('treats text fields as typing, buttons and sliders not', () => {
    const input = document.createElement('input');
    const range = document.createElement('input');
    range.type = 'range';
    expect(isTypingTarget(input)).toBe(true);
    expect(isTypingTarget(document.createElement('textarea'))).toBe(true);
    expect(isTypingTarget(range)).toBe(false);
    expect(isTypingTarget(document.createElement('button'))).toBe(false);
    expect(isTypingTarget(null)).toBe(false);
  });
});
