// GET /api/health: 200 when the server is ready and the database answers; 503 in the error shape
// otherwise: `starting` while a starting server warms up (lib/readiness.ts), the database when it
// does not answer.
import { calls } from '@cratedig/contract/calls';
import { HEALTH_STARTING_MESSAGE } from '@cratedig/contract/health';
import type { FastifyPluginAsync } from 'fastify';
import type { Readiness } from '../../lib/readiness';
import { route } from '../../lib/route';
import { errorBody } from '../../plugins/errors';
import { answerQuietly } from '../../plugins/logging';
import { serviceContext } from '../../plugins/service-context';
import { checkHealth } from './service';

export const healthRoutes: FastifyPluginAsync<{ readiness: Readiness }> = async (app, { readiness }) => {
  route(app, calls.health.check, async (request, reply) => {
    if (readiness.ready) return checkHealth(serviceContext(app));
    // Expected while starting, and polled by whoever waits for it: neither an error nor a log line.
    answerQuietly(reply);
    // Answered here rather than thrown: the error handler logs every 5xx, and this one is polled.
    return reply
      .code(503)
      .header('retry-after', '1')
      .header('cache-control', 'no-store')
      .send({ ...errorBody(503, HEALTH_STARTING_MESSAGE), starting: true, request_id: request.id });
  });
};
