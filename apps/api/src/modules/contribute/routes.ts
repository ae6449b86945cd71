// A listener's pasted tracklist for a set: the preview (reads only) and the submission (proposals).
// Each call's method, path and schemas come from the contract's table of calls; both act as the
// token's user.
import { calls } from '@cratedig/contract/calls';
import type { FastifyPluginAsync } from 'fastify';
import { route } from '../../lib/route';
import { userContext } from '../../plugins/service-context';
import * as contribute from './service';

export const contributeRoutes: FastifyPluginAsync = async (app) => {
  const user = (req: Parameters<typeof userContext>[1]) => userContext(app, req);
  route(app, calls.contribute.preview, (req) => contribute.preview(user(req), req.params.id, req.body.text));
  route(app, calls.contribute.submit, async (req, reply) => {
    const submitted = await contribute.submit(user(req), req.params.id, req.body.text);
    return reply.code(201).send(submitted);
  });
};
