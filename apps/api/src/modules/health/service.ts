import type { Health } from '@cratedig/contract/health';
import { serviceUnavailable } from '../../lib/http-errors';
import type { ServiceContext } from '../../plugins/service-context';
import { ping } from './queries';

// A health check must answer even when the database hangs (a load balancer waits for it).
const PING_TIMEOUT_MS = 2000;

/** Checks that the database answers; throws a 503 when it does not. */
export async function checkHealth(ctx: ServiceContext): Promise<Health> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('database ping timed out')), PING_TIMEOUT_MS);
  });
  try {
    await Promise.race([ping(ctx.db), timeout]);
  } catch {
    throw serviceUnavailable('The database is not reachable.', { database: 'unreachable' });
  } finally {
    clearTimeout(timer);
  }
  return { status: 'ok', database: 'ok' };
}
