// Routes of the fingerprint calls (routes.ts `fingerprints` in the contract). All of them need a
// signed-in user, like the rest of the catalogue; sending what was found acts as that user.
import { calls } from '@cratedig/contract/calls';
import type { FastifyPluginAsync } from 'fastify';
import { route } from '../../lib/route';
import { serviceContext, userContext } from '../../plugins/service-context';
import { whenIdNamed } from '../identifications/copies-service';
import { proposeFound } from './found-proposals';
import * as service from './service';

export const fingerprintsRoutes: FastifyPluginAsync = async (app) => {
  const ctx = serviceContext(app);
  // naming an ID proposes the same name for its copies under other ID entries
  whenIdNamed('fingerprints', async (idCtx, named) => {
    await service.proposeForCopies(idCtx, named);
  });
  route(app, calls.fingerprints.heardIn, (req) => service.heardIn(ctx, req.params.id, req.query));
  route(app, calls.fingerprints.setSuggestions, (req) => service.setSuggestions(ctx, req.params.id));
  route(app, calls.fingerprints.proposeFound, async (req, reply) => {
    const proposed = await proposeFound(userContext(app, req), req.params.id);
    return reply.code(201).send(proposed);
  });
  route(app, calls.fingerprints.status, () => service.status(ctx));
};
