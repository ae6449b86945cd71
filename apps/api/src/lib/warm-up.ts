// What a starting server does between listening and reporting ready: it serves itself the first screen
// a visitor gets (the sign-in page and every file that page downloads, in the encodings browsers ask
// for), pings the database and opens the connections it will use. A fresh process otherwise makes its
// first visitor pay for compiling the routing and static-file code paths, reading the files from disk
// and the first database round trip: that first visit measured 2-3 times slower on the server than the
// second (docs/deploy.md "Readiness").
//
// The warm-up is bounded (it gives up after `budgetMs` and the server reports ready anyway) and stops
// between two requests as soon as `signal` aborts (a SIGTERM while starting).
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';

/** The page a visitor lands on (`/` redirects to it). */
export const FIRST_PAGE = '/login';

/**
 * Source modules of the first screen besides the entry, as the build's manifest names them: the
 * sign-in page (lazy) and the service worker's registration, which loads on the page's load event.
 */
const FIRST_SCREEN_MODULES = ['src/features/auth/login-page.tsx', 'src/app/pwa/register-worker.ts'];

/** Accept-Encoding of today's browsers (brotli served), of older ones (gzip), and of none. */
const ENCODINGS = ['gzip, deflate, br, zstd', 'gzip, deflate', ''];

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  css?: string[];
  assets?: string[];
}

/** Same-origin files an HTML page loads at once: scripts, stylesheets, preloads, icons, manifest. */
export function pageFiles(html: string): string[] {
  const found = new Set<string>();
  for (const match of html.matchAll(/<(?:script|link)\b[^>]*?\b(?:src|href)="(\/[^"/][^"]*)"/g)) {
    if (match[1]) found.add(match[1]);
  }
  return [...found];
}

/**
 * Files of the first screen from the build's manifest (.vite/manifest.json): the entry, the sign-in
 * page and what they import statically, with their styles and fonts. Empty without a manifest.
 */
export function manifestFiles(distDir: string): string[] {
  const path = join(distDir, '.vite', 'manifest.json');
  if (!existsSync(path)) return [];
  let manifest: Record<string, ManifestChunk>;
  try {
    manifest = JSON.parse(readFileSync(path, 'utf8')) as Record<string, ManifestChunk>;
  } catch {
    return [];
  }
  const files = new Set<string>();
  const seen = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || seen.has(key)) return;
    seen.add(key);
    for (const file of [chunk.file, ...(chunk.css ?? []), ...(chunk.assets ?? [])]) files.add(`/${file}`);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  for (const [key, chunk] of Object.entries(manifest)) if (chunk.isEntry) visit(key);
  for (const key of FIRST_SCREEN_MODULES) visit(key);
  return [...files];
}

export interface WarmUpOptions {
  /** The built web app; without its index.html only the database is warmed (an API-only start). */
  distDir: string;
  /** Stops the warm-up between two requests (shutdown). */
  signal: AbortSignal;
  /** Past this the warm-up stops where it is: readiness must not wait on it for long. */
  budgetMs: number;
  /** The database's first round trip (the health check's own statement). */
  pingDatabase: () => Promise<unknown>;
  /** Then opens and readies the database connections the instance will use (past the budget too). */
  warmDatabase?: () => Promise<unknown>;
}

export interface WarmUpResult {
  /** Paths answered 200 in every encoding asked, the page first. */
  served: string[];
  ms: number;
  /** False when there is no built web app to warm (an API-only start). */
  webApp: boolean;
  /** 'done', or why it stopped early. */
  outcome: 'done' | 'over budget' | 'aborted';
}

export async function warmUp(app: FastifyInstance, options: WarmUpOptions): Promise<WarmUpResult> {
  const started = performance.now();
  const served: string[] = [];
  const stopped = (): WarmUpResult['outcome'] | undefined => {
    if (options.signal.aborted) return 'aborted';
    if (performance.now() - started > options.budgetMs) return 'over budget';
    return undefined;
  };
  const indexPath = join(options.distDir, 'index.html');
  const webApp = existsSync(indexPath);
  const result = (outcome: WarmUpResult['outcome']): WarmUpResult => ({
    served,
    webApp,
    ms: Math.round(performance.now() - started),
    outcome,
  });
  /** True when the path answered 200 in every encoding asked. */
  const serve = async (path: string, encodings: string[]): Promise<boolean> => {
    let ok = true;
    for (const encoding of encodings) {
      if (stopped()) return false;
      const response = await app.inject({
        method: 'GET',
        url: path,
        headers: encoding ? { 'accept-encoding': encoding } : {},
      });
      ok = response.statusCode === 200 && ok;
    }
    if (ok) served.push(path);
    return ok;
  };

  // Warming is an optimisation: whatever goes wrong in it (a build replaced under the server, the app
  // closing) leaves the first visitor a cold path, never a failed start.
  try {
    if (webApp) {
      await serve(FIRST_PAGE, ENCODINGS);
      const html = readFileSync(indexPath, 'utf8');
      const files = new Set([...pageFiles(html), ...manifestFiles(options.distDir), '/sw.js']);
      for (const file of files) {
        // A file of a build replaced in the meantime answers 404: nothing to warm, not an error.
        await serve(file, ENCODINGS.slice(0, 2));
        if (stopped()) return result(stopped() ?? 'done');
      }
    }
  } catch {
    // falls through to the database, as without a web app
  }
  if (stopped()) return result(stopped() ?? 'done');
  // A database that does not answer is the health check's to report once ready, not a start-up failure.
  await options.pingDatabase().catch(() => {});
  if (stopped()) return result(stopped() ?? 'done');
  await options.warmDatabase?.().catch(() => {});
  return result(stopped() ?? 'done');
}
