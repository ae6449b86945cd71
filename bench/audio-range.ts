// Audio range-serving throughput: the API serving a set's MP3 through a signed
// mp3_permalink (signature check + @fastify/send) against Debian's nginx serving the same file, in the
// same run. Two loads each: random 64 KiB Range requests (what a seeking <audio> element sends) and
// full-file reads. Not part of `npm test`.
//
//   node --import tsx bench/audio-range.ts
//     needs /usr/sbin/nginx (apt-get install -y nginx-light) and /usr/bin/wrk (apt-get install -y wrk)
//
// Load generator: wrk (C, epoll), not autocannon: autocannon's JS HTTP parser was the bottleneck on
// 64 KiB and 4 MiB bodies (it reported nginx slower than Node and 0 req/s for nginx full-file reads).
// A Lua script in the temp work folder sets a fresh random `Range: bytes=a-b` 64 KiB window per
// request; full-file runs send plain GETs. wrk's `done` hook prints exact totals (requests, bytes,
// duration, socket/status errors, latency percentiles in µs), which are parsed here.
//
// Fairness: the API runs in a child process (one Node event loop) and nginx with ONE worker process,
// so each server gets at most one core. But this machine has only 2 cores (cpus().length is printed)
// and wrk itself (-t2, 32 connections) burns CPU on them at the same time, so each server shares the
// box with the load generator: absolute figures are a floor, the API/nginx ratio is the useful number. Anything else
// running (another benchmark) skews both; the 1-minute load average is printed and saved per run.
// Latencies are wrk's (p50/p90/p99 as --latency prints them; no p95), not corrected for coordinated
// omission. Correctness checks: both servers must answer a probe with 206 (range) and 200 (full) and
// the right bytes before loading; during load wrk counts socket errors and statuses >= 400 ("Non-2xx or 3xx responses"),
// and the bytes received per response must match the expected body (64 KiB or 4 MiB plus headers),
// which catches a server ignoring Range (200 + whole file) without a per-response Lua hook (which
// would make wrk buffer and copy every body). nginx is a throwaway instance on a loopback port with
// a temp config, prefix and pid file, stopped afterwards.
// Prints req/s, MB/s (10^6 bytes), p50/p90/p99 and the API/nginx ratio; writes
// bench/results/audio-range-*.json.
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp } from '../apps/api/src/app';
import { loadConfig } from '../apps/api/src/config';
import { openDatabase } from '../apps/api/src/db/client';
import { signAudioUrl } from '../apps/api/src/lib/audio-links';

const CONNECTIONS = 32;
const THREADS = 2;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
const RANGE_BYTES = 64 * 1024;
// A 128 kbit/s hour-long set is ~57 MB; 4 MiB (a demo set is ~3.6 MB) lets many full reads finish per run.
const FILE_BYTES = 4 * 1024 * 1024;
const FILE_PATH = '/media/audio/sets/bench-set.mp3';
const NGINX = '/usr/sbin/nginx';
const WRK = '/usr/bin/wrk';
const SECRET = 'bench-audio-link-secret-0123456789abcdef';
// Response headers are a few hundred bytes; anything beyond this per response means a wrong body.
const HEADER_ALLOWANCE = 2048;

interface Figures {
  rps: number;
  mbPerS: number;
  p50Ms: number;
  p90Ms: number;
  p99Ms: number;
  requests: number;
  bytesPerResponse: number;
  /** Socket errors (connect/read/write), timeouts and statuses >= 400, as wrk counts them. */
  errors: number;
  /** Bytes received per completed response fit the expected body: the server honoured (or not) Range. */
  bodiesOk: boolean;
  loadavg1: number;
}

interface WrkResult {
  requests: number;
  bytes: number;
  durationUs: number;
  connect: number;
  read: number;
  write: number;
  status: number;
  timeout: number;
  p50Us: number;
  p90Us: number;
  p99Us: number;
}

// wrk Lua script: `setup` numbers the threads so each seeds its own generator; `request` (range load
// only) builds a request with a random 64 KiB window; `done` prints exact totals as one JSON line.
function wrkScript(ranged: boolean): string {
  const request = ranged
    ? `
function request()
  local first = math.random(0, ${FILE_BYTES - RANGE_BYTES})
  return wrk.format(nil, nil, { Range = "bytes=" .. first .. "-" .. (first + ${RANGE_BYTES - 1}) })
end
`
    : '';
  return `-- written by bench/audio-range.ts
local count = 0
function setup(thread)
  count = count + 1
  thread:set("thread_id", count)
end
function init(args)
  math.randomseed(os.time() * 7919 + thread_id)
end
${request}
function done(summary, latency, requests)
  local e = summary.errors
  io.write(string.format(
    'WRK_RESULT {"requests":%.0f,"bytes":%.0f,"durationUs":%.0f,"connect":%.0f,"read":%.0f,"write":%.0f,' ..
    '"status":%.0f,"timeout":%.0f,"p50Us":%.0f,"p90Us":%.0f,"p99Us":%.0f}\\n',
    summary.requests, summary.bytes, summary.duration, e.connect, e.read, e.write, e.status, e.timeout,
    latency:percentile(50), latency:percentile(90), latency:percentile(99)))
end
`;
}

function runWrk(url: string, script: string): Promise<{ result: WrkResult; output: string }> {
  const args = [
    `-t${THREADS}`,
    `-c${CONNECTIONS}`,
    `-d${SECONDS}s`,
    // A 4 MiB read shared 32 ways can take longer than wrk's 2 s default; count only real stalls.
    '--timeout',
    '20s',
    '--latency',
    '-s',
    script,
    url,
  ];
  const child = spawn(WRK, args, { stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  child.stderr.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (code) => {
      const line = output.split('\n').find((l) => l.startsWith('WRK_RESULT '));
      if (code !== 0 || !line) return reject(new Error(`wrk exited with ${code}:\n${output}`));
      resolve({
        result: JSON.parse(line.slice('WRK_RESULT '.length)) as WrkResult,
        output: output.replace(/^WRK_RESULT .*\n?/m, ''),
      });
    });
  });
}

async function load(
  url: string,
  script: string,
  bodyBytes: number,
): Promise<{ figures: Figures; output: string }> {
  const loadavg1 = loadavg()[0] ?? Number.NaN;
  const { result: r, output } = await runWrk(url, script);
  const seconds = r.durationUs / 1e6;
  const bytesPerResponse = r.requests > 0 ? r.bytes / r.requests : 0;
  // summary.bytes also counts responses cut off mid-body when the run ends (at most one per
  // connection), so allow that much extra on top of the headers.
  const maxPerResponse = (bodyBytes + HEADER_ALLOWANCE) * (1 + CONNECTIONS / Math.max(1, r.requests));
  return {
    figures: {
      rps: r.requests / seconds,
      mbPerS: r.bytes / seconds / 1e6,
      p50Ms: r.p50Us / 1000,
      p90Ms: r.p90Us / 1000,
      p99Ms: r.p99Us / 1000,
      requests: r.requests,
      bytesPerResponse: Math.round(bytesPerResponse),
      errors: r.connect + r.read + r.write + r.status + r.timeout,
      bodiesOk: r.requests > 0 && bytesPerResponse >= bodyBytes && bytesPerResponse <= maxPerResponse,
      loadavg1,
    },
    output,
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

// No `tcp_nopush` (TCP_CORK): on loopback (64 KiB MSS) it held the small tail of every 64 KiB range
// response for a delayed-ACK interval, so nginx answered ~790 ranges/s with p50 44 ms against ~47,000/s
// with p50 0.4 ms without it (measured 2026-11-22 with wrk, same machine). That would be measuring a
// loopback artefact, not nginx's range serving; sendfile stays on.
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
  for (const [binary, hint] of [
    [NGINX, 'Debian nginx is missing (apt-get install -y nginx-light)'],
    [WRK, 'wrk is missing (apt-get install -y wrk)'],
  ] as const) {
    if (!existsSync(binary)) {
      console.error(`audio-range bench: ${hint}.`);
      process.exit(2);
    }
  }
  const loadBefore = loadavg();
  const work = mkdtempSync(join(tmpdir(), 'cratedig-bench-audio-'));
  chmodSync(work, 0o755);
  const mediaDir = join(work, 'media');
  mkdirSync(join(mediaDir, 'audio', 'sets'), { recursive: true });
  writeFileSync(join(mediaDir, 'audio', 'sets', 'bench-set.mp3'), randomBytes(FILE_BYTES));
  const prefix = join(work, 'nginx');
  mkdirSync(prefix);
  const scripts = { ranged: join(work, 'range-64k.lua'), full: join(work, 'full-file.lua') };
  writeFileSync(scripts.ranged, wrkScript(true));
  writeFileSync(scripts.full, wrkScript(false));

  const api = await startApi(mediaDir);
  const nginxPort = await freePort();
  let nginx: ChildProcess | undefined;
  try {
    nginx = await startNginx(mediaDir, prefix, nginxPort);
    const config = { audioLinks: { secret: SECRET, ttlS: 6 * 3600 } } as Parameters<typeof signAudioUrl>[0];
    const apiUrl = `${api.address}${signAudioUrl(config, 1, FILE_PATH)}`;
    const nginxUrl = `http://127.0.0.1:${nginxPort}${FILE_PATH}`;
    // Both must answer the same bytes, with the status the load expects, before they are compared.
    const expected = readFileSync(join(mediaDir, 'audio', 'sets', 'bench-set.mp3'));
    const probe = async (url: string, range: boolean) => {
      const response = await fetch(url, range ? { headers: { range: 'bytes=100-199' } } : {});
      const body = Buffer.from(await response.arrayBuffer());
      const same = body.equals(range ? expected.subarray(100, 200) : expected);
      return `${response.status}${same ? '' : ' (wrong bytes)'}`;
    };
    const probes = {
      api: [await probe(apiUrl, true), await probe(apiUrl, false)],
      nginx: [await probe(nginxUrl, true), await probe(nginxUrl, false)],
    };
    for (const [server, [ranged, full]] of Object.entries(probes)) {
      if (ranged !== '206' || full !== '200')
        throw new Error(`${server} probe answered range ${ranged}, full ${full} (want 206, 200)`);
    }

    const runs: Record<string, { api: Figures; nginx: Figures; ratio: { rps: number; mbPerS: number } }> = {};
    const outputs: Record<string, string> = {};
    for (const [name, ranged] of [
      ['range-64k', true],
      ['full-file', false],
    ] as const) {
      const script = ranged ? scripts.ranged : scripts.full;
      const bodyBytes = ranged ? RANGE_BYTES : FILE_BYTES;
      const apiRun = await load(apiUrl, script, bodyBytes);
      const nginxRun = await load(nginxUrl, script, bodyBytes);
      outputs[`${name} api`] = apiRun.output;
      outputs[`${name} nginx`] = nginxRun.output;
      runs[name] = {
        api: apiRun.figures,
        nginx: nginxRun.figures,
        ratio: {
          rps: apiRun.figures.rps / nginxRun.figures.rps,
          mbPerS: apiRun.figures.mbPerS / nginxRun.figures.mbPerS,
        },
      };
    }
    const loadAfter = loadavg();

    const fmtLoad = (l: number[]) => l.map((x) => x.toFixed(2)).join(' ');
    console.log(
      `audio-range: wrk -t${THREADS} -c${CONNECTIONS} -d${SECONDS}s, ${FILE_BYTES / 2 ** 20} MiB file, ${RANGE_BYTES / 1024} KiB ranges, ${cpus().length} CPUs shared by wrk and the server under test`,
    );
    console.log(
      `probes: api range ${probes.api[0]} full ${probes.api[1]}; nginx range ${probes.nginx[0]} full ${probes.nginx[1]}`,
    );
    console.log(`load average (1/5/15 min): before ${fmtLoad(loadBefore)}, after ${fmtLoad(loadAfter)}`);
    console.log('load        server     req/s      MB/s   p50 ms   p90 ms   p99 ms  errors  B/resp  load1');
    for (const [name, run] of Object.entries(runs)) {
      for (const [server, f] of [
        ['api', run.api],
        ['nginx', run.nginx],
      ] as const) {
        console.log(
          `${name.padEnd(11)} ${server.padEnd(7)} ${f.rps.toFixed(0).padStart(8)} ${f.mbPerS.toFixed(1).padStart(9)} ${f.p50Ms.toFixed(2).padStart(8)} ${f.p90Ms.toFixed(2).padStart(8)} ${f.p99Ms.toFixed(2).padStart(8)} ${String(f.errors).padStart(7)} ${String(f.bytesPerResponse).padStart(7)}${f.bodiesOk ? ' ' : '!'} ${f.loadavg1.toFixed(2).padStart(5)}`,
        );
      }
      console.log(
        `${name.padEnd(11)} ratio api/nginx: ${(run.ratio.rps * 100).toFixed(0)}% of req/s, ${(run.ratio.mbPerS * 100).toFixed(0)}% of MB/s`,
      );
    }
    const wrong = Object.entries(runs).flatMap(([name, run]) =>
      (['api', 'nginx'] as const)
        .filter((s) => !run[s].bodiesOk || run[s].errors > 0)
        .map((s) => `${name} ${s}`),
    );
    if (wrong.length > 0)
      console.log(`WARNING: errors or unexpected bytes per response (marked !) in: ${wrong.join(', ')}`);
    const resultsDir = new URL('./results/', import.meta.url).pathname;
    mkdirSync(resultsDir, { recursive: true });
    const file = join(resultsDir, `audio-range-${new Date().toISOString().replace(/[:.]/g, '-')}.json`);
    writeFileSync(
      file,
      `${JSON.stringify(
        {
          date: new Date().toISOString(),
          loadGenerator: `wrk -t${THREADS} -c${CONNECTIONS} -d${SECONDS}s --timeout 20s --latency`,
          connections: CONNECTIONS,
          secondsPerRun: SECONDS,
          fileBytes: FILE_BYTES,
          rangeBytes: RANGE_BYTES,
          cpus: cpus().length,
          loadavgBefore: loadBefore,
          loadavgAfter: loadAfter,
          nginxWorkers: 1,
          probes,
          runs,
          wrkOutput: outputs,
        },
        null,
        2,
      )}\n`,
    );
    console.log(`saved ${file}`);
  } finally {
    if (nginx) await stop(nginx);
    await stop(api.child);
    rmSync(work, { recursive: true, force: true });
  }
}

if (process.argv[2] === '--serve') {
  await serve(process.argv[3] ?? '');
} else {
  await main();
}
