import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createRefreshScheduler, type RefreshSchedulerDeps, refreshDueAt } from './token-refresh-scheduler';

const MIN = 60_000;
const T0 = Date.parse('2025-03-01T12:00:00Z');

describe('when the refresh is due', () => {
  it('is 5 minutes before the token expires', () => {
    expect(refreshDueAt(T0 + 60 * MIN, null, T0)).toBe(T0 + 55 * MIN);
  });

  it('is now when the expiry is unknown, and in the past (so at once) when the token has expired', () => {
    expect(refreshDueAt(null, null, T0)).toBe(T0);
    expect(refreshDueAt(T0 - MIN, null, T0)).toBeLessThan(T0);
  });

  it('is never before the 30 s cooldown since the last refresh started', () => {
    expect(refreshDueAt(T0 - MIN, T0 - 10_000, T0)).toBe(T0 + 20_000);
    expect(refreshDueAt(T0 + 60 * MIN, T0, T0)).toBe(T0 + 55 * MIN);
  });
});

describe('the refresh scheduler', () => {
  let expiry: number | null;
  let lastStart: number | null;
  let refreshes: number[];
  let canRefresh: boolean;
  let deps: RefreshSchedulerDeps;

  beforeEach(() => {
    vi.useFakeTimers({ now: T0 });
    expiry = T0 + 60 * MIN;
    lastStart = null;
    refreshes = [];
    canRefresh = true;
    deps = {
      now: () => Date.now(),
      canRefresh: () => canRefresh,
      expiry: () => expiry,
      lastRefreshStartedAt: () => lastStart,
      refresh: () => refreshes.push(Date.now()),
    };
  });

  afterEach(() => vi.useRealTimers());

  it('refreshes once, 5 minutes before expiry', async () => {
    createRefreshScheduler(deps).schedule();
    await vi.advanceTimersByTimeAsync(55 * MIN - 1);
    expect(refreshes).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(refreshes).toEqual([T0 + 55 * MIN]);
    await vi.advanceTimersByTimeAsync(60 * MIN);
    expect(refreshes).toHaveLength(1);
  });

  it('keeps one timer: scheduling again replaces the planned refresh', async () => {
    const scheduler = createRefreshScheduler(deps);
    scheduler.schedule();
    expiry = T0 + 90 * MIN;
    scheduler.schedule();
    await vi.advanceTimersByTimeAsync(90 * MIN);
    expect(refreshes).toEqual([T0 + 85 * MIN]);
  });

  it('plans anew instead of refreshing when another tab refreshed before the timer fired', async () => {
    createRefreshScheduler(deps).schedule();
    await vi.advanceTimersByTimeAsync(30 * MIN);
    expiry = T0 + 90 * MIN; // the other tab stored a fresh token
    await vi.advanceTimersByTimeAsync(25 * MIN);
    expect(refreshes).toEqual([]);
    await vi.advanceTimersByTimeAsync(30 * MIN);
    expect(refreshes).toEqual([T0 + 85 * MIN]);
  });

  it('waits for the cooldown even when the token has already expired', async () => {
    expiry = T0 - MIN;
    lastStart = T0 - 10_000;
    createRefreshScheduler(deps).schedule();
    await vi.advanceTimersByTimeAsync(19_999);
    expect(refreshes).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(refreshes).toEqual([T0 + 20_000]);
  });

  it('plans nothing without a refresh method, and nothing after cancel', async () => {
    canRefresh = false;
    const scheduler = createRefreshScheduler(deps);
    scheduler.schedule();
    await vi.advanceTimersByTimeAsync(120 * MIN);
    expect(refreshes).toEqual([]);

    canRefresh = true;
    expiry = T0 + 180 * MIN;
    scheduler.schedule();
    scheduler.cancel();
    await vi.advanceTimersByTimeAsync(180 * MIN);
    expect(refreshes).toEqual([]);
  });
});
