// /media/*: artwork (and, through signed links only, audio: modules/player/audio-routes.ts).
// From a folder: @fastify/static with HTTP Range support from @fastify/send (206 + Content-Range,
// Accept-Ranges, 416, ETag, Last-Modified). @fastify/static already refuses "..", encoded or not, and
// non-canonical paths; the realpath check here also stops a symlink inside the media folder from
// reaching a file outside it.
// From a bucket: a redirect to a signed URL of the store, or the object passed on through this server
// with the same range and cache headers (sendStored), per MEDIA_DELIVERY (docs/media-storage.md).
import { mkdirSync } from 'node:fs';
import { realpath } from 'node:fs/promises';
import { sep } from 'node:path';
import { Readable } from 'node:stream';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppConfig } from '../config';
import { HttpError, notFound } from '../lib/http-errors';
import {
  contentTypeOf,
  FolderMediaStore,
  MEDIA_PREFIX,
  MediaMissing,
  type MediaStore,
  mediaKey,
  RangeNotSatisfiable,
} from '../lib/media-store';
// the SDK is loaded only when the settings name a bucket (lib/media-store.ts openMediaStore)
import type { S3MediaStore } from '../lib/media-store-s3';

export { MEDIA_PREFIX };

// Media files are written once under content-specific names; a day's caching with ETag revalidation
// after it keeps players fast without pinning a replaced file for a year.
const MEDIA_CACHE = 'public, max-age=86400';

export type MediaDelivery = 'redirect' | 'proxy';

/** How listeners get media from a bucket (MEDIA_DELIVERY); undefined when media are in a folder. */
export function mediaDelivery(config: Pick<AppConfig, 'mediaStore'>): MediaDelivery | undefined {
  return config.mediaStore.kind === 's3' ? config.mediaStore.delivery : undefined;
}

export async function registerMedia(app: FastifyInstance, store: MediaStore): Promise<void> {
  if (store instanceof FolderMediaStore) {
    const mediaDir = store.root;
    mkdirSync(mediaDir, { recursive: true });
    await app.register(fastifyStatic, {
      root: mediaDir,
      prefix: MEDIA_PREFIX,
      decorateReply: false, // reply.sendFile belongs to the web app's registration
      index: false,
      dotfiles: 'ignore',
      cacheControl: false,
      setHeaders: (reply) => {
        reply.header('cache-control', MEDIA_CACHE);
      },
      onFile: async (path) => {
        const [root, file] = await Promise.all([realpath(mediaDir), realpath(path)]);
        if (!file.startsWith(root + sep)) throw notFound('File');
      },
    });
    return;
  }
  const delivery = mediaDelivery(app.config);
  if (!isBucket(store) || !delivery) throw new Error(`no delivery for media in ${store.location}`);
  const handler = async (request: FastifyRequest, reply: FastifyReply) => {
    const key = keyOfRequest(request.url);
    if (!key) throw notFound('File');
    return sendStored(request, reply, { store, delivery, key, cacheControl: MEDIA_CACHE });
  };
  app.get(`${MEDIA_PREFIX}*`, { schema: { hide: true } }, handler);
}

export function isBucket(store: MediaStore): store is S3MediaStore {
  return store.kind === 's3';
}

/** The media key of a request's path, or undefined when it names none ("..", bad encoding, a folder). */
export function keyOfRequest(url: string): string | undefined {
  const rawPath = url.split('?', 1)[0] ?? '';
  try {
    return mediaKey(decodeURIComponent(rawPath));
  } catch {
    return undefined;
  }
}

/**
 * Answers a request for a stored object from a bucket: 302 to its signed URL (the redirect itself
 * kept as long as the URL stays the same), or its bytes passed on with Range, ETag and 304/416 as
 * the folder answers them. `cacheControl` is what the object is served with either way.
 */
export async function sendStored(
  request: FastifyRequest,
  reply: FastifyReply,
  options: {
    store: S3MediaStore;
    delivery: MediaDelivery;
    key: string;
    cacheControl: string;
    /** The redirect is kept no longer than this (what is left of a signed audio link's life). */
    maxRedirectAgeS?: number;
  },
) {
  const { store, key, cacheControl } = options;
  if (options.delivery === 'redirect') {
    // an unknown key answers 404 here, not a redirect to the store's own error page
    if (!(await store.exists(key))) throw notFound('File');
    const { url, stableForS } = await store.signedUrl(key, cacheControl);
    const scope = cacheControl.startsWith('private') ? 'private' : 'public';
    const maxAge = Math.min(stableForS, options.maxRedirectAgeS ?? stableForS);
    return reply
      .code(302)
      .header('location', url)
      .header('cache-control', `${scope}, max-age=${maxAge}`)
      .send();
  }
  if (request.method === 'HEAD') {
    const found = await store.head(key);
    if (!found) throw notFound('File');
    // an empty stream: Fastify's HEAD handling keeps the length given (an empty string would be 0)
    return reply
      .code(200)
      .headers({
        'accept-ranges': 'bytes',
        'content-type': contentTypeOf(key),
        'content-length': String(found.size),
        etag: found.etag,
        'last-modified': found.lastModified.toUTCString(),
        'cache-control': cacheControl,
      })
      .send(Readable.from([]));
  }
  try {
    const read = await store.read(key, {
      range: header(request, 'range'),
      ifNoneMatch: header(request, 'if-none-match'),
      ifModifiedSince: header(request, 'if-modified-since'),
    });
    reply.code(read.status).headers(read.headers).header('cache-control', cacheControl);
    return reply.send(read.body);
  } catch (error) {
    if (error instanceof MediaMissing) throw notFound('File');
    if (error instanceof RangeNotSatisfiable) {
      // Keep Content-Range (bytes */size) so a player can learn the length (RFC 9110 §15.5.17).
      throw new HttpError(416, 'The requested range is not satisfiable.', undefined, {
        'content-range': `bytes */${error.size}`,
      });
    }
    throw error;
  }
}

function header(request: FastifyRequest, name: string): string | undefined {
  const value = request.headers[name];
  return typeof value === 'string' ? value : undefined;
}
