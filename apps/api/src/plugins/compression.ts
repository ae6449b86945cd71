// Response compression (decision 0014). API answers (JSON, share previews) are compressed on the fly
// when the client accepts it and they are worth it (>= 1 KB; brotli at a fast quality, else gzip),
// in one call up to 64 KB.
// Media and the built web app are never compressed here: audio and images gain nothing and audio is
// served in byte ranges, while the web app's files are compressed once at build time
// (scripts/precompress.mjs) and served as they are (plugins/web-app.ts, `preCompressed`).
import fastifyCompress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

/** Below this many bytes the framing and the CPU cost more than the bytes saved. */
export const COMPRESS_THRESHOLD_BYTES = 1024;

/**
 * Answers up to this size (nearly every API answer: a page of 20 items is 10–40 KB) are compressed in
 * one call rather than through a zlib stream. On this deployment's few cores, which the API shares
 * with PostgreSQL, a stream per response cost about 0.5 ms of CPU in setup and scheduling, more than
 * the compression itself, and there are no idle cores for its thread pool to use. 64 KB compress
 * in well under a millisecond, so the event loop is not held for long; larger answers stream.
 */
export const COMPRESS_SYNC_MAX_BYTES = 65_536;

/** Routes that serve files: /media/* (audio with Range, artwork) and the web app (`/`, `/*`). */
function servesFiles(url: string): boolean {
  return url.startsWith('/media') || url === '/*' || url === '/';
}

export async function registerCompression(app: FastifyInstance): Promise<void> {
  // Runs before @fastify/compress's own onRoute hook (registered next), which skips `compress: false`.
  app.addHook('onRoute', (route) => {
    if (servesFiles(route.url)) route.compress = false;
  });
  await app.register(fastifyCompress, {
    global: true,
    threshold: COMPRESS_THRESHOLD_BYTES,
    syncThreshold: COMPRESS_SYNC_MAX_BYTES,
    encodings: ['br', 'gzip'],
  });
}
