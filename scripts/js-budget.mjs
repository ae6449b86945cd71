// The JavaScript a route loads before it is usable, computed from the built web app's Vite manifest:
// the entry chunk, the chunks that make up the route's first screen (its lazy layout and page, and
// what those render at once), and every chunk they import statically, each counted once, gzipped at
// level 9, plus the chunks every page loads by itself right after it (the service worker's
// registration, on the load event), so the figure is what Chromium downloads for the page
// (bench/first-screen-js.ts). Other dynamic imports (what waits for an interaction: dialogs, the
// queue, Firebase) are not counted. Deterministic: the same build gives the same figures.
//   node scripts/js-budget.mjs [dist]   prints the table and exits 1 when a budget is exceeded
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

/**
 * Budgets in KB (1024 bytes) of gzipped JavaScript, and the source modules each route's first screen
 * loads. A signed-in page counts the signed-in frame with the bottom player. The product's targets
 * are /login at most 150 KB and a signed-in /home with the player at most 220 KB; /login's budget is
 * its measured 146.1 KB (2026-12-03: the transport sends a write's database position back, for a
 * read replica) plus 1 KB, so a regression fails the build before the target is reached. A
 * route without a budget is measured and printed only.
 */
export const ROUTES = [
  {
    path: '/login',
    budgetKB: 147,
    modules: ['src/features/auth/login-page.tsx'],
  },
  {
    path: '/home',
    budgetKB: 220,
    modules: ['src/app/signed-in-layout.tsx', 'src/features/home/home-page.tsx'],
  },
  {
    path: '/sets/:id',
    modules: ['src/app/signed-in-layout.tsx', 'src/features/sets/set-detail-page.tsx'],
  },
  {
    path: '/tracks/:id',
    modules: ['src/app/signed-in-layout.tsx', 'src/features/tracks/track-detail-page.tsx'],
  },
  {
    path: '/artists/:id',
    modules: ['src/app/signed-in-layout.tsx', 'src/features/artists/artist-detail-page.tsx'],
  },
];

/** Lazy chunks that every page loads without an interaction, after its first screen. */
export const EVERY_PAGE_MODULES = ['src/app/pwa/register-worker.ts'];

export function readManifest(dist) {
  return JSON.parse(readFileSync(join(dist, '.vite', 'manifest.json'), 'utf8'));
}

/** Chunk files (manifest keys) of a route: the entry, its modules and their static imports, once each. */
export function routeChunks(manifest, modules) {
  const entry = Object.keys(manifest).find((key) => manifest[key].isEntry);
  if (!entry) throw new Error('the manifest has no entry chunk');
  const seen = new Set();
  const visit = (key) => {
    if (seen.has(key)) return;
    const chunk = manifest[key];
    if (!chunk) throw new Error(`${key} is not a chunk of this build (renamed or inlined?)`);
    seen.add(key);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  visit(entry);
  for (const module of modules) visit(module);
  return [...seen].map((key) => manifest[key].file).filter((file) => file.endsWith('.js'));
}

export function gzipKB(dist, files) {
  const bytes = files.reduce(
    (total, file) => total + gzipSync(readFileSync(join(dist, file)), { level: 9 }).length,
    0,
  );
  return Math.round((bytes / 1024) * 10) / 10;
}

export function measureRoutes(dist) {
  const manifest = readManifest(dist);
  return ROUTES.map((route) => {
    const files = routeChunks(manifest, [...route.modules, ...EVERY_PAGE_MODULES]);
    return {
      path: route.path,
      files: files.length,
      gzipKB: gzipKB(dist, files),
      budgetKB: route.budgetKB ?? null,
    };
  });
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const dist = process.argv[2] ?? fileURLToPath(new URL('../apps/web/dist', import.meta.url));
  const rows = measureRoutes(dist);
  console.table(rows);
  const over = rows.filter((row) => row.budgetKB !== null && row.gzipKB > row.budgetKB);
  for (const row of over)
    console.error(`${row.path}: ${row.gzipKB} KB of gzipped JavaScript, budget ${row.budgetKB} KB`);
  process.exit(over.length > 0 ? 1 : 0);
}
