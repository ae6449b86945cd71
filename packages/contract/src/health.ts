// GET /api/health: 200 when the database answers, 503 otherwise.
import { z } from 'zod';
import { errorShape } from './common';

export const health = z.object({ status: z.literal('ok'), database: z.literal('ok') }).meta({ id: 'Health' });
export type Health = z.infer<typeof health>;

/**
 * The 503 answer. docs/api-conventions.md gives every 4xx/5xx the error shape, so this is that shape
 * (code 503, status 'Service Unavailable') plus which dependency failed.
 */
export const healthUnavailable = errorShape
  .extend({ code: z.literal(503), database: z.literal('unreachable') })
  .meta({ id: 'HealthUnavailable' });
export type HealthUnavailable = z.infer<typeof healthUnavailable>;
