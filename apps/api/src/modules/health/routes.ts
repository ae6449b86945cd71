// GET /api/health: 200 when the database answers, 503 (the error shape naming the database) otherwise.
import { calls } from '@cratedig/contract/calls';
import type { FastifyPluginAsync } from 'fastify';
import { route } from '../../lib/route';
import { serviceContext } from '../../lib/service-context';
import { checkHealth } from './service';

export const healthRoutes: FastifyPluginAsync = async (app) => {
  route(app, calls.health.check, () => checkHealth(serviceContext(app)));
};
