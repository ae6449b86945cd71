// GET /public/preview/{sets|tracks|artists|labels}/{id}: open to everyone (docs/accounts.md), HTML;
// and its stylesheet, /public/preview.css. Pages, not JSON calls: outside the contract's table of
// calls, so their OpenAPI entries are written here.
import { readFile } from 'node:fs/promises';
import { PREVIEW_KINDS } from '@cratedig/contract/catalogue-api';
import { idParams } from '@cratedig/contract/common';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { serviceContext } from '../../plugins/service-context';
import { PREVIEW_CSS, PREVIEW_FONTS } from './preview-css';
import { previewPage, STYLESHEET_PATH } from './service';

// Unfurlers and people re-open shared links in bursts; names rarely change.
const CACHE_CONTROL = 'public, max-age=300';

export const shareRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/public/preview/:kind/:id',
    {
      schema: {
        summary:
          "Share page: the item's artwork, facts and track list for anyone, 'Sign in to listen', Open Graph / Twitter card tags",
        tags: ['share'],
        operationId: 'sharePreview',
        security: [],
        params: idParams.extend({ kind: z.enum(PREVIEW_KINDS) }),
        produces: ['text/html'],
      },
    },
    async (request, reply) => {
      const { kind, id } = request.params;
      const page = await previewPage(serviceContext(app), kind, id);
      return reply
        .code(page.status)
        .header('cache-control', CACHE_CONTROL)
        .type('text/html; charset=utf-8')
        .send(page.html);
    },
  );
  app.get(
    STYLESHEET_PATH,
    {
      schema: {
        summary: 'The share pages’ stylesheet',
        tags: ['share'],
        operationId: 'sharePreviewStylesheet',
        security: [],
        produces: ['text/css'],
      },
    },
    async (_request, reply) =>
      reply.header('cache-control', 'public, max-age=3600').type('text/css; charset=utf-8').send(PREVIEW_CSS),
  );
  // The app's own typefaces (its web fonts are hashed into its build): the share page looks like the app.
  app.get(
    '/public/fonts/:file',
    {
      schema: {
        summary: 'The typefaces of the share pages',
        tags: ['share'],
        operationId: 'sharePreviewFont',
        security: [],
        params: z.object({ file: z.enum(Object.keys(PREVIEW_FONTS) as [string, ...string[]]) }),
        produces: ['font/woff2'],
      },
    },
    async (request, reply) =>
      reply
        .header('cache-control', 'public, max-age=604800')
        .type('font/woff2')
        .send(await readFile(PREVIEW_FONTS[request.params.file] as string)),
  );
};
