// A DJ's own sets: the tus endpoint their recordings come by (tus.ts), and the calls of the contract's
// `publish` group, each acting as the token's user on their own drafts only.
import { calls } from '@cratedig/contract/calls';
import { PUBLISH_LIMITS, uploadParams } from '@cratedig/contract/publish-api';
import type { FastifyPluginAsync } from 'fastify';
import { HttpError } from '../../lib/http-errors';
import { route } from '../../lib/route';
import { userContext } from '../../plugins/service-context';
import { ARTWORK_PATH, putArtwork, TOO_BIG } from './artwork';
import { fingerprintSoon } from './fingerprint-queue';
import { queueProcessing } from './jobs';
import * as owner from './owner-service';
import type { UploadRow } from './queries';
import * as own from './service';
import { registerTusUploads } from './tus';

/** The artwork's types, each read by its content all the same (artwork.ts). */
const ART_TYPES = ['image/jpeg', 'image/png', 'image/webp'];

export const publishRoutes: FastifyPluginAsync = async (app) => {
  const user = (req: Parameters<typeof userContext>[1]) => userContext(app, req);
  await registerTusUploads(app, {
    config: app.config,
    queueProcessing: (id) => queueProcessing(app.jobSender, id),
  });
  route(app, calls.publish.list, (req) => own.list(user(req)));
  route(app, calls.publish.detail, (req) => own.detail(user(req), req.params.id));
  route(app, calls.publish.remove, async (req, reply) => {
    const ctx = user(req);
    await own.removeDraft(ctx, app.media, req.params.id, async (row: UploadRow) => {
      await owner.removeOwnSet(ctx, app.media, row);
    });
    return reply.code(204).send();
  });

  // The owner's calls (owner-service.ts): details, preview, publishing, and what was recognised.
  route(app, calls.publish.details, (req) => owner.saveDetails(user(req), req.params.id, req.body));
  route(app, calls.publish.preview, (req) => owner.preview(user(req), req.params.id, req.body.tracklist));
  route(app, calls.publish.publish, (req) =>
    owner.publish(user(req), req.params.id, () => fingerprintSoon(app.jobSender, app.log)),
  );
  route(app, calls.publish.unpublish, (req) => owner.unpublish(user(req), req.params.id));
  route(app, calls.publish.recognised, (req) => owner.recognised(user(req), req.params.id));
  route(app, calls.publish.accept, (req) => owner.accept(user(req), req.params.id, req.body));
  // The artwork comes as the raw picture, not JSON: a parser of its own in a scope of its own. Any
  // declared type is taken (a browser may send none, or application/octet-stream): the picture is
  // read by its content (artwork.ts), so what is no picture is refused there.
  await app.register(async (scope) => {
    const asBytes = { parseAs: 'buffer' as const, bodyLimit: PUBLISH_LIMITS.artMaxBytes };
    const keep = (_req: unknown, body: Buffer | string, done: (err: null, body: Buffer | string) => void) =>
      done(null, body);
    scope.addContentTypeParser(ART_TYPES, asBytes, keep);
    scope.addContentTypeParser('*', asBytes, keep);
    scope.setErrorHandler(async (error) => {
      // the parent's handler answers in the error shape; this one only names the picture's limit
      if ((error as { code?: string }).code === 'FST_ERR_CTP_BODY_TOO_LARGE')
        throw new HttpError(413, TOO_BIG);
      throw error;
    });
    const schema = {
      operationId: 'publishArtwork',
      summary:
        "Sets a draft's or a published set's artwork: the picture's bytes as the body, read by their content",
      tags: ['publishing'],
      security: [{ bearer: [] }],
    };
    scope.put<{ Params: { id: string } }>(
      ARTWORK_PATH,
      { onRequest: app.authenticate, schema },
      async (req) => {
        const ctx = user(req);
        const params = uploadParams.safeParse(req.params);
        if (!params.success)
          throw new HttpError(422, 'Not an upload.', { params: { id: ['Not an upload.'] } });
        const body = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
        return await putArtwork(ctx, app.media, params.data.id, body);
      },
    );
  });
};
