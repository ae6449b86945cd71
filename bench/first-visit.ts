// Figures: what the first visit after a start costs the server, against the visits after it. Starts
// `apps/api/src/main.ts` afresh (BENCH_RUNS times, default 3) on an existing DATA_DIR with the built web
// app, waits until /api/health answers 200 (ready), then makes the sign-in page's requests three times
// in a row as a browser does (the page; its scripts, style and manifest at once; the lazy page chunks,
// fonts and icon at once), each round with a fresh curl (no client-side warmth), and reads the
// server's CPU time from /proc/<pid>/schedstat around each round.
// Usage: npm start once (builds the web app, seeds ./data), stop it, then `npm run bench:first-visit`
// (DATA_DIR, BENCH_PORT default 8213). Needs curl.
import { execFileSync, spawn } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const root = process.cwd();
const port = Number(process.env.BENCH_PORT ?? 8213);
const runs = Number(process.env.BENCH_RUNS ?? 3);
const dist = process.env.WEB_DIST_DIR ?? join(root, 'apps/web/dist');
const base = `http://127.0.0.1:${port}`;
const load = () => readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');

const html = readFileSync(join(dist, 'index.html'), 'utf8');
const entry = [...html.matchAll(/(?:src|href)="(\/(?:assets\/)?[^"]+)"/g)].map((m) => m[1] ?? '');
const late = readdirSync(join(dist, 'assets'))
  .filter((f) =>
    /^(login-page|auth-page-frame|register-worker)-.*\.js$|-latin-wght-normal-.*\.woff2$/.test(f),
  )
  .map((f) => `/assets/${f}`);

/** Milliseconds per path, fetched in parallel by one curl as a browser would (brotli accepted). */
function curl(paths: string[]): number[] {
  const args = ['-s', '--no-progress-meter', '--parallel', '--parallel-immediate'];
  args.push('-H', 'accept-encoding: gzip, deflate, br, zstd');
  for (const path of paths) args.push('-o', '/dev/null', '-w', '%{http_code} %{time_total}\\n', base + path);
  return execFileSync('curl', args, { encoding: 'utf8' })
    .trim()
    .split('\n')
    .map((line) => {
      const [code, seconds] = line.split(' ');
      if (code !== '200') throw new Error(`a first-screen file answered ${code}`);
      return Math.round(Number(seconds) * 1000);
    });
}

const rows: Record<string, number | string>[] = [];
for (let run = 1; run <= runs; run++) {
  const started = performance.now();
  const server = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/main.ts'], {
    cwd: root,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn' },
    stdio: 'ignore',
  });
  const exited = new Promise((resolve) => server.on('exit', resolve));
  let starting = 0;
  for (;;) {
    const status = await fetch(`${base}/api/health`).then(
      (r) => r.status,
      () => 0,
    );
    if (status === 200) break;
    if (status === 503) starting += 1;
    if (server.exitCode !== null) throw new Error('the server exited while starting');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  const readyMs = Math.round(performance.now() - started);
  const cpuMs = () =>
    Math.round(Number(readFileSync(`/proc/${server.pid}/schedstat`, 'utf8').split(' ')[0]) / 1e6);
  for (let visit = 1; visit <= 3; visit++) {
    const cpuBefore = cpuMs();
    const visitStarted = performance.now();
    const [pageMs = 0] = curl(['/login']);
    const entryMs = Math.max(...curl(entry));
    const lateMs = Math.max(...curl(late));
    rows.push({
      run,
      visit,
      readyMs: visit === 1 ? readyMs : '',
      starting503: visit === 1 ? starting : '',
      pageMs,
      entryMaxMs: entryMs,
      lateMaxMs: lateMs,
      wallMs: Math.round(performance.now() - visitStarted),
      serverCpuMs: cpuMs() - cpuBefore,
    });
  }
  server.kill('SIGTERM');
  await exited;
}
console.log(`load average ${load()}`);
console.table(rows);
mkdirSync('bench/results', { recursive: true });
writeFileSync('bench/results/first-visit.json', `${JSON.stringify({ load: load(), rows }, null, 2)}\n`);
