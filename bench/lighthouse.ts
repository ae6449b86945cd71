// Figures: Lighthouse (mobile profile: Moto G power emulation, 4× CPU slowdown, slow 4G) performance,
// accessibility and best practices, with LCP and TBT, in Debian's Chromium. Visitor pages (/login,
// /register, /about, …) are measured before the session is stored, the others signed in.
// Usage: start Cratedig (npm start), then `npm run bench:lighthouse -- /login /home /sets/1`.
// BENCH_LIGHTHOUSE_DESKTOP=1 uses Lighthouse's desktop profile instead.
// Lighthouse 12 (the last for Node 20) is installed on first use into .cache/, outside the default
// install. The account is made through the API.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { request } from '@playwright/test';
import { newAccount, register, signInByApi } from '../e2e/support/session';
import { CHROMIUM_ARGS, findChromium } from '../scripts/find-chromium.mjs';

const base = process.env.BENCH_URL ?? 'http://localhost:8080';
const paths = process.argv.slice(2).length > 0 ? process.argv.slice(2) : ['/home'];
const lighthouseDir = join(process.cwd(), '.cache', 'lighthouse');
const lighthouseBin = join(lighthouseDir, 'node_modules', '.bin', 'lighthouse');
if (!existsSync(lighthouseBin)) {
  execFileSync(
    'npm',
    ['install', '--prefix', lighthouseDir, '--no-audit', '--no-fund', 'lighthouse@12.8.2'],
    {
      stdio: 'inherit',
    },
  );
}

const api = await request.newContext({ baseURL: base });
const account = newAccount('lighthouse');
await register(api, account);
const tokens = await signInByApi(api, account);
// Mark onboarding done so the modal does not sit over the page being measured.
await api.post('/api/me/onboarding', {
  headers: { authorization: `Bearer ${tokens.access_token}` },
  data: {},
});

// Lighthouse drives its own Chromium (chrome-launcher) and is handed a puppeteer page on which the
// session's tokens are already stored, keeping storage between audits.
const require = createRequire(join(lighthouseDir, 'package.json'));
const { launch } = await import(pathToFileURL(require.resolve('chrome-launcher')).href);
const puppeteer = (await import(pathToFileURL(require.resolve('puppeteer-core')).href)).default;
const lighthouse = (await import(pathToFileURL(require.resolve('lighthouse')).href)).default;
// chrome-launcher ends Chromium with SIGKILL, which leaves the folder Chromium makes in the temporary
// directory for its singleton socket: Chromium gets a temporary directory of its own, removed at exit.
const chromiumTmp = mkdtempSync(join(tmpdir(), 'cratedig-lighthouse-'));
process.on('exit', () => rmSync(chromiumTmp, { recursive: true, force: true }));
const chrome = await launch({
  chromePath: findChromium(),
  chromeFlags: [...CHROMIUM_ARGS.filter((arg) => arg !== '--headless'), '--headless=new'],
  envVars: { ...process.env, TMPDIR: chromiumTmp },
});
const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` });
const page = await browser.newPage();
const visitorPaths = paths.filter((path) => /^\/(login|register|forgot-password|reset)\b/.test(path));
const signedInPaths = paths.filter((path) => !visitorPaths.includes(path));
const desktop = process.env.BENCH_LIGHTHOUSE_DESKTOP === '1';
const desktopConfig = desktop
  ? (await import(pathToFileURL(require.resolve('lighthouse/core/config/desktop-config.js')).href)).default
  : undefined;

mkdirSync('bench/results', { recursive: true });
const rows: {
  path: string;
  performance: number;
  accessibility: number;
  bestPractices: number;
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  load: number;
}[] = [];

async function audit(path: string) {
  // Lighthouse's mobile figures multiply the main-thread time it observes by 4: on shared cores they
  // follow the machine's load, printed beside them (1-minute load average as the audit starts).
  const load = +(loadavg()[0] ?? 0).toFixed(2);
  const result = await lighthouse(
    `${base}${path}`,
    {
      port: chrome.port,
      disableStorageReset: true,
      onlyCategories: ['performance', 'accessibility', 'best-practices'],
      logLevel: 'error',
    },
    desktopConfig,
    page,
  );
  const report = result.lhr;
  // The whole report, for the audits behind a figure (long tasks, bootup time, network requests).
  const slug = path.replace(/[^a-z0-9]+/gi, '-').replace(/^-|-$/g, '') || 'root';
  writeFileSync(`bench/results/lighthouse-${slug}${desktop ? '-desktop' : ''}.json`, JSON.stringify(report));
  const value = (id: string) => Math.round(report.audits[id].numericValue);
  rows.push({
    path,
    performance: Math.round(report.categories.performance.score * 100),
    accessibility: Math.round(report.categories.accessibility.score * 100),
    bestPractices: Math.round(report.categories['best-practices'].score * 100),
    fcpMs: value('first-contentful-paint'),
    lcpMs: value('largest-contentful-paint'),
    tbtMs: value('total-blocking-time'),
    load,
  });
}

for (const path of visitorPaths) await audit(path);
await page.goto(`${base}/about`);
await page.evaluate(
  (access: string, refresh: string, expiry: string) => {
    localStorage.setItem('accessToken', access);
    localStorage.setItem('refreshToken', refresh);
    localStorage.setItem('tokenExpiry', expiry);
  },
  tokens.access_token,
  tokens.refresh_token,
  String(Date.now() + 3_600_000),
);

for (const path of signedInPaths) await audit(path);
await browser.disconnect();
await chrome.kill();
await api.dispose();
console.table(rows);
writeFileSync('bench/results/lighthouse.json', `${JSON.stringify(rows, null, 2)}\n`);
