// Play latency: in Chromium against the local server, the time from clicking a
// set's Play button to the shared <audio>'s currentTime advancing, and from a seek to a far position
// (90 % into the set, checked unbuffered when it is made) to playback moving again. Median of 10.
//
//   node --import tsx bench/play-latency.ts                 (starts its own server on a free port)
//   BENCH_URL=http://localhost:8080 node --import tsx bench/play-latency.ts   (a running server)
//
// Every run uses a fresh browser context (empty HTTP cache) and a fresh account (no saved resume
// position), so each Play really starts a set from 0 over the network. Times are taken inside the page
// (performance.now at the click / the seek, then a requestAnimationFrame watch on currentTime), so
// Playwright's own round trips are not counted. Prints a table and writes bench/results/play-latency-*.json.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, request as playwrightRequest } from '@playwright/test';
import { newAccount, register, signInByApi } from '../e2e/support/session';
import { CHROMIUM_ARGS, findChromium } from '../scripts/find-chromium.mjs';

const RUNS = Number(process.env.BENCH_RUNS ?? 10);

// Over loopback an 8 kbit/s demo set (about 2 MB) is wholly buffered within a few hundred ms, so a
// far seek never waits for the network. The second profile throttles Chromium (DevTools protocol) to
// a home connection, which leaves the seek target unbuffered and makes the seek a real Range fetch.
const PROFILES = [
  { name: 'loopback', throttle: null },
  {
    name: '4 Mbit/s, 40 ms RTT',
    throttle: { latency: 40, downloadThroughput: 500_000, uploadThroughput: 125_000 },
  },
] as const;

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

async function waitHealthy(base: string, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(`${base}/api/health`)).ok) return;
    } catch {}
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`${base} did not become healthy`);
}

let server: ChildProcess | null = null;
let dataDir: string | null = null;
let base = process.env.BENCH_URL ?? '';
if (!base) {
  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  dataDir = mkdtempSync(join(tmpdir(), 'cratedig-play-latency-'));
  server = spawn('node', ['scripts/start.mjs'], {
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      // The generated demo media is deterministic: reuse the end-to-end cache when it is there.
      MEDIA_DIR: process.env.E2E_MEDIA_DIR ?? join(process.cwd(), 'data', 'e2e-media'),
      LOG_LEVEL: 'warn',
    },
  });
  await waitHealthy(base, 180_000);
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[middle] ?? 0) : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
};

const browser = await chromium.launch({ executablePath: findChromium(), args: CHROMIUM_ARGS });
const api = await playwrightRequest.newContext({ baseURL: base });
const rows: Array<{
  profile: string;
  run: number;
  setId: number;
  playMs: number;
  seekMs: number;
  seekTargetBuffered: boolean;
}> = [];
let sets: Array<{ id: number; set_name: string }> = [];
let tokens = { access_token: '', refresh_token: '' };
try {
  // One account for every run (registration is rate limited per address); each run plays a different
  // set the account never played, so no run resumes from a saved position.
  const account = newAccount('bench');
  await register(api, account);
  tokens = await signInByApi(api, account);
  const headers = { authorization: `Bearer ${tokens.access_token}` };
  const catalogue = await api.get(`/api/sets?limit=${RUNS * PROFILES.length}`, { headers });
  sets = (await catalogue.json()).data as Array<{ id: number; set_name: string }>;

  for (const profile of PROFILES) {
    for (let run = 1; run <= RUNS; run++) {
      const context = await browser.newContext({ baseURL: base });
      // tsx compiles the in-page functions below with esbuild's keepNames, which calls a __name helper
      // that only exists in Node: give the page a no-op one.
      await context.addInitScript('window.__name = (fn) => fn;');
      const page = await context.newPage();
      await page.addInitScript(
        ([access, refresh, expiry]) => {
          window.localStorage.setItem('accessToken', access);
          window.localStorage.setItem('refreshToken', refresh);
          window.localStorage.setItem('tokenExpiry', expiry);
        },
        [tokens.access_token, tokens.refresh_token, String(Date.now() + 60 * 60 * 1000)] as const,
      );
      const set = sets[PROFILES.indexOf(profile) * RUNS + run - 1];
      if (!set) throw new Error('not enough sets in the catalogue');
      await page.goto(`/sets/${set.id}`);
      if (profile.throttle) {
        const cdp = await context.newCDPSession(page);
        await cdp.send('Network.enable');
        await cdp.send('Network.emulateNetworkConditions', { offline: false, ...profile.throttle });
      }
      const play = page.getByRole('button', { name: `Play ${set.set_name}` });
      await play.waitFor();
      // Stamp the click inside the page, then watch currentTime every frame.
      const started = page.evaluate(
        () =>
          new Promise<number>((resolve) => {
            const audio = document.querySelector<HTMLAudioElement>('audio[data-player]');
            if (!audio) throw new Error('no player audio');
            let clickedAt = 0;
            document.addEventListener('click', () => (clickedAt ||= performance.now()), {
              capture: true,
              once: true,
            });
            const watch = () => {
              if (clickedAt && audio.currentTime > 0 && !audio.paused) resolve(performance.now() - clickedAt);
              else requestAnimationFrame(watch);
            };
            requestAnimationFrame(watch);
          }),
      );
      const [playMs] = await Promise.all([started, play.click()]);
      const seek = await page.evaluate(
        () =>
          new Promise<{ ms: number; buffered: boolean }>((resolve) => {
            const audio = document.querySelector<HTMLAudioElement>('audio[data-player]') as HTMLAudioElement;
            const target = audio.duration * 0.9;
            let buffered = false;
            for (let i = 0; i < audio.buffered.length; i++) {
              if (audio.buffered.start(i) <= target && target < audio.buffered.end(i)) buffered = true;
            }
            const at = performance.now();
            audio.currentTime = target;
            const watch = () => {
              if (audio.currentTime > target && !audio.paused && !audio.seeking) {
                resolve({ ms: performance.now() - at, buffered });
              } else requestAnimationFrame(watch);
            };
            requestAnimationFrame(watch);
          }),
      );
      rows.push({
        profile: profile.name,
        run,
        setId: set.id,
        playMs: +playMs.toFixed(1),
        seekMs: +seek.ms.toFixed(1),
        seekTargetBuffered: seek.buffered,
      });
      await context.close();
    }
  }
} finally {
  await api.dispose();
  await browser.close();
  if (server?.pid) server.kill('SIGTERM');
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
}

const summary = {
  measured: new Date().toISOString(),
  base,
  runs: RUNS,
  machine: { cpus: cpus().length, loadavg: loadavg().map((load) => +load.toFixed(2)) },
  profiles: PROFILES.map(({ name }) => {
    const mine = rows.filter((row) => row.profile === name);
    return {
      profile: name,
      medianPlayToAdvanceMs: +median(mine.map((row) => row.playMs)).toFixed(1),
      medianFarSeekToResumeMs: +median(mine.map((row) => row.seekMs)).toFixed(1),
      seekTargetsUnbuffered: mine.filter((row) => !row.seekTargetBuffered).length,
    };
  }),
  rows,
};
console.table(rows);
for (const figures of summary.profiles) {
  console.log(
    `${figures.profile}: median Play → currentTime advancing ${figures.medianPlayToAdvanceMs} ms; far seek → playing again ${figures.medianFarSeekToResumeMs} ms (${figures.seekTargetsUnbuffered}/${RUNS} targets unbuffered)`,
  );
}
mkdirSync('bench/results', { recursive: true });
const file = `bench/results/play-latency-${summary.measured.replace(/[:.]/g, '-')}.json`;
writeFileSync(file, `${JSON.stringify(summary, null, 2)}\n`);
console.log(`saved ${file}`);
