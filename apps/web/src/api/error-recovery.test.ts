import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from './api-error';
import { createErrorRecovery, parseRetryAfter } from './error-recovery';

// The token manager is represented by its refresh(), the only part the helper calls; it counts
// refreshes and answers a token or null (null: the session cannot be refreshed any more).
function refresher(result: string | null) {
  let count = 0;
  return {
    tokens: {
      refresh: async () => {
        count += 1;
        return result;
      },
    },
    count: () => count,
  };
}

const T0 = Date.parse('2025-03-01T12:00:00Z');
const tooMany = (retryAfterS?: number) =>
  new ApiError({ status: 429, message: 'Slow down', kind: 'http', retryAfterS });
const unauthorized = () => new ApiError({ status: 401, message: 'Invalid token', kind: 'http' });

function setVisibility(state: 'hidden' | 'visible') {
  Object.defineProperty(document, 'visibilityState', { value: state, configurable: true });
  document.dispatchEvent(new Event('visibilitychange'));
}

beforeEach(() => {
  vi.useFakeTimers({ now: T0 });
});

afterEach(() => {
  Reflect.deleteProperty(document, 'visibilityState');
  vi.useRealTimers();
});

describe('error-recovery helper (docs/web-app.md)', () => {
  it('a 401 or an expired token leads to a token refresh and a retry', async () => {
    const { tokens, count } = refresher('fresh');
    const recovery = createErrorRecovery({ tokens });
    const failures: unknown[] = [
      unauthorized(),
      Object.assign(new Error('x'), { code: 'auth/id-token-expired' }),
    ];
    for (const failure of failures) {
      let calls = 0;
      const result = await recovery.run(async () => {
        calls += 1;
        if (calls === 1) throw failure;
        return 'loaded';
      });
      expect(result).toBe('loaded');
      expect(calls).toBe(2);
    }
    expect(count()).toBe(2);
  });

  it('an auth failure that cannot refresh triggers re-authentication', async () => {
    const { tokens } = refresher(null);
    const reauthenticate = vi.fn();
    const recovery = createErrorRecovery({ tokens, onReauthenticate: reauthenticate });
    await expect(recovery.run(async () => Promise.reject(unauthorized()))).rejects.toMatchObject({
      status: 401,
    });
    expect(reauthenticate).toHaveBeenCalledTimes(1);
  });

  it('429 waits the retry-after seconds (default 60) and retries, at most 3 retries', async () => {
    const recovery = createErrorRecovery({ tokens: refresher('t').tokens });
    const attempts: number[] = [];
    const run = recovery.run(async () => {
      attempts.push(Date.now() - T0);
      throw attempts.length === 1 ? tooMany() : tooMany(5);
    });
    const settled = run.catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(120_000);
    expect(await settled).toMatchObject({ status: 429 });
    expect(attempts).toEqual([0, 60_000, 65_000, 70_000]);
  });

  it('a network error while the tab is hidden is queued until it is visible', async () => {
    setVisibility('hidden');
    const recovery = createErrorRecovery({ tokens: refresher('t').tokens });
    let calls = 0;
    let result: string | undefined;
    void recovery
      .run(async () => {
        calls += 1;
        if (calls === 1) throw new TypeError('Failed to fetch');
        return 'replayed';
      })
      .then((r) => {
        result = r;
      });
    await vi.advanceTimersByTimeAsync(5 * 60_000);
    expect(calls).toBe(1);
    setVisibility('visible');
    await vi.advanceTimersByTimeAsync(0);
    expect(result).toBe('replayed');
  });

  it('a network error while visible is not retried', async () => {
    const recovery = createErrorRecovery({ tokens: refresher('t').tokens });
    await expect(recovery.run(async () => Promise.reject(new TypeError('Failed to fetch')))).rejects.toThrow(
      'Failed to fetch',
    );
  });

  it('audio or playback errors trigger a token refresh', async () => {
    const { tokens, count } = refresher('fresh');
    const recovery = createErrorRecovery({ tokens });
    expect(await recovery.onPlaybackError()).toBe('fresh');
    expect(count()).toBe(1);
  });

  it('reads Retry-After as seconds or an HTTP date, defaulting to 60 s', () => {
    expect(parseRetryAfter('120', T0)).toBe(120);
    expect(parseRetryAfter(new Date(T0 + 30_000).toUTCString(), T0)).toBe(30);
    expect(parseRetryAfter(null, T0)).toBe(60);
    expect(parseRetryAfter('soon', T0)).toBe(60);
  });
});
