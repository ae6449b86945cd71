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

-- cd_take_counter_hit: counts one hit on a counter of rate_limit_counters (bucket, key, at most max
-- hits per window of window_s seconds), or none. The same window as cd_take_hits: the max-th most
-- recent hit decides, and a refused hit is not recorded. The row keeps the times of the counter's last
-- max hits, oldest first, so the max-th most recent is hits[cardinality - max + 1] and nothing older is
-- ever needed: a hit is one row update, without an advisory lock or a row per hit to insert and
-- delete. Concurrent calls queue on the row (an UPDATE that waited re-checks its condition on the row
-- it waited for), so a limit of 5 lets exactly 5 through. A counter's first hit inserts its row; two
-- first hits at once: the second's insert finds the first's row (it waits for it to commit) and goes
-- round again, counting on it. Lowering max reads the max-th most recent of the kept times; raising
-- it counts only the times kept so far. Answers what cd_take_hits answers (no ids: these hits are never
-- given back).
-- The transaction that calls it commits without waiting for its WAL to reach the disk
-- (synchronous_commit off until the transaction ends): a search is a read that writes only this hit,
-- and should not wait for a disk flush on every call, nor stall with the disk. A crash may lose the
-- hits of the last moments (at most three times wal_writer_delay), which only lets a listener search a
-- little more; a commit is never half-applied. So call it only in a transaction whose other writes may
-- be lost the same way (searches write nothing else). docs/decisions/0020.
CREATE OR REPLACE FUNCTION cd_take_counter_hit(p_bucket text, p_key text, p_max int, p_window_s int)
RETURNS TABLE (wait_s float8, ids bigint[])
LANGUAGE plpgsql AS $fn$
DECLARE
  kept timestamptz[];
  decides timestamptz;
BEGIN
  PERFORM set_config('synchronous_commit', 'off', true);
  FOR attempt IN 1 .. 2 LOOP
    UPDATE rate_limit_counters c
    -- oldest first also when an older transaction's hit comes after a newer one's
    SET hits = (c.hits || greatest(now(), c.hits[cardinality(c.hits)]))[greatest(1, cardinality(c.hits) + 2 - p_max):]
    WHERE c.bucket = p_bucket AND c.key = p_key
      AND (cardinality(c.hits) < p_max
        OR c.hits[cardinality(c.hits) + 1 - p_max] <= now() - make_interval(secs => p_window_s));
    IF FOUND THEN
      RETURN QUERY SELECT 0::float8, '{}'::bigint[];
      RETURN;
    END IF;
    INSERT INTO rate_limit_counters (bucket, key, hits) VALUES (p_bucket, p_key, ARRAY[now()])
    ON CONFLICT DO NOTHING;
    IF FOUND THEN
      RETURN QUERY SELECT 0::float8, '{}'::bigint[];
      RETURN;
    END IF;
    -- the row is there: at its limit, or written by a first hit that committed meanwhile
    SELECT c.hits INTO kept FROM rate_limit_counters c WHERE c.bucket = p_bucket AND c.key = p_key;
    decides := kept[cardinality(kept) + 1 - p_max];
    IF decides > now() - make_interval(secs => p_window_s) THEN
      RETURN QUERY SELECT extract(epoch FROM (decides + make_interval(secs => p_window_s) - now()))::float8,
        NULL::bigint[];
      RETURN;
    END IF;
  END LOOP;
  -- not reached: the second round's update finds the row another first hit wrote
  RAISE EXCEPTION 'cd_take_counter_hit: no room and no wait for %/%', p_bucket, p_key;
END
$fn$;
