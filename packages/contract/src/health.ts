// GET /api/health: 200 when the server is ready and its database answers, 503 otherwise.
import { z } from 'zod';
import { errorShape } from './common';

export const health = z.object({ status: z.literal('ok'), database: z.literal('ok') }).meta({ id: 'Health' });
export type Health = z.infer<typeof health>;

/**
 * The 503 answer. docs/api-conventions.md gives every 4xx/5xx the error shape, so this is that shape
 * (code 503, status 'Service Unavailable') plus why: `starting` while a starting server warms up
 * (docs/operations.md, readiness), or `database: 'unreachable'` when the database does not answer.
 */
export const healthUnavailable = errorShape
  .extend({
    code: z.literal(503),
    database: z.literal('unreachable').optional(),
    starting: z.literal(true).optional(),
  })
  .meta({ id: 'HealthUnavailable' });
export type HealthUnavailable = z.infer<typeof healthUnavailable>;

/** What a starting server's health check says until it is ready. */
export const HEALTH_STARTING_MESSAGE = 'Cratedig is starting; try again in a moment.';
