// Response compression (decision 0014). API answers (JSON, share previews) are compressed on the fly
// when the client accepts it and they are worth it (>= 1 KB; brotli, else gzip, both at a fast level),
// in one call up to 128 KB.
// Media and the built web app are never compressed here: audio and images gain nothing and audio is
// served in byte ranges, while the web app's files are compressed once at build time
// (scripts/precompress.mjs) and served as they are (plugins/web-app.ts, `preCompressed`).
import { constants } from 'node:zlib';
import fastifyCompress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

/** Below this many bytes the framing and the CPU cost more than the bytes saved. */
export const COMPRESS_THRESHOLD_BYTES = 1024;

/**
 * Answers up to this size (every API answer but the largest: a page of 20 items is 10–40 KB, a search
 * of four sections 35–75 KB) are compressed in one call rather than through a zlib stream. On this
 * deployment's few cores, which the API shares with PostgreSQL, a stream per response cost about
 * 0.5 ms of CPU in setup and scheduling, more than the compression itself, and there are no idle
 * cores for its thread pool to use. 128 KB compress in about half a millisecond at the levels below,
 * so the event loop is not held for long; larger answers stream.
 */
export const COMPRESS_SYNC_MAX_BYTES = 131_072;

/**
 * Fast levels: on search answers of the large catalogue (35–72 KB of JSON), gzip's default level 6
 * took 0.36 ms per answer for 5.4 KB, level 4 0.23 ms for 5.7 KB; brotli quality 4 (the plugin's
 * default) 0.30 ms for 5.6 KB, quality 3 0.20 ms for 5.8 KB (bench/README.md "Compiled once,
 * compressed faster"). Compression was about a twelfth of the API's CPU per search; 0.4 KB more per
 * answer is about 3 ms on a slow 1 Mbit/s line, where the CPU saved serves more listeners on the same
 * cores.
 */
const GZIP_LEVEL = 4;
const BROTLI_QUALITY = 3;

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
    zlibOptions: { level: GZIP_LEVEL },
    brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY } },
  });
}
