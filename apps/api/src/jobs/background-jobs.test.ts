// The background jobs as plugins of the app (jobs/): each starts as the app gets ready and stops as it
// closes, in the reverse order; a job whose start throws leaves nothing running. First with jobs of the
// test's own that tick on a timer (fake timers: a tick that would come after the close is seen not to
// come), then with the real ones on the job engine, on the test database, whose timers must all be
// cleared by the close.
import Fastify from 'fastify';
import type PgBoss from 'pg-boss';
import pino from 'pino';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../app';
import { startJobs } from '../job-runner';
import { makeTempDir, testConfig } from '../test/app';
import { getTestDatabase } from '../test/database';
import { BACKGROUND_JOBS, type BackgroundJob } from '.';
import { jobPlugin } from './job-plugin';

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

/** A job ticking every second once started; what happens to it goes to `events`. */
function tickingJob(name: string, events: string[], ticks: Record<string, number>): BackgroundJob {
  ticks[name] = 0;
  return {
    name,
    description: `job ${name}`,
    async start() {
      events.push(`start ${name}`);
      const timer = setInterval(() => {
        ticks[name] = (ticks[name] ?? 0) + 1;
      }, 1000);
      return {
        stopSoon: () => events.push(`stop soon ${name}`),
        stop: () => {
          clearInterval(timer);
          events.push(`stop ${name}`);
        },
      };
    },
  };
}

function failingJob(name: string, events: string[], optional = false): BackgroundJob {
  return {
    name,
    description: `job ${name}`,
    optional,
    async start() {
      events.push(`start ${name}`);
      throw new Error(`${name} could not start`);
    },
  };
}

describe('a background job as a plugin', () => {
  it('starts when the app is ready, and app.close() stops each job in the reverse order: no tick after', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const events: string[] = [];
    const ticks: Record<string, number> = {};
    const app = Fastify();
    for (const name of ['a', 'b', 'c']) await app.register(jobPlugin(tickingJob(name, events, ticks)));
    expect(events).toEqual([]);
    await app.ready();
    expect(events).toEqual(['start a', 'start b', 'start c']);
    vi.advanceTimersByTime(3000);
    expect(ticks).toEqual({ a: 3, b: 3, c: 3 });

    await app.close();
    expect(events.slice(3)).toEqual([
      'stop soon a',
      'stop soon b',
      'stop soon c',
      'stop c',
      'stop b',
      'stop a',
    ]);
    expect(vi.getTimerCount()).toBe(0);
    vi.advanceTimersByTime(60_000);
    expect(ticks).toEqual({ a: 3, b: 3, c: 3 });
  });

  it('tells the runs to end as soon as shutdown begins (the stopping signal), before the app closes', async () => {
    const events: string[] = [];
    const stopping = new AbortController();
    const app = Fastify();
    for (const name of ['a', 'b'])
      await app.register(jobPlugin(tickingJob(name, events, {})), { stopping: stopping.signal });
    await app.ready();
    stopping.abort();
    expect(events).toEqual(['start a', 'start b', 'stop soon a', 'stop soon b']);
    await app.close();
    expect(events.slice(4)).toEqual(['stop b', 'stop a']);
  });

  it('does not start a job once shutdown has begun', async () => {
    const events: string[] = [];
    const stopping = new AbortController();
    const app = Fastify();
    await app.register(jobPlugin(tickingJob('a', events, {})), { stopping: stopping.signal });
    stopping.abort();
    await app.ready();
    await app.close();
    expect(events).toEqual([]);
  });

  it('a start that throws fails ready(); the close stops the jobs started before it, and those after never start', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const events: string[] = [];
    const ticks: Record<string, number> = {};
    const app = Fastify();
    await app.register(jobPlugin(tickingJob('a', events, ticks)));
    await app.register(jobPlugin(failingJob('broken', events)));
    await app.register(jobPlugin(tickingJob('c', events, ticks)));
    await expect(app.ready()).rejects.toThrow('broken could not start');
    expect(events).toEqual(['start a', 'start broken']);
    expect(vi.getTimerCount()).toBe(1);

    await app.close();
    expect(events.slice(2)).toEqual(['stop soon a', 'stop a']);
    expect(vi.getTimerCount()).toBe(0);
    vi.advanceTimersByTime(60_000);
    expect(ticks).toEqual({ a: 0, c: 0 });
  });

  it('an optional job that does not start is logged, and the app starts without it', async () => {
    const events: string[] = [];
    const lines: string[] = [];
    const app = Fastify({
      loggerInstance: pino({}, { write: (line: string) => void lines.push(line) }),
    });
    await app.register(jobPlugin(failingJob('keeper', events, true)));
    await app.register(jobPlugin(tickingJob('b', events, {})));
    await app.ready();
    expect(events).toEqual(['start keeper', 'start b']);
    expect(lines.map((line) => JSON.parse(line).msg)).toEqual(['job keeper did not start']);
    await app.close();
    expect(events.slice(2)).toEqual(['stop soon b', 'stop b']);
  });
});

/** Every interval timer set from now on (until the mocks are restored), and whether it was cleared since. */
function watchIntervals() {
  const set = new Set<unknown>();
  const cleared = new Set<unknown>();
  const realSet = globalThis.setInterval;
  const realClear = globalThis.clearInterval;
  vi.spyOn(globalThis, 'setInterval').mockImplementation(((...args: Parameters<typeof setInterval>) => {
    const timer = realSet(...args);
    set.add(timer);
    return timer;
  }) as typeof setInterval);
  vi.spyOn(globalThis, 'clearInterval').mockImplementation(((timer?: Parameters<typeof clearInterval>[0]) => {
    cleared.add(timer);
    realClear(timer);
  }) as typeof clearInterval);
  return {
    count: () => set.size,
    left: () => [...set].filter((timer) => !cleared.has(timer)).length,
  };
}

function stoppedEvent(boss: PgBoss): Promise<void> {
  return new Promise((resolve) => boss.once('stopped', () => resolve()));
}

describe('the background jobs on the job engine', { timeout: 120_000 }, () => {
  it('start with the app (every queue made) and app.close() stops the engine and clears every timer they set', async () => {
    const database = await getTestDatabase();
    const intervals = watchIntervals();
    const app = await buildApp(testConfig(makeTempDir()), { database, jobs: {} });
    await app.ready();
    const boss = app.jobEngine.boss;
    const queues = (await boss.getQueues()).map((queue) => queue.name);
    expect(queues).toEqual(
      expect.arrayContaining([
        'digests-due',
        'fingerprints',
        'publish-processing',
        'publish-keeper',
        'list-searches-ready',
        'catalogue-item-docs',
        'rate-limits-forget',
      ]),
    );
    // the engine's maintenance, monitor and cron timers, and the leases' beat
    expect(intervals.count()).toBeGreaterThanOrEqual(4);
    expect(intervals.left()).toBe(intervals.count());

    const stopped = stoppedEvent(boss);
    await app.close();
    expect(intervals.left()).toBe(0);
    await stopped;
    expect(() => app.jobEngine).toThrow('the job engine has not started');
  });

  it('a job whose start throws leaves nothing running: the engine started before it is stopped', async () => {
    const database = await getTestDatabase();
    const intervals = watchIntervals();
    const events: string[] = [];
    let boss: PgBoss | undefined;
    let stopped: Promise<void> | undefined;
    const first = BACKGROUND_JOBS[0] as BackgroundJob;
    const broken: BackgroundJob = {
      name: 'broken',
      description: 'a job that cannot start',
      async start(app) {
        boss = app.jobEngine.boss;
        stopped = stoppedEvent(boss);
        events.push('start broken');
        throw new Error('it cannot start');
      },
    };
    const after = tickingJob('after', events, {});
    const log = pino({ level: 'silent' });
    await expect(
      startJobs({
        database,
        config: testConfig(makeTempDir()),
        media: mediaOf(),
        log,
        jobs: [first, broken, after],
      }),
    ).rejects.toThrow('it cannot start');
    expect(events).toEqual(['start broken']);
    expect(boss).toBeDefined();
    expect(intervals.count()).toBeGreaterThanOrEqual(4);
    expect(intervals.left()).toBe(0);
    await stopped;
  });
});

/** The fingerprint job only hands the media store to its runs; none runs before the failure. */
function mediaOf() {
  return {} as Parameters<typeof startJobs>[0]['media'];
}
