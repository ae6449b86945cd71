// The hourly job forgets rate-limit hits older than the longest window of any limit, in both tables,
// and keeps every hit a window still reaches, so no limit's answer changes.
import { beforeEach, expect, it } from 'vitest';
import type { AppConfig } from '../../config';
import type { Database } from '../../db/client';
import { testConfig } from '../../test/app';
import { getTestDatabase, resetDatabase } from '../../test/database';
import { forgetRateLimitHits, longestWindowS } from './rate-limit-jobs';

let database: Database;
let config: AppConfig;

beforeEach(async () => {
  database = await getTestDatabase();
  await resetDatabase(database);
  config = testConfig('/tmp/unused');
});

const keys = async (table: string) =>
  ((await database.executeSql(`select key from ${table} order by key`)).rows as { key: string }[]).map(
    (row) => row.key,
  );

it('forgets hits and counters older than the longest window, and keeps the rest', async () => {
  const longest = longestWindowS(config);
  expect(longest).toBe(86_400); // uploads a user begins in 24 hours
  const ago = (s: number) => `now() - make_interval(secs => ${s})`;
  await database.executeSql(
    `insert into rate_limit_hits (bucket, key, at) values
       ('login:account', 'old', ${ago(longest + 5)}),
       ('login:account', 'recent', ${ago(longest - 5)}),
       ('register:address', 'fresh', now())`,
  );
  await database.executeSql(
    `insert into rate_limit_counters (bucket, key, hits) values
       ('search:user', 'old', array[${ago(longest + 60)}, ${ago(longest + 5)}]),
       ('search:user', 'last-recent', array[${ago(longest + 60)}, ${ago(30)}]),
       ('search:user', 'empty', '{}')`,
  );
  const forgotten = await forgetRateLimitHits(database, config);
  expect(forgotten).toEqual({ hits: 1, counters: 2 });
  expect(await keys('rate_limit_hits')).toEqual(['fresh', 'recent']);
  expect(await keys('rate_limit_counters')).toEqual(['last-recent']);
  // a second run finds nothing
  expect(await forgetRateLimitHits(database, config)).toEqual({ hits: 0, counters: 0 });
});

it('a counter forgotten takes its next merge as its first', async () => {
  await database.executeSql(
    `insert into rate_limit_counters (bucket, key, hits)
     values ('search:user', 'k', array(select now() - interval '25 hours' from generate_series(1, 3)))`,
  );
  await forgetRateLimitHits(database, config);
  const now = Date.now();
  const { rows } = await database.executeSql(
    `select counter_hits from cd_merge_counter_hits('search:user', array['k'], array[1], array[$1]::float8[], array[3])`,
    [now],
  );
  expect(rows).toEqual([{ counter_hits: [now] }]);
  expect(await keys('rate_limit_counters')).toEqual(['k']);
});
