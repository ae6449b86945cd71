// The warm-up a starting server runs before it listens: it serves itself the first screen (the page and
// every script, style and preload the page names, which a real build writes with their compressed
// twins) and pings the database; a missing asset is not reported as served.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { precompress } from '../../../../scripts/precompress.mjs';
import { buildTestApp, makeTempDir } from '../test/app';
import { firstScreenAssets, warmUp } from './warm-up';

const SCRIPT = Array.from({ length: 400 }, (_, i) => `export const value${i} = 'cratedig ${i}';`).join('\n');
const INDEX = `<!doctype html><html><head><title>Cratedig</title>
<link rel="stylesheet" crossorigin href="/assets/index-abc.css">
<link rel="modulepreload" crossorigin href="/assets/vendor-abc.js">
<link rel="manifest" href="/manifest.webmanifest">
<link rel="preconnect" href="https://fonts.example.test">
<script type="module" crossorigin src="/assets/index-abc.js"></script>
<script type="module" src="/assets/missing-abc.js"></script>
</head><body><div id="root"></div></body></html>`;

let app: FastifyInstance;

beforeAll(async () => {
  const distDir = join(makeTempDir('cratedig-warm-up-'), 'dist');
  mkdirSync(join(distDir, 'assets'), { recursive: true });
  writeFileSync(join(distDir, 'index.html'), INDEX);
  writeFileSync(join(distDir, 'assets', 'index-abc.js'), SCRIPT);
  writeFileSync(join(distDir, 'assets', 'vendor-abc.js'), SCRIPT);
  writeFileSync(
    join(distDir, 'assets', 'index-abc.css'),
    `body { margin: 0 }\n${'.a { color: red }\n'.repeat(200)}`,
  );
  writeFileSync(join(distDir, 'manifest.webmanifest'), '{"name":"Cratedig"}');
  precompress(distDir);
  app = await buildTestApp({ webDistDir: distDir });
});

afterAll(async () => {
  await app?.close();
});

describe('the warm-up before listening', () => {
  it("lists the page's own scripts, styles, preloads and manifest, never another origin's", () => {
    expect(firstScreenAssets(INDEX)).toEqual([
      '/assets/index-abc.css',
      '/assets/vendor-abc.js',
      '/manifest.webmanifest',
      '/assets/index-abc.js',
      '/assets/missing-abc.js',
    ]);
  });

  it('serves the sign-in page, each asset it names and the health check to itself', async () => {
    const warm = await warmUp(app);
    expect(warm.served).toEqual([
      '/login',
      '/assets/index-abc.css',
      '/assets/vendor-abc.js',
      '/manifest.webmanifest',
      '/assets/index-abc.js',
      '/api/health',
    ]);
    expect(warm.ms).toBeGreaterThanOrEqual(0);
  });
});
