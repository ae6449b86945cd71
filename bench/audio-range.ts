// Audio range-serving throughput (issue 6 "Figures"): the API serving a set's MP3 through a signed
// mp3_permalink (signature check + @fastify/send) against Debian's nginx serving the same file, in the
// same run. Two loads each: random 64 KiB Range requests (what a seeking <audio> element sends) and
// full-file reads. Not part of `npm test`.
//
//   node --import tsx bench/audio-range.ts          (needs /usr/sbin/nginx: apt-get install -y nginx-light)
//
// Fairness: the API runs in a child process (one Node event loop) and nginx with ONE worker process,
// so both serve from one core; autocannon drives both from this process at 32 connections. nginx is a
// throwaway instance on a loopback port with a temp config, prefix and pid file, stopped afterwards.
// Prints req/s, MB/s, p50/p95 and the API/nginx ratio; writes bench/results/audio-range-*.json.
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { buildApp } from '../apps/api/src/app';
import { loadConfig } from '../apps/api/src/config';
import { openDatabase } from '../apps/api/src/db/client';
import { signAudioUrl } from '../apps/api/src/modules/player/audio-links';

const CONNECTIONS = 32;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
const RANGE_BYTES = 64 * 1024;
// A 128 kbit/s hour-long set is ~57 MB; 4 MiB (a demo set is ~3.6 MB) lets 32 full reads finish per run.
const FILE_BYTES = 4 * 1024 * 1024;
const FILE_PATH = '/media/audio/sets/bench-set.mp3';
const NGINX = '/usr/sbin/nginx';
const SECRET = 'bench-audio-link-secret-0123456789abcdef';

interface Figures {
  rps: number;
  mbPerS: number;
  p50Ms: number;
  p95Ms: number;
  requests: number;
  errors: number;
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] as number;
}

async function load(url: string, ranged: boolean, expectStatus: number): Promise<Figures> {
  const times: number[] = [];
  let errors = 0;
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(
      {
        url,
        connections: CONNECTIONS,
        duration: SECONDS,
        requests: [
          {
            // A fresh random 64 KiB window per request, anywhere in the file.
            setupRequest: (request) => {
              if (!ranged) return request;
              const start = Math.floor(Math.random() * (FILE_BYTES - RANGE_BYTES));
              return {
                ...request,
                headers: { ...request.headers, range: `bytes=${start}-${start + RANGE_BYTES - 1}` },
              };
            },
          },
        ],
      },
      (err, res) => (err ? reject(err) : resolve(res)),
    );
    instance.on('response', (_client, status, _bytes, ms) => {
      if (status !== expectStatus) errors += 1;
      times.push(ms);
    });
  });
  times.sort((a, b) => a - b);
  return {
    rps: result.requests.total / SECONDS,
    mbPerS: result.throughput.total / SECONDS / 1e6,
    p50Ms: percentile(times, 50),
    p95Ms: percentile(times, 95),
    requests: result.requests.total,
    errors: errors + result.errors + result.timeouts + result.non2xx,
  };
}

// ---------------------------------------------------------------------------------------------------
// The API in a child process: `node --import tsx bench/audio-range.ts --serve <mediaDir>`

async function serve(mediaDir: string): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'cratedig-bench-audio-'));
  const config = loadConfig({
    CRATEDIG_ENV: 'development',
    DATA_DIR: dataDir,
    MEDIA_DIR: mediaDir,
    LOG_LEVEL: 'silent',
    SEED_DEMO: 'false',
    HOST: '127.0.0.1',
    PORT: '0',
    AUDIO_LINK_SECRET: SECRET,
  });
  // The audio route never queries the database; an empty in-memory one satisfies buildApp.
  const database = await openDatabase({});
  const app = await buildApp(config, { database });
  const address = await app.listen({ host: '127.0.0.1', port: 0 });
  process.send?.({ address });
  process.on('SIGTERM', () => {
    void app
      .close()
      .then(() => database.close().then(() => rmSync(dataDir, { recursive: true, force: true })));
  });
}

function startApi(mediaDir: string): Promise<{ child: ChildProcess; address: string }> {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', new URL(import.meta.url).pathname, '--serve', mediaDir],
    {
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    },
  );
  return new Promise((resolve, reject) => {
    child.once('message', (message) => resolve({ child, address: (message as { address: string }).address }));
    child.once('exit', (code) => reject(new Error(`API child exited with ${code}`)));
  });
}

function startNginx(mediaDir: string, prefix: string, port: number): Promise<ChildProcess> {
  const conf = join(prefix, 'nginx.conf');
  writeFileSync(
    conf,
    `daemon off;
worker_processes 1;
user root root;
pid ${join(prefix, 'nginx.pid')};
error_log ${join(prefix, 'error.log')} warn;
events { worker_connections 1024; }
http {
  access_log off;
  sendfile on;
  tcp_nopush on;
  keepalive_requests 1000000;
  client_body_temp_path ${join(prefix, 'body')};
  proxy_temp_path ${join(prefix, 'proxy')};
  fastcgi_temp_path ${join(prefix, 'fastcgi')};
  uwsgi_temp_path ${join(prefix, 'uwsgi')};
  scgi_temp_path ${join(prefix, 'scgi')};
  types { audio/mpeg mp3; }
  server {
    listen 127.0.0.1:${port};
    location /media/ { alias ${mediaDir}/; add_header Cache-Control private; }
  }
}
`,
  );
  const child = spawn(NGINX, ['-p', prefix, '-c', conf], { stdio: ['ignore', 'inherit', 'inherit'] });
  return new Promise((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`nginx exited with ${code}: ${readLog(prefix)}`)));
    const started = Date.now();
    const poll = async () => {
      try {
        if ((await fetch(`http://127.0.0.1:${port}${FILE_PATH}`, { method: 'HEAD' })).ok)
          return resolve(child);
      } catch {
        // not listening yet
      }
      if (Date.now() - started > 10_000) return reject(new Error('nginx did not start'));
      setTimeout(poll, 100);
    };
    void poll();
  });
}

function readLog(prefix: string): string {
  const file = join(prefix, 'error.log');
  return existsSync(file) ? readFileSync(file, 'utf8') : '';
}

function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.removeAllListeners('exit');
    child.once('exit', () => resolve());
    // nginx: SIGQUIT is its graceful stop; the API child handles SIGTERM.
    child.kill(child.spawnfile === NGINX ? 'SIGQUIT' : 'SIGTERM');
  });
}

async function freePort(): Promise<number> {
  const { createServer } = await import('node:net');
  return new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

async function main(): Promise<void> {
  if (!existsSync(NGINX)) {
    console.error('audio-range bench: Debian nginx is missing (apt-get install -y nginx-light).');
    process.exit(2);
  }
  const work = mkdtempSync(join(tmpdir(), 'cratedig-bench-audio-'));
  chmodSync(work, 0o755);
  const mediaDir = join(work, 'media');
  mkdirSync(join(mediaDir, 'audio', 'sets'), { recursive: true });
  writeFileSync(join(mediaDir, 'audio', 'sets', 'bench-set.mp3'), randomBytes(FILE_BYTES));
  const prefix = join(work, 'nginx');
  mkdirSync(prefix);

  const api = await startApi(mediaDir);
  const nginxPort = await freePort();
  const nginx = await startNginx(mediaDir, prefix, nginxPort);
  try {
    const config = { audioLinks: { secret: SECRET, ttlS: 6 * 3600 } } as Parameters<typeof signAudioUrl>[0];
    const apiUrl = `${api.address}${signAudioUrl(config, 1, FILE_PATH)}`;
    const nginxUrl = `http://127.0.0.1:${nginxPort}${FILE_PATH}`;
    // Both must answer the same bytes before they are compared.
    const probe = async (url: string) => (await fetch(url, { headers: { range: 'bytes=100-199' } })).status;
    const statuses = [await probe(apiUrl), await probe(nginxUrl)];
    if (statuses.some((status) => status !== 206)) throw new Error(`range probe answered ${statuses}`);

    const runs: Record<string, { api: Figures; nginx: Figures; ratio: { rps: number; mbPerS: number } }> = {};
    for (const [name, ranged] of [
      ['range-64k', true],
      ['full-file', false],
    ] as const) {
      const status = ranged ? 206 : 200;
      const apiFigures = await load(apiUrl, ranged, status);
      const nginxFigures = await load(nginxUrl, ranged, status);
      runs[name] = {
        api: apiFigures,
        nginx: nginxFigures,
        ratio: { rps: apiFigures.rps / nginxFigures.rps, mbPerS: apiFigures.mbPerS / nginxFigures.mbPerS },
      };
    }

    console.log(
      `audio-range: ${CONNECTIONS} connections, ${SECONDS} s per run, ${FILE_BYTES / 2 ** 20} MiB file, ${cpus().length} CPUs`,
    );
    console.log('load        server  req/s      MB/s     p50 ms  p95 ms  errors');
    for (const [name, run] of Object.entries(runs)) {
      for (const [server, f] of [
        ['api', run.api],
        ['nginx', run.nginx],
      ] as const) {
        console.log(
          `${name.padEnd(11)} ${server.padEnd(7)} ${f.rps.toFixed(0).padStart(8)} ${f.mbPerS.toFixed(1).padStart(9)} ${f.p50Ms.toFixed(1).padStart(8)} ${f.p95Ms.toFixed(1).padStart(7)} ${String(f.errors).padStart(7)}`,
        );
      }
      console.log(`${name.padEnd(11)} ratio api/nginx: ${(run.ratio.rps * 100).toFixed(0)}% of req/s`);
    }
    const resultsDir = new URL('./results/', import.meta.url).pathname;
    mkdirSync(resultsDir, { recursive: true });
    const file = join(resultsDir, `audio-range-${new Date().toISOString().replace(/[:.]/g, '-')}.json`);
    writeFileSync(
      file,
      `${JSON.stringify(
        {
          date: new Date().toISOString(),
          connections: CONNECTIONS,
          secondsPerRun: SECONDS,
          fileBytes: FILE_BYTES,
          rangeBytes: RANGE_BYTES,
          cpus: cpus().length,
          loadavg: loadavg(),
          nginxWorkers: 1,
          runs,
        },
        null,
        2,
      )}\n`,
    );
    console.log(`saved ${file}`);
  } finally {
    await stop(nginx);
    await stop(api.child);
    rmSync(work, { recursive: true, force: true });
  }
}

if (process.argv[2] === '--serve') {
  await serve(process.argv[3] ?? '');
} else {
  await main();
}
