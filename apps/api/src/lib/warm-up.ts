// Before the server listens (and so before /api/health can answer), it serves the first screen once to
// itself: the SPA's index.html and every script, style and preload it names, in each encoding a
// browser asks for, plus a database ping. A fresh process otherwise pays on its first visitor for
// reading those files, finding their precompressed twins and compiling the static-file and routing
// paths, which showed as a slower first paint on the first visit after a start than on the second.
import type { FastifyInstance } from 'fastify';

/** Same-origin assets an HTML page loads at once: scripts, stylesheets, preloads, icons, manifest. */
export function firstScreenAssets(html: string): string[] {
  const found = new Set<string>();
  for (const match of html.matchAll(/<(?:script|link)\b[^>]*?\b(?:src|href)="(\/[^"/][^"]*)"/g)) {
    const path = match[1];
    if (path && !path.startsWith('//')) found.add(path);
  }
  return [...found];
}

const ENCODINGS = ['br, gzip, deflate', 'gzip, deflate', ''];

export interface WarmUp {
  /** Paths answered 200, the page first. */
  served: string[];
  ms: number;
}

export async function warmUp(app: FastifyInstance, page = '/login'): Promise<WarmUp> {
  const started = performance.now();
  const served: string[] = [];
  const get = async (url: string, encoding: string) =>
    await app.inject({ method: 'GET', url, headers: encoding ? { 'accept-encoding': encoding } : {} });
  const index = await get(page, '');
  if (index.statusCode === 200 && index.headers['content-type']?.toString().startsWith('text/html')) {
    served.push(page);
    for (const encoding of ENCODINGS.slice(0, 2)) await get(page, encoding);
    for (const asset of firstScreenAssets(index.body)) {
      let ok = true;
      for (const encoding of ENCODINGS) ok = (await get(asset, encoding)).statusCode === 200 && ok;
      if (ok) served.push(asset);
    }
  }
  if ((await get('/api/health', '')).statusCode === 200) served.push('/api/health');
  return { served, ms: Math.round(performance.now() - started) };
}
