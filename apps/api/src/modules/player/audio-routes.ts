// GET/HEAD /media/audio/sets/*: set audio for signed links only (audio-links.ts). More specific than the
// media plugin's /media/* route, so the router sends every audio request here and a plain, unsigned
// /media/audio/sets/… path answers 403 instead of the file. Open route (an <audio> element sends no bearer
// token): the signature is the credential. Range, 206/416, ETag and Last-Modified come from
// @fastify/send as in plugins/media.ts, with its ".." refusal plus the same realpath guard; from a
// bucket, plugins/media.ts's sendStored redirects to the store or passes the object on.
import { realpath } from 'node:fs/promises';
import { sep } from 'node:path';
import { audioLinkQuery } from '@cratedig/contract/player-api';
import send from '@fastify/send';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AUDIO_PREFIX, verifyAudioLink } from '../../lib/audio-links';
import { forbidden, HttpError, notFound } from '../../lib/http-errors';
import { isBucket, keyOfRequest, mediaDelivery, sendStored } from '../../plugins/media';

/** A browser may keep the bytes for the link's life, but only for this user (private). */
const MAX_CACHE_S = 24 * 3600;

export const audioRoutes: FastifyPluginAsyncZod = async (app) => {
  const mediaDir = app.config.mediaDir;
  const mediaRoot = realpath(mediaDir).catch(() => mediaDir);

  app.get(
    `${AUDIO_PREFIX}*`,
    {
      schema: {
        summary: 'Set audio through a signed mp3_permalink (HTTP Range supported)',
        tags: ['player'],
        querystring: audioLinkQuery,
        hide: true,
      },
    },
    async (request, reply) => {
      const rawPath = request.url.split('?', 1)[0] ?? '';
      let path: string;
      try {
        path = decodeURIComponent(rawPath);
      } catch {
        throw forbidden('This audio link is not valid.');
      }
      // Belt and braces beside send's own refusal: a '..' segment never resolves, signed or not.
      if (path.split(/[\\/]/).includes('..')) throw forbidden('This audio link is not valid.');
      const check = verifyAudioLink(app.config, path, request.query);
      // 403 for unsigned, tampered and expired alike: the client re-fetches the set (docs/player.md).
      if (!check.ok) throw forbidden(check.reason);

      const maxAge = Math.max(0, Math.min(MAX_CACHE_S, check.expiresAt - Math.floor(Date.now() / 1000)));
      const store = app.media;
      const delivery = mediaDelivery(app.config);
      if (isBucket(store) && delivery) {
        const key = keyOfRequest(rawPath);
        if (!key) throw notFound('File');
        // the object's own cache life is fixed, so its signed URL stays the same for a while
        return sendStored(request, reply, {
          store,
          delivery,
          key,
          cacheControl: `private, max-age=${MAX_CACHE_S}`,
          maxRedirectAgeS: maxAge,
        });
      }

      const root = await mediaRoot;
      const result = await send(request.raw, rawPath.slice('/media'.length), {
        root: mediaDir,
        dotfiles: 'ignore',
        index: false,
        cacheControl: false,
        onFile: async (file) => {
          if (!(await realpath(file)).startsWith(root + sep)) throw notFound('File');
        },
      });
      if (result.type === 'error') {
        const status = result.statusCode;
        if (status === 416) {
          // Keep Content-Range (bytes */size) so a player can learn the length (RFC 9110 §15.5.17).
          const contentRange = result.headers['Content-Range'] ?? result.headers['content-range'];
          const headers: Record<string, string> = contentRange ? { 'content-range': contentRange } : {};
          throw new HttpError(416, 'The requested range is not satisfiable.', undefined, headers);
        }
        throw status === 403 ? forbidden() : notFound('File');
      }
      if (result.type === 'directory') throw notFound('File');
      return reply
        .code(result.statusCode)
        .headers(result.headers)
        .header('cache-control', `private, max-age=${maxAge}`)
        .send(result.stream);
    },
  );
};
