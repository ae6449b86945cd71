// Response compression (decision 0014). API answers (JSON, share previews) are compressed on the fly
// when the client accepts it and they are worth it (>= 1 KB; brotli at a fast quality, else gzip).
// Media and the built web app are never compressed here: audio and images gain nothing and audio is
// served in byte ranges, while the web app's files are compressed once at build time
// (scripts/precompress.mjs) and served as they are (plugins/web-app.ts, `preCompressed`).
import fastifyCompress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

/** Below this many bytes the framing and the CPU cost more than the bytes saved. */
export const COMPRESS_THRESHOLD_BYTES = 1024;

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
    encodings: ['br', 'gzip'],
  });
}
