// The crowd's moments (registered by the player routes): a set's heat strip, 'Continue listening',
// the last played set and a track's moments in its sets. Thin: schemas from the contract and one
// service call each; every call needs a signed-in user, and the per-user ones act as that user only.
import { errorShape, idParams } from '@cratedig/contract/common';
import {
  continueListeningList,
  continueListeningQuery,
  playedSet,
  setHeat,
  trackMoments,
  trackMomentsQuery,
} from '@cratedig/contract/moments-api';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { serviceContext, userContext } from '../../lib/service-context';
import * as moments from './moments-service';

const errors = {
  400: errorShape,
  401: errorShape,
  404: errorShape,
  422: errorShape,
  '5xx': errorShape,
} as const;
const noContent = z.null().describe('No content');

export const momentsRoutes: FastifyPluginAsyncZod = async (app) => {
  const guard = { onRequest: app.authenticate };
  const doc = (summary: string) => ({ summary, tags: ['player'], security: [{ bearer: [] }] });

  app.get(
    '/api/sets/:id/heat',
    {
      ...guard,
      schema: {
        ...doc("The set's moment likes per bucket of a few seconds (exact counts) and its most liked one"),
        params: idParams,
        response: { 200: setHeat, ...errors },
      },
    },
    (req) => moments.setHeat(serviceContext(app), req.params.id),
  );
  app.get(
    '/api/plays/continue',
    {
      ...guard,
      schema: {
        ...doc(
          "Continue listening: the user's sets left part-way (not finished), most recently played first",
        ),
        querystring: continueListeningQuery,
        response: { 200: continueListeningList, ...errors },
      },
    },
    (req) => moments.continueListening(userContext(app, req), req.query),
  );
  app.get(
    '/api/plays/last',
    {
      ...guard,
      schema: {
        ...doc('The set the user last played, where, and its track there (204 when none)'),
        response: { 200: playedSet, 204: noContent, ...errors },
      },
    },
    async (req, reply) => {
      const last = await moments.lastPlayed(userContext(app, req));
      return last ?? reply.code(204).send(null);
    },
  );
  app.get(
    '/api/tracks/:id/moments',
    {
      ...guard,
      schema: {
        ...doc('Where the track plays in sets (start_time) and the moment likes it got there'),
        params: idParams,
        querystring: trackMomentsQuery,
        response: { 200: trackMoments, ...errors },
      },
    },
    (req) => moments.trackMoments(serviceContext(app), req.params.id, req.query.set_ids),
  );
};
