// A published set is fingerprinted at once rather than at the fingerprint job's next check (every
// five minutes): publishing sends the job engine a run. The engine here only sends (no workers, no
// schedules): the jobs run wherever they run, in this process or in `cratedig worker`.
import type { FastifyBaseLogger } from 'fastify';
import PgBoss from 'pg-boss';
import type { Database } from '../../db/client';
import { FINGERPRINT_QUEUE } from '../fingerprints/service';

export class FingerprintQueue {
  private own: Promise<PgBoss> | undefined;

  constructor(
    private readonly database: Database,
    private readonly log: FastifyBaseLogger,
  ) {}

  private engine(): Promise<PgBoss> {
    this.own ??= (async () => {
      const boss = new PgBoss({
        db: { executeSql: (text: string, values?: unknown[]) => this.database.executeSql(text, values) },
        schema: 'pgboss',
        supervise: false,
        schedule: false,
      });
      boss.on('error', () => {});
      await boss.start();
      return boss;
    })();
    return this.own;
  }

  /**
   * Asks for a fingerprint run now. A failure (no job engine yet on this database, its queue not
   * made because the jobs never ran) only delays it: the job's check finds the set within minutes.
   */
  async runSoon(): Promise<void> {
    try {
      const boss = await this.engine();
      await boss.send(FINGERPRINT_QUEUE, {}, { singletonKey: 'published', singletonSeconds: 5 });
    } catch (err) {
      this.log.warn({ err }, 'fingerprints: a published set waits for the next check');
    }
  }

  async close(): Promise<void> {
    if (!this.own) return;
    const boss = await this.own.catch(() => undefined);
    await boss?.stop({ graceful: false, wait: true });
  }
}
