// main.ts as a real process: start (saying "starting" on its health check until it has warmed up), serve,
// and shut down gracefully on SIGTERM, also during the warm-up, under keep-alive
// load and when `npm start`'s top process is signalled.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { makeTempDir } from './test/app';

const API_DIR = fileURLToPath(new URL('..', import.meta.url));
// Larger than what loopback socket buffers can hold, so the response is still being written when
// SIGTERM arrives for as long as the client does not read.
const BIG_FILE_BYTES = 32 * 1024 * 1024;

interface Server {
  child: ChildProcess;
  port: number;
  output: () => string;
  exited: Promise<number | null>;
  /** Resolves once a log line containing `text` has been written. */
  logged: (text: string) => Promise<void>;
}

const started: { child: ChildProcess; dataDir: string }[] = [];

afterEach(() => {
  for (const { child, dataDir } of started.splice(0)) {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
  }
});

/**
 * The environment of main.ts started on the embedded database in `dataDir`, API only (no web build, no
 * demo), logging at info; `overrides` win.
 */
function mainEnv(dataDir: string, overrides: Record<string, string> = {}): NodeJS.ProcessEnv {
  return {
    ...process.env,
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    WEB_DIST_DIR: join(dataDir, 'no-web-build'),
    SEED_DEMO: 'false',
    LOG_LEVEL: 'info',
    CRATEDIG_ENV: 'test',
    DATABASE_URL: '',
    ...overrides,
  };
}

/**
 * Starts main.ts and resolves once it logs `until` (by default the line saying it is ready to serve);
 * `webDistDir` is a built web app (default: none, an API-only start).
 */
async function startMain(
  options: { until?: string; webDistDir?: (dataDir: string) => string } = {},
): Promise<Server> {
  const until = options.until ?? 'Cratedig is serving on';
  const dataDir = makeTempDir('cratedig-main-');
  const mediaDir = join(dataDir, 'media');
  mkdirSync(mediaDir, { recursive: true });
  writeFileSync(join(mediaDir, 'big.mp3'), Buffer.alloc(BIG_FILE_BYTES, 7));
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: API_DIR,
    env: mainEnv(dataDir, options.webDistDir ? { WEB_DIST_DIR: options.webDistDir(dataDir) } : {}),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  started.push({ child, dataDir });
  let output = '';
  const waiters: { text: string; resolve: () => void }[] = [];
  const onData = (chunk: Buffer) => {
    output += chunk.toString();
    for (const waiter of waiters.filter((w) => output.includes(w.text))) {
      waiters.splice(waiters.indexOf(waiter), 1);
      waiter.resolve();
    }
  };
  child.stdout?.on('data', onData);
  child.stderr?.on('data', onData);
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const logged = (text: string) =>
    output.includes(text)
      ? Promise.resolve()
      : new Promise<void>((resolve) => waiters.push({ text, resolve }));

  await Promise.race([
    logged(until),
    exited.then((code) => {
      throw new Error(`main.ts exited with ${code} before logging "${until}":\n${output}`);
    }),
  ]);
  const port = Number(output.match(/(?:listening at|serving on) http:\/\/[^:]+:(\d+)/)?.[1]);
  return { child, port, output: () => output, exited, logged };
}

/**
 * A built web app whose first screen names many files: warming it up takes seconds, long enough to
 * ask the health check and to send a signal in the middle of it.
 */
function bigWebBuild(dataDir: string): string {
  const dist = join(dataDir, 'dist');
  mkdirSync(join(dist, 'assets'), { recursive: true });
  const scripts: string[] = [];
  for (let i = 0; i < 3000; i++) {
    writeFileSync(join(dist, 'assets', `chunk-${i}.js`), `export const n = ${i};\n`);
    scripts.push(`<script type="module" src="/assets/chunk-${i}.js"></script>`);
  }
  writeFileSync(join(dist, 'index.html'), `<!doctype html><html><head>${scripts.join('')}</head></html>`);
  return dist;
}

function get(port: number, path: string, agent?: http.Agent): Promise<http.IncomingMessage> {
  return new Promise((resolve, reject) => {
    http.get({ host: '127.0.0.1', port, path, agent }, resolve).on('error', reject);
  });
}

function readAll(response: http.IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    response.on('data', (chunk: Buffer) => chunks.push(chunk));
    response.on('end', () => resolve(Buffer.concat(chunks)));
    response.on('error', reject);
  });
}

// Each test starts a process (tsx + PGlite on disk + migrations): seconds on an idle machine, far more
// when the 2 cores are busy, so these get a generous limit rather than a flaky one.
describe('main.ts', { timeout: 120_000 }, () => {
  it('says "starting" while it warms up, and exits 0 promptly on SIGTERM then, even with an idle keep-alive connection open', async () => {
    const server = await startMain({ until: 'Server listening at', webDistDir: bigWebBuild });
    const agent = new http.Agent({ keepAlive: true });
    const health = await get(server.port, '/api/health', agent);
    expect(health.statusCode).toBe(503);
    expect(JSON.parse((await readAll(health)).toString())).toMatchObject({ code: 503, starting: true });
    // The browser-like socket stays open and idle; neither it nor the warm-up in progress may hold the
    // shutdown until the 10 s limit.
    const signalledAt = Date.now();
    server.child.kill('SIGTERM');
    const code = await server.exited;
    agent.destroy();
    expect(code, server.output()).toBe(0);
    expect(Date.now() - signalledAt).toBeLessThan(5000);
    expect(server.output()).toContain('SIGTERM received');
    expect(server.output()).not.toContain('warmed up');
    expect(server.output()).not.toContain('serving on');
  });

  it('finishes a download that is in flight when SIGTERM arrives, then exits 0', async () => {
    const server = await startMain();
    const response = await get(server.port, '/media/big.mp3');
    expect(response.statusCode).toBe(200);
    // Headers are in, the body is not read yet: the server is mid-response.
    server.child.kill('SIGTERM');
    await server.logged('SIGTERM received');
    expect(server.child.exitCode).toBeNull();
    const body = await readAll(response);
    expect(body.length).toBe(BIG_FILE_BYTES);
    expect(await server.exited, server.output()).toBe(0);
  });

  it('exits 1 with "start-up failed" when it cannot listen, though its background jobs had started as the app got ready', async () => {
    const taken = http.createServer();
    await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
    const address = taken.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    const dataDir = makeTempDir('cratedig-main-');
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
      cwd: API_DIR,
      env: mainEnv(dataDir, { PORT: String(port) }),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    started.push({ child, dataDir });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.stderr.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    // 'close' comes after the output's streams have ended
    const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
    await new Promise((resolve) => taken.close(resolve));
    expect(code, output).toBe(1);
    expect(output).toContain('start-up failed');
    expect(output).toContain('EADDRINUSE');
    expect(output).not.toContain('serving on');
  });

  it('refuses a bad configuration with the list of problems and exit code 1', async () => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
      cwd: API_DIR,
      env: { ...process.env, PORT: 'eighty', LOG_LEVEL: 'loud' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
    expect(code).toBe(1);
    expect(stderr).toContain('Invalid configuration');
    expect(stderr).toContain('PORT: ');
    expect(stderr).toContain('LOG_LEVEL: ');
  });
});

describe('shutdown under keep-alive load', { timeout: 120_000 }, () => {
  it('answers every request written before SIGTERM, and closes keep-alive connections with Connection: close', async () => {
    const server = await startMain();
    const clients = 50;
    const figures = { ok: 0, other: 0, closeHeader: 0, notAccepted: 0, lost: 0 };
    let signalled = false;
    const agent = new http.Agent({ keepAlive: true, maxSockets: clients });
    // Each client sends requests one after another on its keep-alive connection until the server is
    // gone. A request written on a connection the server had already answered on (a reused socket) and
    // left without an answer is lost. A new connection refused or reset is not: the listener had closed
    // (its backlog is reset by the kernel), and a client goes to another instance then.
    const client = async () => {
      for (;;) {
        const outcome = await new Promise<{ status?: number; close?: boolean; reused: boolean }>(
          (resolve) => {
            const request = http.get(
              { host: '127.0.0.1', port: server.port, path: '/api/health', agent },
              (response) => {
                response.resume();
                response.on('end', () =>
                  resolve({
                    status: response.statusCode,
                    close: response.headers.connection === 'close',
                    reused: request.reusedSocket,
                  }),
                );
                response.on('error', () => resolve({ reused: request.reusedSocket }));
              },
            );
            request.on('error', () => resolve({ reused: request.reusedSocket }));
          },
        );
        if (outcome.status === 200) figures.ok += 1;
        else if (outcome.status !== undefined) figures.other += 1;
        if (outcome.close) figures.closeHeader += 1;
        if (outcome.status !== undefined) continue;
        if (outcome.reused || !signalled) figures.lost += 1;
        else figures.notAccepted += 1;
        if (signalled) return;
      }
    };
    const running = Array.from({ length: clients }, client);
    while (figures.ok < clients * 4) await new Promise((resolve) => setTimeout(resolve, 20));
    signalled = true;
    server.child.kill('SIGTERM');
    expect(await server.exited, server.output()).toBe(0);
    await Promise.all(running);
    agent.destroy();
    console.log(`SIGTERM under ${clients} keep-alive clients: ${JSON.stringify(figures)}`);
    expect(figures.lost).toBe(0);
    expect(figures.other).toBe(0);
    expect(figures.closeHeader).toBeGreaterThan(0);
  });
});

describe('npm start', { timeout: 180_000 }, () => {
  it('stops the whole app, launcher and API, on SIGTERM to its top process (npm)', async () => {
    const dataDir = makeTempDir('cratedig-npm-start-');
    const npm = spawn('npm', ['start'], {
      cwd: join(API_DIR, '../..'),
      env: mainEnv(dataDir),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    started.push({ child: npm, dataDir });
    let output = '';
    const serving = new Promise<void>((resolve, reject) => {
      const onData = (chunk: Buffer) => {
        output += chunk.toString();
        if (/serving on http/.test(output)) resolve();
      };
      npm.stdout?.on('data', onData);
      npm.stderr?.on('data', onData);
      npm.on('exit', (code) => reject(new Error(`npm start exited with ${code}:\n${output}`)));
    });
    await serving;
    const servingLine = output.split('\n').find((line) => line.includes('serving on http')) ?? '';
    const apiPid = Number(/"pid":(\d+)/.exec(servingLine)?.[1]);
    const port = Number(/serving on http:\/\/[^:]+:(\d+)/.exec(servingLine)?.[1]);
    // The launcher (scripts/start.mjs) is the API's parent.
    const launcherPid = Number(readFileSync(`/proc/${apiPid}/stat`, 'utf8').split(') ')[1]?.split(' ')[1]);
    expect((await get(port, '/api/health')).statusCode).toBe(200);

    npm.kill('SIGTERM');
    await new Promise((resolve) => npm.once('exit', resolve));
    for (const pid of [launcherPid, apiPid]) {
      while (isRunning(pid)) await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(output).toContain('SIGTERM received');
    expect(output).toContain('stopped');
    await expect(get(port, '/api/health')).rejects.toThrow();
  });
});

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}
