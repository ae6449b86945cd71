// Releases and digests at scale, on a PostgreSQL server:
//   1. the fan-out of one release watched (or favourited) by BENCH_WATCHERS users (default 10,000):
//      the time of the release transaction that writes their notifications;
//   2. the due-digest run for BENCH_WATCHERS users each with notifications: time and mails written
//      (as .eml files in a temporary outbox, the default transport without SMTP_URL).
//
//   node --import tsx bench/releases-digests.ts        # DATABASE_URL, else `scripts/pg-server.sh url`
//   BENCH_WATCHERS=10000 BENCH_RELEASES=3 npm run bench:releases
//
// It creates (and drops first) its own database `cratedig_bench_releases`. Results: stdout, and JSON
// in bench/results/.
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { loadConfig } from '../apps/api/src/config';
import { openDatabase } from '../apps/api/src/db/client';
import { migrate } from '../apps/api/src/db/migrate';
import { createMailer } from '../apps/api/src/lib/mailer';
import { releaseId } from '../apps/api/src/modules/catalogue/release-service';
import { runDueDigests } from '../apps/api/src/modules/notifications/digest-service';

const DB_NAME = 'cratedig_bench_releases';
const WATCHERS = Number(process.env.BENCH_WATCHERS ?? 10_000);
// Each user is notified of this many releases (the digest lists them all).
const RELEASES = Number(process.env.BENCH_RELEASES ?? 3);

function serverUrl(): string {
  if (process.env.DATABASE_URL?.startsWith('postgres')) return process.env.DATABASE_URL;
  try {
    return execFileSync('bash', ['scripts/pg-server.sh', 'url'], { encoding: 'utf8' }).trim();
  } catch {
    throw new Error('No PostgreSQL server: run `bash scripts/pg-server.sh start` or set DATABASE_URL.');
  }
}

async function freshDatabase(url: string): Promise<string> {
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    await admin.query(`drop database if exists ${DB_NAME} with (force)`);
    await admin.query(`create database ${DB_NAME}`);
  } finally {
    await admin.end();
  }
  const target = new URL(url);
  target.pathname = `/${DB_NAME}`;
  return target.toString();
}

async function main(): Promise<void> {
  const url = await freshDatabase(serverUrl());
  const database = await openDatabase({ databaseUrl: url, poolMax: 8 });
  const dataDir = mkdtempSync(join(tmpdir(), 'cratedig-bench-releases-'));
  const config = loadConfig({ DATA_DIR: dataDir, DATABASE_URL: url, LOG_LEVEL: 'silent' });
  const ctx = { db: database.db, config };
  try {
    await migrate(database);
    const db = database.db;
    await db.execute(sql`insert into sets (set_name, artist, genre, release_date, duration_ms)
      values ('Warehouse Sunrise', 'Tiber & Lune', 'Techno', '2026-10-01', 3600000)`);
    await db.execute(sql`insert into tracks (title, artist, mix_type, found_in_set_id, release_date, art_url_xl)
      select case when g % 2 = 1 then 'ID' else 'Parallax ' || g end, 'Tiber & Lune',
             case when g % 2 = 1 then 'ID' else 'original_mix' end,
             case when g % 2 = 1 then 1 end, case when g % 2 = 0 then date '2026-11-01' end,
             '/media/art/' || g || '.webp'
      from generate_series(1, ${2 * RELEASES}) g`);
    await db.execute(sql`insert into users (username, email)
      select 'listener' || g, 'listener' || g || '@example.test' from generate_series(1, ${WATCHERS}) g`);
    // Every user watches every ID; one in ten favourited it as well (still one notification).
    await db.execute(sql`insert into user_track_favs (user_id, track_id, show_likes, is_fav)
      select u.id, t.id, true, u.id % 10 = 0 from users u cross join tracks t where t.mix_type = 'ID'`);

    const fanOut: { ms: number; notified: number }[] = [];
    for (let i = 1; i <= RELEASES; i += 1) {
      const started = performance.now();
      const result = await releaseId(ctx, 2 * i - 1, 2 * i);
      fanOut.push({ ms: Math.round(performance.now() - started), notified: result.notified });
    }
    await db.execute(sql`update notifications set created_dt = '2026-11-24T12:00:00Z'`);

    const outboxDir = join(dataDir, 'outbox');
    const mailer = createMailer({ ...config.auth, smtpUrl: undefined, outboxDir });
    const started = performance.now();
    const run = await runDueDigests(ctx, { now: new Date('2026-11-25T08:00:00Z'), mailer, concurrency: 4 });
    const digestMs = Math.round(performance.now() - started);
    const mails = readdirSync(outboxDir).length;
    const again = await runDueDigests(ctx, { now: new Date('2026-11-25T09:00:00Z'), mailer });

    const summary = {
      date: new Date().toISOString(),
      cpus: cpus().length,
      watchers: WATCHERS,
      releases: RELEASES,
      fanOut,
      digests: {
        ms: digestMs,
        ...run,
        mailsWritten: mails,
        perSecond: Math.round((mails / digestMs) * 1000),
      },
      secondRun: again,
    };
    console.log(
      `fan-out of one release to ${WATCHERS} listeners:`,
      fanOut.map((f) => `${f.ms} ms`).join(', '),
    );
    console.log(
      `digest run: ${mails} mails written in ${(digestMs / 1000).toFixed(1)} s (${summary.digests.perSecond}/s), second run sent ${again.sent}`,
    );
    mkdirSync('bench/results', { recursive: true });
    const file = join('bench/results', `releases-digests-${summary.date.replace(/[:.]/g, '-')}.json`);
    writeFileSync(file, `${JSON.stringify(summary, null, 2)}\n`);
    console.log(`saved ${file}`);
    if (mails !== WATCHERS || again.sent !== 0 || fanOut.some((f) => f.notified !== WATCHERS))
      process.exitCode = 1;
  } finally {
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
