// A DJ's own sets: the tus endpoint their recordings come by (tus.ts), and the calls of the contract's
// `publish` group, each acting as the token's user on their own drafts only.
import { calls } from '@cratedig/contract/calls';
import type { FastifyPluginAsync } from 'fastify';
import { HttpError } from '../../lib/http-errors';
import { route } from '../../lib/route';
import { type UserContext, userContext } from '../../lib/service-context';
import type { UploadRow } from './queries';
import * as own from './service';
import { registerTusUploads } from './tus';

/** A published set's removal, until the owner's calls take it: the set must be unpublished first. */
async function removePublished(_ctx: UserContext, _row: UploadRow): Promise<void> {
  throw new HttpError(409, 'Unpublish this set before deleting it.');
}

export const publishRoutes: FastifyPluginAsync = async (app) => {
  const user = (req: Parameters<typeof userContext>[1]) => userContext(app, req);
  await registerTusUploads(app, {
    config: app.config.publish,
    queueProcessing: (id) => app.processing.queue(id),
  });
  route(app, calls.publish.list, (req) => own.list(user(req)));
  route(app, calls.publish.detail, (req) => own.detail(user(req), req.params.id));
  route(app, calls.publish.remove, async (req, reply) => {
    const ctx = user(req);
    await own.removeDraft(ctx, app.media, req.params.id, async (row: UploadRow) => {
      await removePublished(ctx, row);
    });
    return reply.code(204).send();
  });
};
