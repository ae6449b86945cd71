// GET /public/preview/{sets|tracks|artists|labels}/{id}: open to everyone (domain.md Accounts), HTML.
import { PREVIEW_KINDS } from '@cratedig/contract/catalogue-api';
import { idParams } from '@cratedig/contract/common';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { PREVIEW_CSP } from './html';
import { previewPage } from './service';

// Unfurlers and people re-open shared links in bursts; names rarely change.
const CACHE_CONTROL = 'public, max-age=300';

export const shareRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/public/preview/:kind/:id',
    {
      schema: {
        summary: 'Share preview page with Open Graph / Twitter card tags, redirecting to the app',
        tags: ['share'],
        params: idParams.extend({ kind: z.enum(PREVIEW_KINDS) }),
        produces: ['text/html'],
      },
    },
    async (request, reply) => {
      const { kind, id } = request.params;
      const page = await previewPage(app.db, app.config.publicUrl, kind, id);
      return reply
        .code(page.status)
        .header('cache-control', CACHE_CONTROL)
        .header('content-security-policy', PREVIEW_CSP)
        .type('text/html; charset=utf-8')
        .send(page.html);
    },
  );
};
