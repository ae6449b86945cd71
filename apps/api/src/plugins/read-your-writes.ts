// With a read replica (db/replica.ts), a listener still reads their own writes. Every write that
// succeeds answers with the primary's WAL position after it (`Cratedig-Wrote`); the web app sends the
// newest position it got back on its later calls (`Cratedig-Read-After`), to whichever instance they
// reach, and this instance also remembers each writer's last position for a while. A read goes to
// the replica only once the replica has replayed the position that applies to it
// (docs/database.md "A read replica").
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '../db/client';
import { formatLsn, parseLsn } from '../db/replica';

declare module 'fastify' {
  interface FastifyRequest {
    /** The WAL position the caller's reads must see (Cratedig-Read-After), when it sent a valid one. */
    readAfter: bigint | undefined;
  }
  interface FastifyInstance {
    /** The database a catalogue read of this request goes to: the replica when it may, else the primary. */
    readDb(request: FastifyRequest): Db;
  }
}

export const WROTE_HEADER = 'cratedig-wrote';
export const READ_AFTER_HEADER = 'cratedig-read-after';
/** How long this instance sends a writer's reads after their write's position. */
const REMEMBER_MS = 60_000;
const REMEMBER_MAX = 50_000;
const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

export function registerReadYourWrites(app: FastifyInstance): void {
  const replica = app.database.replica;
  if (!replica) {
    app.decorate('readDb', () => app.db);
    return;
  }
  const writers = new Map<number, { lsn: bigint; at: number }>();
  app.decorateRequest('readAfter', undefined);
  app.addHook('onRequest', (request, _reply, done) => {
    const sent = request.headers[READ_AFTER_HEADER];
    // a hint, not an instruction: a value that is not a position is left out, never refused
    if (typeof sent === 'string') request.readAfter = parseLsn(sent);
    done();
  });
  app.addHook('onSend', async (request, reply, payload) => {
    if (READS.has(request.method) || reply.statusCode >= 400 || !request.url.startsWith('/api/'))
      return payload;
    try {
      // where WAL is inserted, not where it is written: with asynchronous commit the write's commit
      // record may not be written yet, and a replica at the written position would lack it
      const { rows } = await app.database.executeSql('select pg_current_wal_insert_lsn()::text as lsn');
      const lsn = parseLsn((rows[0] as { lsn?: string } | undefined)?.lsn);
      if (lsn === undefined) return payload;
      reply.header(WROTE_HEADER, formatLsn(lsn));
      const userId = request.user?.id;
      if (userId !== undefined) {
        writers.delete(userId);
        writers.set(userId, { lsn, at: Date.now() });
        if (writers.size > REMEMBER_MAX) writers.delete(writers.keys().next().value as number);
      }
    } catch {
      // the write is done; without its position the writer's reads may lag a moment, nothing fails
    }
    return payload;
  });
  app.decorate('readDb', (request: FastifyRequest) => {
    let after = request.readAfter;
    const userId = request.user?.id;
    const wrote = userId === undefined ? undefined : writers.get(userId);
    if (wrote && Date.now() - wrote.at < REMEMBER_MS && (after === undefined || wrote.lsn > after))
      after = wrote.lsn;
    return replica.reads.usable(after) ? replica.db : app.db;
  });
}
