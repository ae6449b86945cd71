// Figure: the JavaScript a browser downloads to show a page, measured in Chromium: what crossed the
// wire (transferred, as the server encoded it: brotli, gzip or nothing), the decoded size, and that
// decoded code gzipped at level 9 (the budget's measure, independent of how the server sent it).
// Usage: start Cratedig (npm start), then `npm run bench:first-screen -- /login /about`.
import { mkdirSync, writeFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import { CHROMIUM_ARGS, findChromium } from '../scripts/find-chromium.mjs';

const base = process.env.BENCH_URL ?? 'http://localhost:8080';
const paths = process.argv.slice(2).length > 0 ? process.argv.slice(2) : ['/login'];

interface Script {
  body: Buffer;
  transferred: number;
  encoding: string;
}

const browser = await chromium.launch({ executablePath: findChromium(), args: CHROMIUM_ARGS });
const rows: {
  path: string;
  files: number;
  transferredKB: number;
  encodings: string;
  rawKB: number;
  gzipKB: number;
}[] = [];
for (const path of paths) {
  const context = await browser.newContext();
  const page = await context.newPage();
  const scripts: Promise<Script>[] = [];
  page.on('response', (response) => {
    if (response.request().resourceType() !== 'script') return;
    scripts.push(
      (async () => {
        const body = await response.body();
        // Encoded body bytes as received (Chromium's network stack, before decoding).
        const sizes = await response.request().sizes();
        const encoding = (await response.headerValue('content-encoding')) ?? 'identity';
        return { body, transferred: sizes.responseBodySize, encoding };
      })(),
    );
  });
  await page.goto(base + path, { waitUntil: 'networkidle' });
  const loaded = await Promise.all(scripts);
  const sum = (f: (s: Script) => number) => loaded.reduce((total, s) => total + f(s), 0);
  const kb = (n: number) => +(n / 1024).toFixed(1);
  rows.push({
    path,
    files: loaded.length,
    transferredKB: kb(sum((s) => s.transferred)),
    encodings: [...new Set(loaded.map((s) => s.encoding))].join(' '),
    rawKB: kb(sum((s) => s.body.length)),
    gzipKB: kb(sum((s) => gzipSync(s.body, { level: 9 }).length)),
  });
  await context.close();
}
await browser.close();
console.table(rows);
mkdirSync('bench/results', { recursive: true });
writeFileSync('bench/results/first-screen-js.json', `${JSON.stringify(rows, null, 2)}\n`);
