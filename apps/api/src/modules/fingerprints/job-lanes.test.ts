// The landmark job reads sets in lanes, each lane with a reader process of its own: never more sets at
// once than lanes, every set once, and a failure or a stop leaves the sets not yet begun for the next
// run.
import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { inLanes } from './job';

describe('the job’s lanes', () => {
  it('work on every item once, never more at a time than there are lanes, each on one lane', async () => {
    let running = 0;
    let most = 0;
    const seen: number[] = [];
    const lanesOf = new Map<number, number>();
    await inLanes([1, 2, 3, 4, 5, 6, 7], 2, undefined, async (item, lane) => {
      running += 1;
      most = Math.max(most, running);
      lanesOf.set(item, lane);
      await sleep(item % 3 === 0 ? 30 : 5);
      seen.push(item);
      running -= 1;
    });
    expect(seen.sort()).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(most).toBe(2);
    expect(new Set(lanesOf.values())).toEqual(new Set([0, 1]));
  });

  it('begin nothing after a failure, finish what the other lane holds, and throw the failure', async () => {
    const begun: number[] = [];
    const finished: number[] = [];
    const outcome = await inLanes([1, 2, 3, 4, 5], 2, undefined, async (item) => {
      begun.push(item);
      if (item === 1) throw new Error('the reader stopped');
      await sleep(20);
      finished.push(item);
    }).catch((error: Error) => error.message);
    expect(outcome).toBe('the reader stopped');
    expect(begun).toEqual([1, 2]);
    expect(finished).toEqual([2]);
  });

  it('begin nothing once told to stop', async () => {
    const begun: number[] = [];
    await inLanes(
      [1, 2, 3, 4, 5],
      2,
      () => begun.length >= 3,
      async (item) => {
        begun.push(item);
        await sleep(5);
      },
    );
    expect(begun).toEqual([1, 2, 3]);
  });
});
