import type { Page } from '@playwright/test';

// How long a page blocks a phone's main thread as it starts, measured the way Lighthouse's mobile
// profile simulates it: the page loads at the machine's own speed while Chromium traces its main
// thread; each task's CPU time is multiplied by 4 (the slowed phone), and whatever part of a task
// runs past 50 ms is blocking time (Total Blocking Time). Thread CPU time, not the wall clock, so
// the figure does not grow when other processes take the machine's cores (the API reading audio
// during the journeys, a parallel build).

/** The phone's CPU against this machine's, as Lighthouse's mobile profile has it. */
export const PHONE_SLOWDOWN = 4;
/** A task's time past this is blocking time. */
export const LONG_TASK_MS = 50;

interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  tdur?: number;
  args?: { name?: string; data?: { url?: string } };
}

export interface MainThreadFigures {
  /** Σ max(0, 4 × a task's CPU time − 50 ms) over the window. */
  blockingMs: number;
  /** The longest task, 4 × its CPU time. */
  longestMs: number;
  /** The main thread's CPU time in the window, at this machine's speed. */
  cpuMs: number;
}

/** The figures of one trace: every task of the main thread of the renderer that loaded `origin`. */
export function mainThreadFigures(events: TraceEvent[], origin: string): MainThreadFigures {
  const pids = new Set(
    events.filter((e) => String(e.args?.data?.url ?? '').startsWith(origin)).map((e) => e.pid),
  );
  let tasks: TraceEvent[] = [];
  for (const thread of events.filter(
    (e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain' && pids.has(e.pid),
  )) {
    const own = events.filter(
      (e) => e.pid === thread.pid && e.tid === thread.tid && e.name === 'RunTask' && e.ph === 'X',
    );
    if (own.length > tasks.length) tasks = own;
  }
  let blockingMs = 0;
  let longestMs = 0;
  let cpuMs = 0;
  for (const task of tasks) {
    const cpu = (task.tdur ?? task.dur ?? 0) / 1000;
    const onPhone = cpu * PHONE_SLOWDOWN;
    cpuMs += cpu;
    longestMs = Math.max(longestMs, onPhone);
    blockingMs += Math.max(0, onPhone - LONG_TASK_MS);
  }
  return { blockingMs: Math.round(blockingMs), longestMs: Math.round(longestMs), cpuMs: Math.round(cpuMs) };
}

/**
 * Opens `path` in `page` (a fresh context, so a first visit) and traces its main thread until the
 * page has settled: `ready` has seen what the page must draw, the network is quiet, and the browser
 * has had a whole idle period (the app's work left for idle moments is done).
 */
export async function traceFirstVisit(
  page: Page,
  path: string,
  ready: (page: Page) => Promise<unknown>,
): Promise<MainThreadFigures> {
  const cdp = await page.context().newCDPSession(page);
  const events: TraceEvent[] = [];
  cdp.on('Tracing.dataCollected', (data) => events.push(...(data.value as unknown as TraceEvent[])));
  const complete = new Promise((resolve) => cdp.once('Tracing.tracingComplete', resolve));
  await cdp.send('Tracing.start', {
    categories: 'devtools.timeline,disabled-by-default-devtools.timeline',
    transferMode: 'ReportEvents',
  });
  await page.goto(path);
  await ready(page);
  await page.waitForLoadState('networkidle');
  await page.evaluate(
    () =>
      new Promise<void>((resolve) => {
        // An idle period the browser can give whole (50 ms) means nothing is waiting to run.
        const idle = (deadline: IdleDeadline) =>
          deadline.timeRemaining() >= 49 ? resolve() : requestIdleCallback(idle);
        requestIdleCallback(idle);
      }),
  );
  await cdp.send('Tracing.end');
  await complete;
  await cdp.detach();
  return mainThreadFigures(events, new URL(page.url()).origin);
}
