// One request at a time writes an upload, whichever instance it reaches: the hold lives in the
// database, so a second instance waits for it, is told to try again (423) when it waits too long, and
// takes over the hold of an instance that died once that hold runs out.
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../test/app';
import { createUserWithToken } from '../../test/auth';
import { query } from '../../test/sql';
import { insertUpload } from './queries';
import { LOCKED, UploadLocker } from './upload-lock';

let app: FastifyInstance;
let ownerId: number;

const same = (id: string) => id;
const never = new AbortController().signal;
const draft = async () => {
  const id = randomBytes(16).toString('hex');
  await insertUpload(app.db, { id, ownerId, fileName: 'set.mp3', sizeBytes: 1000 });
  return id;
};
/** Two processes' lockers on one database. */
const instances = (timing = { waitMs: 2000, holdS: 30 }) =>
  [new UploadLocker(app.db, same, timing), new UploadLocker(app.db, same, timing)] as const;

beforeAll(async () => {
  app = await buildTestApp();
  ownerId = (await createUserWithToken(app)).user.id;
});
afterAll(async () => {
  await app?.close();
});

describe('the hold on writing an upload', () => {
  it('makes the second instance wait until the first gives it back', async () => {
    const id = await draft();
    const [one, two] = instances();
    const first = one.newLock(id);
    await first.lock(never, () => {});
    const order: string[] = [];
    const second = two.newLock(id);
    const waiting = second.lock(never, () => {}).then(() => order.push('second has it'));
    await new Promise((resolve) => setTimeout(resolve, 300));
    order.push('first gives it back');
    await first.unlock();
    await waiting;
    expect(order).toEqual(['first gives it back', 'second has it']);
    await second.unlock();
  });

  it('tells a request that waited too long to try again (423), in the error shape', async () => {
    const id = await draft();
    const [one, two] = instances({ waitMs: 400, holdS: 30 });
    const first = one.newLock(id);
    await first.lock(never, () => {});
    const refused = await two
      .newLock(id)
      .lock(never, () => {})
      .then(
        () => undefined,
        (error) => error,
      );
    expect(refused).toBe(LOCKED);
    expect(JSON.parse(LOCKED.body)).toMatchObject({ code: 423, status: 'Locked' });
    await first.unlock();
  });

  it('takes over the hold of an instance that died, once that hold runs out', async () => {
    const id = await draft();
    // as a process killed while it wrote leaves it: held for another second, never renewed
    await query(
      app,
      sql`update uploads set writer = 'gone', writing_until = now() + interval '1 second' where id = ${id}`,
    );
    const alive = new UploadLocker(app.db, same, { waitMs: 5000, holdS: 30 });
    const started = Date.now();
    const taken = alive.newLock(id);
    await taken.lock(never, () => {});
    expect(Date.now() - started).toBeGreaterThanOrEqual(500);
    await taken.unlock();
  });

  it('within one instance, ends the request holding it: the client gave up on that one', async () => {
    const id = await draft();
    const [one] = instances();
    const held = one.newLock(id);
    let ended = false;
    await held.lock(never, async () => {
      ended = true;
      await held.unlock();
    });
    const next = one.newLock(id);
    await next.lock(never, () => {});
    expect(ended).toBe(true);
    await next.unlock();
  });

  it('guards nothing for an upload with no draft, and stops waiting when the request is gone', async () => {
    const [one, two] = instances();
    const none = one.newLock(randomBytes(16).toString('hex'));
    await none.lock(never, () => {});
    await none.unlock();

    const id = await draft();
    const first = one.newLock(id);
    await first.lock(never, () => {});
    const gone = new AbortController();
    const waiting = two
      .newLock(id)
      .lock(gone.signal, () => {})
      .then(
        () => 'taken',
        (error) => error,
      );
    gone.abort();
    expect(await waiting).toMatchObject({ status_code: 400 });
    await first.unlock();
  });
});
