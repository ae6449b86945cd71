// A starting server (main.ts) listens at once, says "starting" on its health check while it serves
// itself the first screen, then reports ready. Here: what the health check answers in each phase, and
// what the warm-up serves (the sign-in page and its files in each encoding), skips (no web app) and
// how it stops (shutdown, its time limit).
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { HEALTH_STARTING_MESSAGE } from '@cratedig/contract/health';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { precompress } from '../../../../scripts/precompress.mjs';
import { buildTestApp, makeTempDir } from '../test/app';
import { startingReadiness } from './readiness';
import { manifestFiles, pageFiles, warmUp } from './warm-up';

const SCRIPT = Array.from({ length: 400 }, (_, i) => `export const value${i} = 'cratedig ${i}';`).join('\n');
const INDEX = `<!doctype html><html><head><title>Cratedig</title>
<link rel="icon" type="image/svg+xml" href="/favicon.svg">
<script type="module" crossorigin src="/assets/index-abc.js"></script>
<link rel="modulepreload" crossorigin href="/assets/react-abc.js">
<link rel="stylesheet" crossorigin href="/assets/index-abc.css">
<link rel="preconnect" href="https://fonts.example.test">
<link rel="manifest" href="/manifest.webmanifest"></head><body><div id="root"></div></body></html>`;
// What Vite's manifest says of the same build: the sign-in page is a lazy chunk with a chunk of its
// own, the entry has a font; another page's chunk is not the first screen's.
const MANIFEST = {
  'index.html': {
    file: 'assets/index-abc.js',
    isEntry: true,
    imports: ['_react-abc.js'],
    css: ['assets/index-abc.css'],
    assets: ['assets/inter-abc.woff2'],
  },
  '_react-abc.js': { file: 'assets/react-abc.js' },
  'src/features/auth/login-page.tsx': {
    file: 'assets/login-page-abc.js',
    imports: ['_frame-abc.js', '_gone-abc.js'],
  },
  '_frame-abc.js': { file: 'assets/frame-abc.js' },
  // Named by the manifest, but not on disk (a build replaced under a running server).
  '_gone-abc.js': { file: 'assets/gone-abc.js' },
  'src/app/pwa/register-worker.ts': { file: 'assets/register-worker-abc.js' },
  'src/features/home/home-page.tsx': { file: 'assets/home-page-abc.js' },
};
const FIRST_SCREEN = [
  '/favicon.svg',
  '/assets/index-abc.js',
  '/assets/react-abc.js',
  '/assets/index-abc.css',
  '/manifest.webmanifest',
  '/assets/inter-abc.woff2',
  '/assets/login-page-abc.js',
  '/assets/frame-abc.js',
  '/assets/gone-abc.js',
  '/assets/register-worker-abc.js',
  '/sw.js',
];

let app: FastifyInstance;
let distDir: string;
let logged = '';
const readiness = startingReadiness();
const notStopped = new AbortController().signal;
let pings = 0;
const pingDatabase = async () => {
  pings += 1;
};

beforeAll(async () => {
  distDir = join(makeTempDir('cratedig-warm-up-'), 'dist');
  mkdirSync(join(distDir, 'assets'), { recursive: true });
  mkdirSync(join(distDir, '.vite'), { recursive: true });
  writeFileSync(join(distDir, 'index.html'), INDEX);
  writeFileSync(join(distDir, '.vite', 'manifest.json'), JSON.stringify(MANIFEST));
  for (const file of FIRST_SCREEN.filter((path) => path.endsWith('.js') && !path.includes('gone'))) {
    writeFileSync(join(distDir, file), SCRIPT);
  }
  writeFileSync(join(distDir, 'assets', 'index-abc.css'), `${'.a { color: red }\n'.repeat(200)}`);
  writeFileSync(join(distDir, 'assets', 'inter-abc.woff2'), Buffer.alloc(2048, 1));
  writeFileSync(join(distDir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"></svg>');
  writeFileSync(join(distDir, 'manifest.webmanifest'), '{"name":"Cratedig"}');
  precompress(distDir);
  const logStream = new Writable({
    write(chunk, _encoding, done) {
      logged += chunk.toString();
      done();
    },
  });
  app = await buildTestApp({ webDistDir: distDir, logLevel: 'info' }, { readiness, logStream });
});

afterAll(async () => {
  await app?.close();
});

describe('the health check of a starting server', () => {
  it('answers 503 "starting" in the error shape, without a log line, until it is ready', async () => {
    const starting = await app.inject({ method: 'GET', url: '/api/health' });
    expect(starting.statusCode).toBe(503);
    expect(starting.headers['retry-after']).toBe('1');
    expect(starting.json()).toMatchObject({
      code: 503,
      status: 'Service Unavailable',
      message: HEALTH_STARTING_MESSAGE,
      starting: true,
    });
    expect(logged).not.toContain('/api/health');

    readiness.markReady();
    const ready = await app.inject({ method: 'GET', url: '/api/health' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ok', database: 'ok' });
  });
});

describe('the warm-up', () => {
  it("finds the page's own files and the sign-in page's chunks, never another origin's or page's", () => {
    expect(pageFiles(INDEX)).toEqual(FIRST_SCREEN.slice(0, 5));
    expect(manifestFiles(distDir)).toEqual([
      '/assets/index-abc.js',
      '/assets/index-abc.css',
      '/assets/inter-abc.woff2',
      '/assets/react-abc.js',
      '/assets/login-page-abc.js',
      '/assets/frame-abc.js',
      '/assets/gone-abc.js',
      '/assets/register-worker-abc.js',
    ]);
    expect(manifestFiles(join(distDir, 'missing'))).toEqual([]);
  });

  it('serves itself the sign-in page and every file of its first screen, then reaches the database', async () => {
    pings = 0;
    const warm = await warmUp(app, { distDir, signal: notStopped, budgetMs: 60_000, pingDatabase });
    // The missing file answered 404: not reported as served.
    expect(warm.served).toEqual(['/login', ...FIRST_SCREEN.filter((path) => !path.includes('gone'))]);
    expect(warm).toMatchObject({ webApp: true, outcome: 'done' });
    expect(pings).toBe(1);
  });

  it('without a built web app, only reaches the database, and logs nothing', async () => {
    pings = 0;
    logged = '';
    const warm = await warmUp(app, {
      distDir: join(distDir, 'missing'),
      signal: notStopped,
      budgetMs: 60_000,
      pingDatabase,
    });
    expect(warm).toMatchObject({ served: [], webApp: false, outcome: 'done' });
    expect(pings).toBe(1);
    expect(logged).toBe('');
  });

  it('opens the database connections after the ping; a failure there still ends the warm-up as done', async () => {
    pings = 0;
    const order: string[] = [];
    const warm = await warmUp(app, {
      distDir: join(distDir, 'missing'),
      signal: notStopped,
      budgetMs: 60_000,
      pingDatabase: async () => {
        order.push('ping');
      },
      warmDatabase: async () => {
        order.push('connections');
        throw new Error('the server went away');
      },
    });
    expect(order).toEqual(['ping', 'connections']);
    expect(warm.outcome).toBe('done');
  });

  it('stops at once when the server is stopping, and at its time limit', async () => {
    pings = 0;
    const stopping = new AbortController();
    stopping.abort();
    const aborted = await warmUp(app, { distDir, signal: stopping.signal, budgetMs: 60_000, pingDatabase });
    expect(aborted).toMatchObject({ served: [], outcome: 'aborted' });
    const late = await warmUp(app, { distDir, signal: notStopped, budgetMs: -1, pingDatabase });
    expect(late).toMatchObject({ served: [], outcome: 'over budget' });
    expect(pings).toBe(0);
  });
});
