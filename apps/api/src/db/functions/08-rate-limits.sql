-- Source of truth for these functions (docs/database.md): the migration runner applies this file
-- with CREATE OR REPLACE after the migrations, on every start.
--
-- cd_take_hits: counts one hit on every given counter (bucket, key, at most max hits per window of
-- window_s seconds), or none. It first takes an advisory lock per counter, in a fixed order (so two
-- calls never deadlock), then checks every window and, when all are below their limits, records the
-- hits and forgets those fallen out of their windows. Concurrent calls on any number of instances
-- queue on the locks, so a limit of 5 lets exactly 5 through: in a function each statement reads a
-- fresh snapshot, taken after the locks are held. One statement from the caller, so one round trip,
-- also behind a pooler in transaction mode; the locks are held until it commits. Answers wait_s > 0
-- (seconds until the fullest counter has room; nothing recorded) or the new hits' ids.
CREATE OR REPLACE FUNCTION cd_take_hits(p_buckets text[], p_keys text[], p_maxes int[], p_windows int[])
RETURNS TABLE (wait_s float8, ids bigint[])
LANGUAGE plpgsql AS $fn$
DECLARE
  lock_key text;
  i int;
  w float8;
  wait float8 := 0;
  taken bigint[];
BEGIN
  FOR lock_key IN
    SELECT DISTINCT c.b || E'\n' || c.k AS lk FROM unnest(p_buckets, p_keys) AS c(b, k) ORDER BY lk
  LOOP
    PERFORM pg_advisory_xact_lock(hashtextextended(lock_key, 0));
  END LOOP;
  FOR i IN 1 .. coalesce(array_length(p_buckets, 1), 0) LOOP
    -- the max-th most recent hit within the window decides
    SELECT extract(epoch FROM (h.at + make_interval(secs => p_windows[i]) - now()))::float8 INTO w
    FROM rate_limit_hits h
    WHERE h.bucket = p_buckets[i] AND h.key = p_keys[i]
      AND h.at > now() - make_interval(secs => p_windows[i])
    ORDER BY h.at DESC OFFSET p_maxes[i] - 1 LIMIT 1;
    IF FOUND THEN
      wait := greatest(wait, w);
    END IF;
  END LOOP;
  IF wait > 0 THEN
    RETURN QUERY SELECT wait, NULL::bigint[];
    RETURN;
  END IF;
  WITH added AS (
    INSERT INTO rate_limit_hits (bucket, key) SELECT c.b, c.k FROM unnest(p_buckets, p_keys) AS c(b, k)
    RETURNING id
  )
  SELECT array_agg(id) INTO taken FROM added;
  FOR i IN 1 .. coalesce(array_length(p_buckets, 1), 0) LOOP
    DELETE FROM rate_limit_hits h
    WHERE h.bucket = p_buckets[i] AND h.key = p_keys[i] AND h.at < now() - make_interval(secs => p_windows[i]);
  END LOOP;
  RETURN QUERY SELECT 0::float8, taken;
END
$fn$;

-- cd_last_hits: the latest p_max of the times, oldest first.
CREATE OR REPLACE FUNCTION cd_last_hits(p_hits timestamptz[], p_max int)
RETURNS timestamptz[]
LANGUAGE sql IMMUTABLE AS $fn$
  SELECT coalesce(array_agg(t ORDER BY t), '{}')
  FROM (SELECT t FROM unnest(p_hits) t ORDER BY t DESC LIMIT greatest(p_max, 0)) latest
$fn$;

-- cd_merge_counter_hits: the search limit's reconciliation (modules/accounts/search-limits.ts). Each API
-- instance decides a listener's searches in its own memory and, about once a second, sends the times of
-- the hits it counted since (p_times, epoch milliseconds: the first p_counts[1] are p_keys[1]'s, the next
-- p_counts[2] p_keys[2]'s, ...). Each counter's row of rate_limit_counters gets them merged with the
-- times other instances sent, keeping the latest p_maxes[i], oldest first; the merged times are answered,
-- so the instance decides from every instance's hits until its next merge. A key sent with no times is
-- only read (an instance refreshing what it knows of a listener near their limit writes nothing). One
-- statement for every listener the instance saw; the rows are written in the order of their keys, so
-- two instances merging the same listeners never deadlock. Its transaction commits without waiting for
-- the disk (synchronous_commit off): a crash may lose the last moments' hits, which only lets a
-- listener search a little more (docs/decisions/0020).
CREATE OR REPLACE FUNCTION cd_merge_counter_hits(
  p_bucket text, p_keys text[], p_counts int[], p_times float8[], p_maxes int[]
)
RETURNS TABLE (counter_key text, counter_hits float8[])
LANGUAGE plpgsql AS $fn$
BEGIN
  PERFORM set_config('synchronous_commit', 'off', true);
  RETURN QUERY
  WITH given AS (
    SELECT g.k, g.n, g.m, (sum(g.n) OVER (ORDER BY g.ord) - g.n)::int AS first
    FROM unnest(p_keys, p_counts, p_maxes) WITH ORDINALITY AS g(k, n, m, ord)
  ), added AS (
    SELECT g.k, g.m,
      cd_last_hits(array(SELECT to_timestamp(p_times[i] / 1000) FROM generate_series(g.first + 1, g.first + g.n) i), g.m) AS h
    FROM given g WHERE g.n > 0
  ), merged AS (
    INSERT INTO rate_limit_counters AS c (bucket, key, hits)
    SELECT p_bucket, a.k, a.h FROM added a ORDER BY a.k
    ON CONFLICT (bucket, key) DO UPDATE
      SET hits = cd_last_hits(c.hits || excluded.hits,
        (SELECT a.m FROM added a WHERE a.k = excluded.key))
    RETURNING c.key, c.hits
  ), known AS (
    SELECT m.key, m.hits FROM merged m
    UNION ALL
    SELECT c.key, c.hits FROM rate_limit_counters c JOIN given g ON g.k = c.key AND g.n = 0
    WHERE c.bucket = p_bucket
  )
  SELECT k.key, array(SELECT extract(epoch FROM t)::float8 * 1000 FROM unnest(k.hits) t)
  FROM known k;
END
$fn$;

-- Searches were counted one statement each by cd_take_counter_hit until the limit moved to each
-- instance's memory; nothing calls it any more.
DROP FUNCTION IF EXISTS cd_take_counter_hit(text, text, int, int);
