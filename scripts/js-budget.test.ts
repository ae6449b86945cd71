import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { measureRoutes, ROUTES } from './js-budget.mjs';

// The JavaScript a page loads before it is usable, gzipped, stays within its budget: a build of the
// web app into a temporary folder, measured from its manifest (scripts/js-budget.mjs).
const webRoot = fileURLToPath(new URL('../apps/web/', import.meta.url));
const viteBin = fileURLToPath(new URL('../node_modules/vite/bin/vite.js', import.meta.url));
let dist: string;
let figures: ReturnType<typeof measureRoutes>;
// The build's temporary directory, to see what it leaves there.
let buildTmp: string;

beforeAll(() => {
  const folder = mkdtempSync(join(tmpdir(), 'cratedig-budget-'));
  dist = join(folder, 'dist');
  buildTmp = mkdtempSync(join(folder, 'tmp-'));
  const build = spawnSync(process.execPath, [viteBin, 'build', '--outDir', dist, '--logLevel', 'error'], {
    cwd: webRoot,
    encoding: 'utf8',
    // Vitest runs with NODE_ENV=test, which would make Vite bundle React's development builds.
    env: { ...process.env, NODE_ENV: 'production', TMPDIR: buildTmp },
  });
  if (build.status !== 0) throw new Error(`the web build failed:\n${build.stdout}\n${build.stderr}`);
  figures = measureRoutes(dist);
  console.table(figures);
}, 300_000);

afterAll(() => {
  if (dist) rmSync(join(dist, '..'), { recursive: true, force: true });
});

it('a build leaves nothing in the temporary directory', () => {
  expect(readdirSync(buildTmp)).toEqual([]);
});

describe('JavaScript size budget (gzipped, before the page is usable)', () => {
  for (const route of ROUTES.filter((r) => r.budgetKB !== undefined)) {
    it(`${route.path} loads at most ${route.budgetKB} KB`, () => {
      const figure = figures.find((f) => f.path === route.path);
      expect(figure?.gzipKB).toBeLessThanOrEqual(route.budgetKB ?? 0);
    });
  }

  it('counts the route chunks, not only the entry', () => {
    const login = figures.find((f) => f.path === '/login');
    const home = figures.find((f) => f.path === '/home');
    // The signed-in frame and the player are part of /home's first screen.
    expect(home?.gzipKB ?? 0).toBeGreaterThan((login?.gzipKB ?? 0) + 20);
  });
});
