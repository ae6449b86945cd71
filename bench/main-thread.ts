// Figures: how long a signed-in page blocks a slowed phone's main thread as it starts, and what it
// spends that time on. Each path is loaded `BENCH_LOADS` times (default 3), each a first visit in a
// fresh browser context at 390×844 with the CPU slowed 4× (Chromium's DevTools protocol, as
// Lighthouse's mobile profile does). The blocking figure is Lighthouse's Total Blocking Time over the
// first 10 s: each long task's time past 50 ms (PerformanceObserver 'longtask').
//
// Beside it, a sampled CPU profile of the same loads (DevTools' Profiler) says where the main thread's
// time went: self time by script and by function, averaged over the loads. The baseline of the same
// run is a visitor's /login (no session): the prerendered page and the app's start alone.
//
// Usage: start Cratedig (npm start), then `npm run bench:main-thread -- /home /sets/1 /tracks`.
// BENCH_URL (default http://localhost:8080), BENCH_LOADS, BENCH_TOP (functions listed, default 25).
import { loadavg } from 'node:os';
import { type Browser, type CDPSession, chromium, request } from '@playwright/test';
import { listener } from '../e2e/support/releases';
import { CHROMIUM_ARGS, findChromium } from '../scripts/find-chromium.mjs';

const base = process.env.BENCH_URL ?? 'http://localhost:8080';
const paths = process.argv.slice(2).length > 0 ? process.argv.slice(2) : ['/home', '/sets/1', '/tracks'];
const LOADS = Number(process.env.BENCH_LOADS ?? 3);
const TOP = Number(process.env.BENCH_TOP ?? 25);
const WINDOW_MS = 10_000;

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

const api = await request.newContext({ baseURL: base });
const tokens = await listener(api, 'mainthread');

const browser: Browser = await chromium.launch({ executablePath: findChromium(), args: CHROMIUM_ARGS });

/** Self time (ms, as sampled: the slowed CPU's time) per key, added into `into`. */
function selfTimes(profile: Profile, keyOf: (node: ProfileNode) => string, into: Map<string, number>) {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  profile.samples.forEach((id, i) => {
    const node = byId.get(id);
    if (!node) return;
    const key = keyOf(node);
    into.set(key, (into.get(key) ?? 0) + (profile.timeDeltas[i] ?? 0) / 1000);
  });
}

const shortUrl = (url: string) =>
  url ? url.replace(/^https?:\/\/[^/]+/, '').replace(/\?.*$/, '') : '(native)';

async function load(path: string, signedIn: boolean) {
  const context = await browser.newContext({ baseURL: base, viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  await page.addInitScript(
    ([access, refresh, expiry]) => {
      if (access) {
        window.localStorage.setItem('accessToken', access);
        window.localStorage.setItem('refreshToken', refresh);
        window.localStorage.setItem('tokenExpiry', expiry);
      }
      const tasks: { start: number; duration: number }[] = [];
      (window as unknown as { longTasks: typeof tasks }).longTasks = tasks;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries())
          tasks.push({ start: entry.startTime, duration: entry.duration });
      }).observe({ type: 'longtask', buffered: true });
    },
    (signedIn
      ? [tokens.access_token, tokens.refresh_token, String(Date.now() + 60 * 60 * 1000)]
      : ['', '', '']) as [string, string, string],
  );
  const cdp: CDPSession = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 500 });
  await cdp.send('Profiler.start');
  await page.goto(path);
  await page.waitForTimeout(WINDOW_MS);
  const { profile } = (await cdp.send('Profiler.stop')) as unknown as { profile: Profile };
  const tasks = await page.evaluate(
    () => (window as unknown as { longTasks: { start: number; duration: number }[] }).longTasks,
  );
  await context.close();
  const inWindow = tasks.filter((task) => task.start < WINDOW_MS);
  return {
    blocking: Math.round(inWindow.reduce((sum, task) => sum + Math.max(0, task.duration - 50), 0)),
    longest: Math.round(Math.max(0, ...inWindow.map((task) => task.duration))),
    tasks: inWindow.length,
    profile,
  };
}

console.log(
  `main thread, 390×844, CPU 4× slower, first ${WINDOW_MS / 1000} s; ${LOADS} loads each; load average ${loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')}`,
);
for (const path of ['/login', ...paths]) {
  const byScript = new Map<string, number>();
  const byFunction = new Map<string, number>();
  const figures: string[] = [];
  for (let i = 0; i < LOADS; i += 1) {
    const { blocking, longest, tasks, profile } = await load(path, path !== '/login');
    figures.push(`${blocking} ms (${tasks} long tasks, longest ${longest} ms)`);
    selfTimes(
      profile,
      (node) =>
        node.callFrame.url
          ? shortUrl(node.callFrame.url)
          : node.callFrame.functionName.startsWith('(')
            ? node.callFrame.functionName
            : '(native)',
      byScript,
    );
    selfTimes(
      profile,
      (node) =>
        `${node.callFrame.functionName || '(anonymous)'} ${shortUrl(node.callFrame.url)}:${node.callFrame.lineNumber + 1}:${node.callFrame.columnNumber + 1}`,
      byFunction,
    );
  }
  console.log(
    `\n${path}${path === '/login' ? " (baseline: a visitor's prerendered sign-in page, no session)" : ''}: blocking ${figures.join('; ')}`,
  );
  const top = (map: Map<string, number>, n: number) =>
    [...map]
      .filter(([key]) => !key.startsWith('(idle)') && !key.startsWith('(program)'))
      .sort((a, b) => b[1] - a[1])
      .slice(0, n)
      .map(([key, ms]) => `  ${(ms / LOADS).toFixed(0).padStart(6)} ms  ${key}`)
      .join('\n');
  const kinds = new Map<string, number>();
  for (const [key, ms] of byFunction) {
    const kind = key.startsWith('(idle)')
      ? 'idle'
      : key.startsWith('(program)')
        ? 'browser (style, layout, parsing: "(program)")'
        : key.startsWith('(garbage collector)')
          ? 'garbage collection'
          : 'script';
    kinds.set(kind, (kinds.get(kind) ?? 0) + ms);
  }
  console.log(
    ` main thread per load: ${[...kinds].map(([kind, ms]) => `${kind} ${(ms / LOADS).toFixed(0)} ms`).join(', ')}`,
  );
  console.log(` self time per load, by script:\n${top(byScript, 12)}`);
  console.log(` by function:\n${top(byFunction, TOP)}`);
}
await browser.close();
await api.dispose();
console.log(
  `\nload average at the end ${loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')}`,
);
