import { describe, expect, it } from 'vitest';
import { type LockRequester, TOKEN_REFRESH_LOCK, webLocks } from './cross-tab-lock';

/** An in-memory stand-in for navigator.locks: one holder per name at a time, in request order. */
function fakeLocks() {
  const names: string[] = [];
  const tails = new Map<string, Promise<unknown>>();
  const locks: LockRequester = {
    request(name, callback) {
      names.push(name);
      const previous = tails.get(name) ?? Promise.resolve();
      const run = previous.then(() => callback());
      tails.set(
        name,
        run.catch(() => {}),
      );
      return run;
    },
  };
  return { locks, names };
}

const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('the cross-tab lock', () => {
  it('runs one task at a time under the site-wide lock name, the next one after the first settles', async () => {
    const { locks, names } = fakeLocks();
    const lock = webLocks(locks);
    const order: string[] = [];
    let releaseFirst: () => void = () => {};
    const first = lock(async () => {
      order.push('first starts');
      await new Promise<void>((resolve) => {
        releaseFirst = resolve;
      });
      order.push('first ends');
      return 'pair-1';
    });
    const second = lock(async () => {
      order.push('second starts');
      return 'pair-2';
    });
    await tick();
    expect(order).toEqual(['first starts']);
    releaseFirst();
    expect(await Promise.all([first, second])).toEqual(['pair-1', 'pair-2']);
    expect(order).toEqual(['first starts', 'first ends', 'second starts']);
    expect(names).toEqual([TOKEN_REFRESH_LOCK, TOKEN_REFRESH_LOCK]);
  });

  it("passes the task's failure on, and frees the lock for the next task", async () => {
    const lock = webLocks(fakeLocks().locks);
    await expect(lock(async () => Promise.reject(new Error('network down')))).rejects.toThrow('network down');
    expect(await lock(async () => 'after')).toBe('after');
  });

  it('runs the task at once where the browser has no Web Locks', async () => {
    const lock = webLocks(null);
    let ran = false;
    const result = lock(async () => {
      ran = true;
      return 42;
    });
    expect(ran).toBe(true);
    expect(await result).toBe(42);
  });
});
