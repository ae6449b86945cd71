// Identification routes (docs/identifications-api.md): an ID's proposals, proposing, voting,
// withdrawing, a user's proposals and the IDs waiting to be named. Each call's method, path and
// schemas come from the contract's table of calls; a route here is its handler, one service call.
// Every route needs a signed-in user and acts as that user.
import { calls } from '@cratedig/contract/calls';
import type { FastifyPluginAsync } from 'fastify';
import { route } from '../../lib/route';
import { userContext } from '../../plugins/service-context';
import * as identifications from './service';
import { listWaitingIds } from './waiting-ids';

export const identificationsRoutes: FastifyPluginAsync = async (app) => {
  const user = (req: Parameters<typeof userContext>[1]) => userContext(app, req);
  const { identifications: ids } = calls;

  route(app, ids.list, (req) => identifications.listForTrack(user(req), req.params.id, req.query));
  route(app, ids.create, async (req, reply) => {
    const created = await identifications.propose(user(req), req.params.id, req.body);
    return reply.code(201).send(created);
  });
  route(app, ids.vote, (req) => identifications.vote(user(req), req.params.id, req.body));
  route(app, ids.withdraw, (req) => identifications.withdraw(user(req), req.params.id));
  route(app, ids.ofUser, (req) => identifications.listForUser(user(req), req.params.id, req.query));
  route(app, ids.waiting, (req) => listWaitingIds(user(req), req.query));
};
