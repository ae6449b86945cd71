// Large-catalogue generator for benchmarks: 1M tracks, 100k sets, ~2M set tracks, 100k
// artists, 5k labels and the rest, written into a PostgreSQL server, deterministic, no audio.
//
//   DATABASE_URL=$(scripts/pg-server.sh start) node --import tsx bench/generate-large-catalogue.ts
//
// It replaces the whole catalogue (and anything referencing it) in the target database. See bench/README.md.
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { CATALOGUE_TABLES } from '../apps/api/src/db/catalogue-tables';
import { openDatabase } from '../apps/api/src/db/client';
import { migrate } from '../apps/api/src/db/migrate';
import { captureDdl, dropDeferred, restore } from './lib/deferred-ddl';
import { helperFunctionsSql, loadSql, setLayoutSql } from './lib/large-catalogue-sql';
import { SCALE } from './lib/large-catalogue-vocabulary';

/** Tables refresh_catalogue_stats() rewrites row by row; compacted afterwards (see below). */
const UPDATED_BY_REFRESH = ['sets', 'tracks', 'artists', 'labels'] as const;
const IDENTITY_TABLES = ['artists', 'labels', 'festivals', 'venues', 'sets', 'tracks'] as const;

interface Phase {
  name: string;
  ms: number;
  rows?: number | undefined;
}

const phases: Phase[] = [];

async function timed<T>(name: string, fn: () => Promise<T>, rowsOf?: (r: T) => number): Promise<T> {
  const start = performance.now();
  const result = await fn();
  const phase: Phase = { name, ms: performance.now() - start, rows: rowsOf?.(result) };
  phases.push(phase);
  process.stderr.write(
    `  ${name.padEnd(34)} ${fmtMs(phase.ms).padStart(9)}${phase.rows === undefined ? '' : `  ${phase.rows.toLocaleString('en')} rows`}\n`,
  );
  return result;
}

const fmtMs = (ms: number) => (ms >= 1000 ? `${(ms / 1000).toFixed(1)} s` : `${Math.round(ms)} ms`);
const rowCount = (r: pg.QueryResult) => r.rowCount ?? 0;

function databaseUrlOrExit(): string {
  const url = process.env.DATABASE_URL;
  // A PostgreSQL server only: 2M rows into embedded PGlite would take ages and prove nothing about production.
  if (!url || !/^postgres(ql)?:\/\//.test(url)) {
    console.error(
      'generate-large-catalogue: set DATABASE_URL to a PostgreSQL server (postgres://...); it never uses PGlite.\n' +
        '  e.g. DATABASE_URL=$(scripts/pg-server.sh start) node --import tsx bench/generate-large-catalogue.ts',
    );
    process.exit(2);
  }
  return url;
}

async function main(): Promise<void> {
  const databaseUrl = databaseUrlOrExit();
  const total = performance.now();
  console.error(`generate-large-catalogue: ${new URL(databaseUrl).host}`);

  await timed('migrate', async () => {
    const database = await openDatabase({ databaseUrl, poolMax: 1 });
    try {
      await migrate(database);
    } finally {
      await database.close();
    }
  });

  // One session: the pg_temp helpers and the temporary set plan live in it, and one transaction makes
  // the load all-or-nothing. With wal_level=minimal (scripts/pg-server.sh) rows written into tables
  // truncated in the same transaction skip the WAL.
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const run = (name: string, sql: string) => timed(name, () => client.query(sql), rowCount);
  try {
    await client.query(`set timezone = 'UTC'`);
    await client.query('set statement_timeout = 0');
    await client.query("set maintenance_work_mem = '1GB'");
    await client.query("set work_mem = '256MB'");
    await client.query('begin');
    // Skip user triggers while loading: maintained columns are recomputed by refresh_catalogue_stats().
    await client.query(`set local session_replication_role = replica`);
    const ddl = await timed('truncate, drop keys and indexes', async () => {
      // cascade: also empties tables that reference the catalogue (favourites, plays ...), which would
      // otherwise point at rows that no longer exist.
      await client.query(`truncate ${CATALOGUE_TABLES.join(', ')} restart identity cascade`);
      // the items' documents too: with triggers skipped, nothing else deletes them (the server's job,
      // or bench:search, writes them again)
      await client.query('truncate catalogue_item_docs');
      const captured = await captureDdl(client, CATALOGUE_TABLES);
      await dropDeferred(client, captured);
      for (const sql of helperFunctionsSql()) await client.query(sql);
      return captured;
    });
    await run('plan sets (temp table)', setLayoutSql());
    const slots = await client.query<{ n: string }>('select sum(n)::text as n from set_layout');
    if (Number(slots.rows[0]?.n) < 2 * SCALE.tracks) {
      throw new Error(`set plan has ${slots.rows[0]?.n} slots, fewer than the ${2 * SCALE.tracks} needed`);
    }
    await run('artists', loadSql.artists);
    await run('labels', loadSql.labels);
    await run('label_bosses', loadSql.labelBosses);
    await run('festivals', loadSql.festivals);
    await run('venues', loadSql.venues);
    await run('set_artists', loadSql.setArtists);
    await run('sets', loadSql.sets);
    await run('set_sponsors', loadSql.setSponsors);
    await run('set_tracks', loadSql.setTracks);
    await run('tracks', loadSql.tracks);
    await run('track_artists', loadSql.trackArtists);
    await run('id_releases', loadSql.idReleases);
    await timed('primary keys and unique keys', () => restore(client, ddl.keys));
    await run('featured', loadSql.featured);
    await timed('refresh_catalogue_stats()', () => client.query('select refresh_catalogue_stats()'));
    // After the stats (popularity reads them) and before the secondary indexes (the trigram indexes
    // are built once over the whole table).
    await timed('refresh_search_documents()', () => client.query('select refresh_search_documents()'));
    // The refresh rewrote nearly every row of these tables (counts start at 0); CLUSTER on the primary
    // key rewrites them compactly before the secondary indexes exist, so the benchmark sees tables as an
    // import would leave them, not half dead tuples. SET WITHOUT CLUSTER undoes the clustering mark.
    await timed('compact refreshed tables', async () => {
      for (const table of UPDATED_BY_REFRESH) {
        await client.query(`cluster ${table} using ${table}_pkey`);
        await client.query(`alter table ${table} set without cluster`);
      }
    });
    // The tabs' relations read the fresh counts; filled before their secondary indexes exist.
    await timed('refresh_catalogue_relations()', () => client.query('select refresh_catalogue_relations()'));
    await timed(`secondary indexes (${ddl.indexes.length})`, () => restore(client, ddl.indexes));
    await timed(`foreign keys (${ddl.foreignKeys.length}, validated)`, () =>
      restore(client, ddl.foreignKeys),
    );
    await timed('identity sequences', async () => {
      for (const table of IDENTITY_TABLES) {
        await client.query(
          `select setval(pg_get_serial_sequence('${table}', 'id'), (select coalesce(max(id), 0) + 1 from ${table}), false)`,
        );
      }
    });
    await timed('commit', () => client.query('commit'));
    await timed('vacuum analyze', () => client.query(`vacuum (analyze) ${CATALOGUE_TABLES.join(', ')}`));
    const loadMs = performance.now() - total;

    printPhases(loadMs);
    await printReport(client);
  } catch (error) {
    await client.query('rollback').catch(() => undefined);
    throw error;
  } finally {
    await client.end();
  }
}

function printPhases(totalMs: number): void {
  console.log('\nphase                                  time       rows');
  for (const p of phases) {
    console.log(
      `${p.name.padEnd(36)} ${fmtMs(p.ms).padStart(9)}  ${p.rows === undefined ? '' : p.rows.toLocaleString('en')}`,
    );
  }
  console.log(`${'TOTAL'.padEnd(36)} ${fmtMs(totalMs).padStart(9)}`);
}

/** Row counts, size, and a few timed queries a reader can sanity-check the distributions with. */
async function printReport(client: pg.Client): Promise<void> {
  const counts = await client.query<{ table: string; rows: string }>(
    `${CATALOGUE_TABLES.map((t, i) => `select ${i} as ord, '${t}' as table, count(*)::text as rows from ${t}`).join(' union all ')} order by ord`,
  );
  console.log('\ntable               rows');
  for (const r of counts.rows)
    console.log(`${r.table.padEnd(18)} ${Number(r.rows).toLocaleString('en').padStart(11)}`);
  const size = await client.query<{ size: string }>(
    'select pg_size_pretty(pg_database_size(current_database())) as size',
  );
  console.log(`\ndatabase size: ${size.rows[0]?.size}`);

  const timedQuery = async (title: string, sql: string) => {
    const start = performance.now();
    const result = await client.query(sql);
    console.log(`\n${title} (${fmtMs(performance.now() - start)})`);
    console.table(result.rows);
  };
  await timedQuery('refresh_catalogue_stats() alone on the full data', 'select refresh_catalogue_stats()');
  await timedQuery(
    'refresh_catalogue_relations() alone on the full data',
    'select refresh_catalogue_relations()',
  );
  await timedQuery(
    'sets per genre',
    `select genre, count(*)::int as sets, round(100.0 * count(*) / sum(count(*)) over (), 1)::float as pct
     from sets group by genre order by sets desc`,
  );
  await timedQuery(
    'top artists by set_count (index scan, as the Artists list sorts)',
    `select id, name, set_count, track_count, remix_count, id_count, label_count, latest_set_date::text
     from artists order by set_count desc, id desc limit 10`,
  );
  await timedQuery(
    'sets per year',
    `select extract(year from release_date)::int as year, count(*)::int as sets from sets group by 1 order by 1`,
  );
  await timedQuery(
    'tracks by mix type',
    `select mix_type, count(*)::int as tracks, count(found_in_set_id)::int as with_found_in_set from tracks group by 1 order by 2 desc`,
  );
  await timedQuery(
    'first page of Techno sets, newest first',
    `select id, set_name, release_date::text from sets where genre = 'Techno' order by release_date desc, id desc limit 5`,
  );
  await timedQuery(
    'trigram search: tracks whose title matches "midnight pul"',
    `select count(*)::int as matches from tracks where title ilike '%midnight pul%'`,
  );
  // Same data every run (the generator is deterministic): compare this between runs.
  await timedQuery(
    'fingerprint of sets, tracks, set tracks, credits and artists',
    `select md5(
       (select string_agg(md5(concat_ws('|', id, set_name, artist, curator, genre, release_date, duration_ms, track_genres)), '' order by id) from sets)
       || (select string_agg(md5(concat_ws('|', id, title, artist, mix_name, label_id, release_date, bpm, key, genre, found_in_set_id, set_count)), '' order by id) from tracks)
       || (select md5(string_agg(concat_ws('|', set_id, track_position, track_id, start_time, end_time), ',' order by set_id, track_position)) from set_tracks)
       || (select md5(string_agg(concat_ws('|', track_id, artist_id, role), ',' order by track_id, artist_id, role)) from track_artists)
       || (select md5(string_agg(concat_ws('|', id, name, set_count, track_count, label_count), ',' order by id)) from artists)
     ) as fingerprint`,
  );
  await timedQuery(
    'set tiling check: set tracks overlapping or with gaps (expect 0)',
    `select count(*)::int as bad from (
       select end_time, lead(start_time) over (partition by set_id order by track_position) as next_start
       from set_tracks) x
     where next_start is not null and next_start <> end_time`,
  );
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
