// Serves the built web app from the same origin: Vite's hashed /assets/* cached for a
// year, everything else (index.html, sw.js, icons) revalidated on every use so a deploy shows at once,
// and client-side routes (/sets/12, /home, …) answered with index.html, except the pages whose first
// screen the build drew (/login and /register, docs/web-app.md "Offline and first load").
import { existsSync } from 'node:fs';
import { join, sep } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

const IMMUTABLE = 'public, max-age=31536000, immutable';
const REVALIDATE = 'no-cache';

/** Paths the SPA never owns: the API, media, share previews (/public), and assets. */
const NOT_SPA = /^\/(api|media|public|assets)(\/|$)/;

/**
 * Addresses whose document the build wrote with the page already drawn in it (apps/web/scripts/
 * prerender.mjs): `/login` is answered with login.html, which paints before any script runs. Only the
 * exact paths: a query string does not change the page; `/login/` or any other address gets index.html.
 */
const PRERENDERED: Record<string, string> = { '/login': 'login.html', '/register': 'register.html' };

export async function registerWebApp(app: FastifyInstance, options: { distDir: string }): Promise<void> {
  await app.register(firstScreenFormPosts);
  const assetsDir = join(options.distDir, 'assets') + sep;
  await app.register(fastifyStatic, {
    root: options.distDir,
    prefix: '/',
    // A missing dist folder is reported per request (the 503 page below), not a start-up crash.
    suppressWarning: true,
    // send's default "public, max-age=0" is replaced per file in setHeaders.
    cacheControl: false,
    dotfiles: 'ignore',
    // The build writes .br and .gz twins of every file worth compressing (scripts/precompress.mjs):
    // served with Content-Encoding by Accept-Encoding (br first), with Vary: Accept-Encoding.
    preCompressed: true,
    setHeaders: (reply, path) => {
      reply.header('cache-control', path.startsWith(assetsDir) ? IMMUTABLE : REVALIDATE);
    },
  });
}

/**
 * The drawn /login and /register forms are `method="post"` to their own address and cannot be
 * submitted before the app's script runs (docs/accounts.md "Password login"); should a browser
 * send one anyway, what was typed arrives here in a POST body, never in an address. It is read to the
 * end and dropped unparsed (bodies are never logged), and the answer sends the browser back to the
 * page with a GET (303), which then works as usual.
 */
async function firstScreenFormPosts(app: FastifyInstance): Promise<void> {
  // This scope only: any body of these two routes is drained, never parsed or kept.
  app.addContentTypeParser('*', { bodyLimit: 64 * 1024 }, (_request, payload, done) => {
    payload.on('error', done);
    payload.on('end', () => done(null, undefined));
    payload.resume();
  });
  for (const path of Object.keys(PRERENDERED)) {
    app.post(path, { schema: { hide: true } }, async (_request, reply) =>
      reply.code(303).header('location', path).header('cache-control', 'no-store').send(),
    );
  }
}

/**
 * The not-found fallback: a GET/HEAD for a client-side route gets index.html with 200. A missing
 * hashed asset stays a 404: answering HTML for a stale chunk would only fail later as a script error.
 */
export function spaFallback(options: { distDir: string }) {
  return async (request: FastifyRequest, reply: FastifyReply): Promise<boolean> => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return false;
    const path = request.url.split('?')[0] ?? '/';
    if (NOT_SPA.test(path)) return false;
    if (!existsSync(join(options.distDir, 'index.html'))) {
      await reply
        .code(503)
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-store')
        .send(notBuiltPage(options.distDir));
      return true;
    }
    const prerendered = PRERENDERED[path];
    // A build from before the prerender step (or one that skipped it) still answers with index.html.
    const file = prerendered && existsSync(join(options.distDir, prerendered)) ? prerendered : 'index.html';
    await reply.code(200).sendFile(file, options.distDir);
    return true;
  };
}

function notBuiltPage(distDir: string): string {
  const where = distDir.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Cratedig: web app not built</title></head>
<body style="font-family: system-ui, sans-serif; max-width: 40rem; margin: 4rem auto; padding: 0 1rem">
<h1>The web app is not built yet</h1>
<p>The API is running, but there is no built web app in <code>${where}</code>.</p>
<p>Run <code>npm run build</code> (or start with <code>npm start</code>, which builds it), then reload.</p>
</body></html>
`;
}
