// main.ts as a real process: start, serve, and shut down gracefully on SIGTERM.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
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

async function startMain(): Promise<Server> {
  const dataDir = makeTempDir('cratedig-main-');
  const mediaDir = join(dataDir, 'media');
  mkdirSync(mediaDir, { recursive: true });
  writeFileSync(join(mediaDir, 'big.mp3'), Buffer.alloc(BIG_FILE_BYTES, 7));
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: API_DIR,
    env: {
      ...process.env,
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      WEB_DIST_DIR: join(dataDir, 'no-web-build'),
      SEED_DEMO: 'false',
      LOG_LEVEL: 'info',
      CRATEDIG_ENV: 'test',
      DATABASE_URL: '',
    },
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
    logged('Cratedig is serving on'),
    exited.then((code) => {
      throw new Error(`main.ts exited with ${code} before serving:\n${output}`);
    }),
  ]);
  const port = Number(output.match(/serving on http:\/\/[^:]+:(\d+)/)?.[1]);
  return { child, port, output: () => output, exited, logged };
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
  it('serves, then exits 0 promptly on SIGTERM even with an idle keep-alive connection open', async () => {
    const server = await startMain();
    const agent = new http.Agent({ keepAlive: true });
    const health = await get(server.port, '/api/health', agent);
    expect(health.statusCode).toBe(200);
    expect(JSON.parse((await readAll(health)).toString())).toEqual({ status: 'ok', database: 'ok' });
    // The browser-like socket stays open and idle; it must not hold the shutdown until the 10 s limit.
    const signalledAt = Date.now();
    server.child.kill('SIGTERM');
    const code = await server.exited;
    agent.destroy();
    expect(code, server.output()).toBe(0);
    expect(Date.now() - signalledAt).toBeLessThan(5000);
    expect(server.output()).toContain('SIGTERM received');
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
