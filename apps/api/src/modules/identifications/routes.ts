// Identification routes (docs/identifications-api.md): an ID's proposals, proposing, voting,
// withdrawing, a user's proposals and the IDs waiting to be named. Thin: each declares its contract
// schemas and calls one service function. Every route needs a signed-in user and acts as that user.
import { errorShape, idParams } from '@cratedig/contract/common';
import { identification } from '@cratedig/contract/identification';
import {
  createIdentificationBody,
  duplicateProposalError,
  identificationList,
  identificationListQuery,
  identificationParams,
  userIdentificationList,
  userIdentificationListQuery,
  voteBody,
  waitingIdList,
  waitingIdListQuery,
} from '@cratedig/contract/identifications-api';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { userContext } from '../../lib/service-context';
import * as identifications from './service';
import { listWaitingIds } from './waiting-ids';

const errors = {
  400: errorShape,
  401: errorShape,
  403: errorShape,
  404: errorShape,
  409: duplicateProposalError,
  413: errorShape,
  415: errorShape,
  422: errorShape,
  429: errorShape,
  '5xx': errorShape,
} as const;
const doc = (summary: string) => ({ summary, tags: ['identifications'], security: [{ bearer: [] }] });

export const identificationsRoutes: FastifyPluginAsyncZod = async (app) => {
  const guard = { onRequest: app.authenticate };

  app.get(
    '/api/tracks/:id/identifications',
    {
      ...guard,
      schema: {
        ...doc("The ID's suggestions: open ones first, then decided; newest first in each"),
        params: idParams,
        querystring: identificationListQuery,
        response: { 200: identificationList, ...errors },
      },
    },
    (req) => identifications.listForTrack(userContext(app, req), req.params.id, req.query),
  );
  app.post(
    '/api/tracks/:id/identifications',
    {
      ...guard,
      schema: {
        ...doc('Suggests what an ID is: a catalogue track or an artist and title'),
        params: idParams,
        body: createIdentificationBody,
        response: { 201: identification, ...errors },
      },
    },
    async (req, reply) => {
      const created = await identifications.propose(userContext(app, req), req.params.id, req.body);
      return reply.code(201).send(created);
    },
  );
  app.put(
    '/api/identifications/:id/vote',
    {
      ...guard,
      schema: {
        ...doc('Confirms or rejects a suggestion, or takes the vote back (null)'),
        params: identificationParams,
        body: voteBody,
        response: { 200: identification, ...errors },
      },
    },
    (req) => identifications.vote(userContext(app, req), req.params.id, req.body),
  );
  app.delete(
    '/api/identifications/:id',
    {
      ...guard,
      schema: {
        ...doc('Withdraws an open suggestion (its author only)'),
        params: identificationParams,
        response: { 200: identification, ...errors },
      },
    },
    (req) => identifications.withdraw(userContext(app, req), req.params.id),
  );
  app.get(
    '/api/users/:id/identifications',
    {
      ...guard,
      schema: {
        ...doc("The caller's own suggestions with their status (profile tab)"),
        params: idParams,
        querystring: userIdentificationListQuery,
        response: { 200: userIdentificationList, ...errors },
      },
    },
    (req) => identifications.listForUser(userContext(app, req), req.params.id, req.query),
  );
  app.get(
    '/api/ids',
    {
      ...guard,
      schema: {
        ...doc('IDs waiting to be named, most watched first'),
        querystring: waitingIdListQuery,
        response: { 200: waitingIdList, ...errors },
      },
    },
    (req) => listWaitingIds(userContext(app, req), req.query),
  );
};
