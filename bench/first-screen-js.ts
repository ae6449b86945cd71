// Figure: the JavaScript a browser downloads to show a page, gzipped, measured in Chromium.
// Usage: start Cratedig (npm start), then `npm run bench:first-screen -- /login /about`.
import { mkdirSync, writeFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import { CHROMIUM_ARGS, findChromium } from '../scripts/find-chromium.mjs';

const base = process.env.BENCH_URL ?? 'http://localhost:8080';
const paths = process.argv.slice(2).length > 0 ? process.argv.slice(2) : ['/login'];

const browser = await chromium.launch({ executablePath: findChromium(), args: CHROMIUM_ARGS });
const rows: { path: string; files: number; rawKB: number; gzipKB: number }[] = [];
for (const path of paths) {
  const context = await browser.newContext();
  const page = await context.newPage();
  const scripts: Promise<Buffer>[] = [];
  page.on('response', (response) => {
    if (response.request().resourceType() === 'script') scripts.push(response.body());
  });
  await page.goto(base + path, { waitUntil: 'networkidle' });
  const bodies = await Promise.all(scripts);
  const raw = bodies.reduce((sum, body) => sum + body.length, 0);
  const gzip = bodies.reduce((sum, body) => sum + gzipSync(body, { level: 9 }).length, 0);
  rows.push({
    path,
    files: bodies.length,
    rawKB: +(raw / 1024).toFixed(1),
    gzipKB: +(gzip / 1024).toFixed(1),
  });
  await context.close();
}
await browser.close();
console.table(rows);
mkdirSync('bench/results', { recursive: true });
writeFileSync('bench/results/first-screen-js.json', `${JSON.stringify(rows, null, 2)}\n`);
