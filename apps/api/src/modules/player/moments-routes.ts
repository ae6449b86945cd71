// The crowd's moments (registered by the player routes): a set's heat strip, 'Continue listening',
// the last played set and a track's moments in its sets. Method, path and schemas come from the
// contract's table of calls; every call needs a signed-in user, and the per-user ones act as that
// user only.
import { calls } from '@cratedig/contract/calls';
import type { FastifyPluginAsync } from 'fastify';
import { route } from '../../lib/route';
import { serviceContext, userContext } from '../../plugins/service-context';
import * as moments from './moments-service';

export const momentsRoutes: FastifyPluginAsync = async (app) => {
  route(app, calls.sets.heat, (req) => moments.setHeat(serviceContext(app), req.params.id));
  route(app, calls.plays.continue, (req) => moments.continueListening(userContext(app, req), req.query));
  route(app, calls.plays.last, async (req, reply) => {
    const last = await moments.lastPlayed(userContext(app, req));
    return last ?? reply.code(204).send(null);
  });
  route(app, calls.tracks.moments, (req) =>
    moments.trackMoments(serviceContext(app), req.params.id, req.query.set_ids),
  );
};
