import { errorShape } from '@cratedig/contract/common';
import { health, healthUnavailable } from '@cratedig/contract/health';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { serviceContext } from '../../lib/service-context';
import { checkHealth } from './service';

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/health',
    {
      schema: {
        summary: 'Is the API up and its database reachable?',
        tags: ['health'],
        response: { 200: health, 503: healthUnavailable, '5xx': errorShape },
      },
    },
    async () => checkHealth(serviceContext(app)),
  );
};
