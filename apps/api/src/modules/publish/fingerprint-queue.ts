// A published set is fingerprinted at once rather than at the fingerprint job's next check (every
// five minutes): publishing sends the job engine a run, wherever the jobs run.
import type { FastifyBaseLogger } from 'fastify';
import type { JobSender } from '../../job-sender';
import { FINGERPRINT_QUEUE } from '../fingerprints/service';

/**
 * Asks for a fingerprint run now. A failure (no job engine yet on this database, its queue not made
 * because the jobs never ran) only delays it: the job's check finds the set within minutes.
 */
export async function fingerprintSoon(jobs: JobSender, log: FastifyBaseLogger): Promise<void> {
  try {
    await jobs.send(FINGERPRINT_QUEUE, {}, { singletonKey: 'published', singletonSeconds: 5 });
  } catch (err) {
    log.warn({ err }, 'fingerprints: a published set waits for the next check');
  }
}
