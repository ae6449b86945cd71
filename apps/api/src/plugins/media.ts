// /media/*: artwork and audio from MEDIA_DIR with HTTP Range support from @fastify/send
// (206 + Content-Range, Accept-Ranges, 416, ETag, Last-Modified). @fastify/static already refuses
// "..", encoded or not, and non-canonical paths; the realpath check here also stops a symlink inside
// the media folder from reaching a file outside it.
import { mkdirSync } from 'node:fs';
import { realpath } from 'node:fs/promises';
import { sep } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { notFound } from '../lib/http-errors';

export const MEDIA_PREFIX = '/media/';
// Media files are written once under content-specific names; a day's caching with ETag revalidation
// after it keeps players fast without pinning a replaced file for a year.
const MEDIA_CACHE = 'public, max-age=86400';

export async function registerMedia(app: FastifyInstance, options: { mediaDir: string }): Promise<void> {
  mkdirSync(options.mediaDir, { recursive: true });
  await app.register(fastifyStatic, {
    root: options.mediaDir,
    prefix: MEDIA_PREFIX,
    decorateReply: false, // reply.sendFile belongs to the web app's registration
    index: false,
    dotfiles: 'ignore',
    cacheControl: false,
    setHeaders: (reply) => {
      reply.header('cache-control', MEDIA_CACHE);
    },
    onFile: async (path) => {
      const [root, file] = await Promise.all([realpath(options.mediaDir), realpath(path)]);
      if (!file.startsWith(root + sep)) throw notFound('File');
    },
  });
}
