// Email digests: due and not due per timeframe, nothing new → no mail, disabled users, a timeframe
// change, exactly once across runs, two instances and a crash, the mail itself and its unsubscribe.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { NotificationTimeframe } from '@cratedig/contract/constants';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from '../../db/client';
import { createMailer, type Mailer, type MailMessage } from '../../lib/mailer';
import { buildTestApp, makeTempDir } from '../../test/app';
import { type CrowdUser, crowd } from '../../test/crowd';
import { resetDatabase } from '../../test/database';
import { ids } from '../../test/sql';
import { releaseId } from '../catalogue/release-service';
import { runDueDigests } from './digest-service';

let app: FastifyInstance;
let made = 0;

beforeAll(async () => {
  app = await buildTestApp();
});
afterAll(async () => {
  await app.close();
});
beforeEach(async () => {
  await resetDatabase(app.database);
  await app.db.execute(sql`
    insert into sets (set_name, artist, genre, release_date, duration_ms)
    values ('Warehouse Sunrise', 'Tiber & Lune', 'Techno', '2026-10-01', 3600000)`);
});

const ctx = () => ({ db: app.db, config: app.config });

function capture(): Mailer & { sent: MailMessage[] } {
  const sent: MailMessage[] = [];
  return { sent, send: async (message) => void sent.push(message) };
}

/** Users with the given timeframe, each notified of one release at `at` (an ISO instant). */
async function notified(n: number, timeframe: NotificationTimeframe, at: string): Promise<CrowdUser[]> {
  const users = await crowd(app, n);
  for (const user of users) await notify(user, at);
  await app.db.execute(sql`
    update users set notification_timeframe = ${timeframe}
    where id in (${sql.join(
      users.map((u) => sql`${u.id}`),
      sql`, `,
    )})`);
  return users;
}

/** A new ID watched by the user, released, its notification dated `at`. */
async function notify(user: CrowdUser, at: string): Promise<void> {
  made += 1;
  const [id] = await ids(
    app,
    `insert into tracks (title, artist, mix_type, found_in_set_id)
     values ('ID', 'Kessa ${made}', 'ID', (select min(id) from sets)) returning id`,
  );
  const [track] = await ids(
    app,
    `insert into tracks (title, artist, mix_type, release_date, art_url_xl, purchase_url)
     values ('Parallax ${made}', 'Kessa ${made}', 'original_mix', '2026-11-01', '/media/art/t${made}.webp',
             'https://shop.example/t${made}') returning id`,
  );
  if (id === undefined || track === undefined) throw new Error('tracks');
  await app.db.execute(
    sql`insert into user_track_favs (user_id, track_id, show_likes) values (${user.id}, ${id}, true)`,
  );
  await releaseId(ctx(), id, track);
  await app.db.execute(
    sql`update notifications set created_dt = ${at}::timestamptz where user_id = ${user.id} and id_track_id = ${id}`,
  );
}

const run = (now: string, mailer: Mailer, extra = {}) =>
  runDueDigests(ctx(), { now: new Date(now), mailer, ...extra });
const recipients = (mailer: { sent: MailMessage[] }) => mailer.sent.map((m) => m.to).sort();

// 2026-11-25 is a Wednesday: the last complete day is the 24th, week 16–23 Nov, month October.
describe('which digests are due', () => {
  it('sends a daily digest for yesterday, a weekly one after Monday and a monthly one after the 1st', async () => {
    const [daily] = await notified(1, 'daily', '2026-11-24T12:00:00Z');
    const [weekly] = await notified(1, 'weekly', '2026-11-24T12:00:00Z');
    const [monthly] = await notified(1, 'monthly', '2026-11-24T12:00:00Z');
    const email = async (u: CrowdUser | undefined) =>
      (await app.db.execute(sql`select email from users where id = ${u?.id}`)) as unknown as {
        rows: { email: string }[];
      };
    const [d, w, m] = await Promise.all([email(daily), email(weekly), email(monthly)]);

    const wednesday = capture();
    expect(await run('2026-11-25T08:00:00Z', wednesday)).toMatchObject({ due: 1, sent: 1 });
    expect(recipients(wednesday)).toEqual([d.rows[0]?.email]);

    const monday = capture();
    await run('2026-11-30T00:15:00Z', monday);
    expect(recipients(monday)).toEqual([w.rows[0]?.email]);

    const first = capture();
    await run('2026-12-01T00:15:00Z', first);
    expect(recipients(first)).toEqual([m.rows[0]?.email]);
  });

  it('sends nothing when nothing is new, nor to a user who turned notifications off', async () => {
    await notified(1, 'daily', '2026-11-20T12:00:00Z');
    expect(await run('2026-11-21T08:00:00Z', capture())).toMatchObject({ sent: 1 }); // covered then
    const [off] = await notified(1, 'daily', '2026-11-24T12:00:00Z');
    await app.db.execute(
      sql`update users set notification_preferences_enabled = false where id = ${off?.id}`,
    );
    await crowd(app, 2); // never notified
    const mailer = capture();
    expect(await run('2026-11-25T08:00:00Z', mailer)).toMatchObject({ due: 0, sent: 0 });
    expect(mailer.sent).toHaveLength(0);
  });

  it('applies a timeframe change from the next period, never listing a release twice', async () => {
    const [user] = await notified(1, 'daily', '2026-11-24T12:00:00Z');
    if (!user) throw new Error('user');
    const mailer = capture();
    await run('2026-11-25T08:00:00Z', mailer);
    const body = { notification_timeframe: 'weekly', notification_preferences_enabled: true };
    const changed = await app.inject({
      method: 'PUT',
      url: '/api/me/notification-preferences',
      headers: user.headers,
      payload: body,
    });
    expect(changed.statusCode, changed.body).toBe(200);
    await notify(user, '2026-11-25T12:00:00Z');

    await run('2026-11-26T08:00:00Z', mailer); // the week has not ended
    expect(mailer.sent).toHaveLength(1);
    await run('2026-11-30T08:00:00Z', mailer);
    expect(mailer.sent).toHaveLength(2);
    expect(mailer.sent[1]?.text).toContain('Parallax');
    // the weekly mail lists only what came after the daily one
    expect(mailer.sent[0]?.subject).not.toBe(mailer.sent[1]?.subject);
    expect((mailer.sent[1]?.text.match(/\/tracks\//g) ?? []).length).toBe(1);
  });
});

describe('never dropping a notification', () => {
  const tracksIn = (message: MailMessage | undefined) => (message?.text.match(/\/tracks\//g) ?? []).length;

  it('lists everything since the last digest when the job was silent for three periods', async () => {
    const [user] = await notified(1, 'daily', '2026-11-20T12:00:00Z');
    if (!user) throw new Error('user');
    const mailer = capture();
    expect(await run('2026-11-21T00:10:00Z', mailer)).toMatchObject({ sent: 1 });
    for (const day of ['21', '22', '23', '24']) await notify(user, `2026-11-${day}T12:00:00Z`);

    // No run on the 22nd, 23rd or 24th (the server was stopped): the 25th's digest has all four.
    expect(await run('2026-11-25T00:10:00Z', mailer)).toMatchObject({ due: 1, sent: 1 });
    expect(mailer.sent).toHaveLength(2);
    expect(mailer.sent[1]?.subject).toBe('4 IDs you waited for are out');
    expect(tracksIn(mailer.sent[1])).toBe(4);
    expect(mailer.sent[1]?.text).toContain('IDs you watch came out since your last digest:');
    expect(await run('2026-11-26T00:10:00Z', mailer)).toMatchObject({ due: 0, sent: 0 });
  });

  it('a monthly digest after months without a run, and notifications from while digests were off', async () => {
    const [user] = await notified(1, 'monthly', '2026-08-20T12:00:00Z');
    if (!user) throw new Error('user');
    await app.db.execute(
      sql`update users set notification_preferences_enabled = false where id = ${user.id}`,
    );
    await notify(user, '2026-09-10T12:00:00Z');
    await app.db.execute(sql`update users set notification_preferences_enabled = true where id = ${user.id}`);
    await notify(user, '2026-10-10T12:00:00Z');
    await notify(user, '2026-11-24T12:00:00Z'); // this month: for the next digest
    const mailer = capture();
    expect(await run('2026-11-25T08:00:00Z', mailer)).toMatchObject({ sent: 1 });
    expect(tracksIn(mailer.sent[0])).toBe(3);
    expect(await run('2026-12-01T00:10:00Z', mailer)).toMatchObject({ sent: 1 });
    expect(tracksIn(mailer.sent[1])).toBe(1);
  });

  it('a notification dated before a period’s end but saved after its digest goes into the next one', async () => {
    const [user] = await notified(1, 'daily', '2026-11-24T12:00:00Z');
    if (!user) throw new Error('user');
    const mailer = capture();
    await run('2026-11-25T00:00:01Z', mailer);
    // A release whose transaction began before midnight and committed after the digest's claim.
    await notify(user, '2026-11-24T23:59:59Z');
    expect(await run('2026-11-26T00:10:00Z', mailer)).toMatchObject({ sent: 1 });
    expect(mailer.sent).toHaveLength(2);
    expect(tracksIn(mailer.sent[1])).toBe(1);
  });

  it('a mail the transport refused lists the same notifications when it is retried', async () => {
    const [user] = await notified(1, 'daily', '2026-11-23T12:00:00Z');
    if (!user) throw new Error('user');
    await notify(user, '2026-11-24T12:00:00Z');
    const refusing: Mailer = {
      send: async () => {
        throw new Error('421 try later');
      },
    };
    expect(await run('2026-11-25T00:10:00Z', refusing)).toMatchObject({ failed: 1 });
    const mailer = capture();
    expect(await run('2026-11-25T00:25:00Z', mailer)).toMatchObject({ sent: 1 });
    expect(tracksIn(mailer.sent[0])).toBe(2);
  });
});

describe('exactly once', () => {
  it('a second run for the same period sends nothing', async () => {
    await notified(3, 'daily', '2026-11-24T12:00:00Z');
    const mailer = capture();
    expect(await run('2026-11-25T08:00:00Z', mailer)).toMatchObject({ sent: 3 });
    expect(await run('2026-11-25T09:00:00Z', mailer)).toMatchObject({ due: 0, sent: 0 });
    expect(mailer.sent).toHaveLength(3);
  });

  it('two instances running at once send each digest once', async () => {
    const users = await notified(24, 'daily', '2026-11-24T12:00:00Z');
    // With TEST_DATABASE_URL the second instance is a second connection pool on the same server
    // database, as two API processes would be; on PGlite it is a second run on the one handle.
    let second: Database | undefined;
    const serverUrl = process.env.TEST_DATABASE_URL;
    if (serverUrl) {
      const url = new URL(serverUrl);
      url.pathname = `/cratedig_test_${process.env.VITEST_POOL_ID ?? process.pid}`;
      second = await openDatabase({ databaseUrl: url.toString(), poolMax: 4 });
    }
    const [a, b] = [capture(), capture()];
    try {
      await Promise.all([
        run('2026-11-25T08:00:00Z', a, { concurrency: 4 }),
        runDueDigests(
          { db: (second ?? app.database).db, config: app.config },
          { now: new Date('2026-11-25T08:00:00Z'), mailer: b, concurrency: 4 },
        ),
      ]);
    } finally {
      await second?.close();
    }
    const all = [...a.sent, ...b.sent].map((m) => m.to);
    expect(all).toHaveLength(users.length);
    expect(new Set(all).size).toBe(users.length);
  });

  it('a crash between sending and recording does not send again; a refused mail is retried', async () => {
    const [crashed, refused] = await notified(2, 'daily', '2026-11-24T12:00:00Z');
    const mailer = capture();
    const crash = run('2026-11-25T08:00:00Z', mailer, {
      concurrency: 1,
      afterSend: (userId: number) => {
        if (userId === crashed?.id) throw new Error('process killed');
      },
    });
    await expect(crash).rejects.toThrow('process killed');
    const sentBefore = mailer.sent.length;
    expect(sentBefore).toBe(1);

    // The other user's mail is refused by the transport on the next run, then sent on the one after.
    const refusing: Mailer = {
      send: async () => {
        throw new Error('421 try later');
      },
    };
    const second = await run('2026-11-25T08:05:00Z', refusing);
    expect(second).toMatchObject({ failed: 1 });
    await run('2026-11-25T08:10:00Z', mailer);
    const emails = (await app.db.execute(
      sql`select id, email from users where id in (${crashed?.id}, ${refused?.id})`,
    )) as unknown as { rows: { id: number; email: string }[] };
    const emailOf = (id: number | undefined) => emails.rows.find((r) => r.id === id)?.email;
    expect(mailer.sent.filter((m) => m.to === emailOf(crashed?.id))).toHaveLength(1);
    expect(mailer.sent.filter((m) => m.to === emailOf(refused?.id))).toHaveLength(1);
    const states = (await app.db.execute(
      sql`select user_id, state from digests order by user_id`,
    )) as unknown as { rows: { user_id: number; state: string }[] };
    expect(states.rows.find((r) => r.user_id === crashed?.id)?.state).toBe('claimed');
    expect(states.rows.find((r) => r.user_id === refused?.id)?.state).toBe('sent');
  });
});

describe('the mail', () => {
  it('is HTML and text with artwork, track links, a capped list and RFC 8058 unsubscribe headers', async () => {
    const [user] = await notified(1, 'daily', '2026-11-24T12:00:00Z');
    if (!user) throw new Error('user');
    for (let i = 0; i < 21; i += 1) await notify(user, `2026-11-24T13:${String(i).padStart(2, '0')}:00Z`);
    const outboxDir = makeTempDir('cratedig-outbox-');
    const mailer = createMailer({ ...app.config.auth, smtpUrl: undefined, outboxDir });
    await run('2026-11-25T08:00:00Z', mailer);
    const files = readdirSync(outboxDir);
    expect(files).toHaveLength(1);
    const eml = readFileSync(join(outboxDir, files[0] as string), 'utf8')
      .replace(/=\r?\n/g, '')
      .replace(/\r?\n[ \t]+/g, ' ');
    expect(eml).toContain('22 IDs you waited for are out');
    expect(eml).toMatch(/Content-Type: text\/plain/);
    expect(eml).toMatch(/Content-Type: text\/html/);
    expect(eml).toContain('List-Unsubscribe-Post: List-Unsubscribe=One-Click');
    expect(eml).toMatch(/List-Unsubscribe: <http:\/\/[^>]+\/public\/unsubscribe\?u=\d+&t=[\w-]+>/);
    expect(eml).toContain('/media/art/t');
    expect(eml).toContain('and 2 more');
    expect(eml).toContain('first heard in Warehouse Sunrise');
  });

  it('unsubscribes in one click by POST; the GET page only confirms; a forged link is refused', async () => {
    const [user] = await notified(1, 'daily', '2026-11-24T12:00:00Z');
    const mailer = capture();
    await run('2026-11-25T08:00:00Z', mailer);
    const header = mailer.sent[0]?.headers?.['List-Unsubscribe'] ?? '';
    const path = new URL(header.slice(1, -1)).pathname + new URL(header.slice(1, -1)).search;
    const enabled = async () =>
      (
        (await app.db.execute(
          sql`select notification_preferences_enabled as on from users where id = ${user?.id}`,
        )) as unknown as { rows: { on: boolean }[] }
      ).rows[0]?.on;

    const page = await app.inject({ url: path });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<form method="post"');
    expect(page.body).toContain('Unsubscribe');
    expect(await enabled()).toBe(true);

    const forged = await app.inject({ method: 'POST', url: path.replace(/t=[\w-]+/, 't=AAAA') });
    expect(forged.statusCode).toBe(400);
    expect(await enabled()).toBe(true);

    const oneClick = await app.inject({
      method: 'POST',
      url: path,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(oneClick.statusCode).toBe(200);
    expect(oneClick.body).toContain('You are unsubscribed');
    expect(await enabled()).toBe(false);

    await notify(user as CrowdUser, '2026-11-25T12:00:00Z');
    const later = capture();
    await run('2026-11-26T08:00:00Z', later);
    expect(later.sent).toHaveLength(0);
  });
});
