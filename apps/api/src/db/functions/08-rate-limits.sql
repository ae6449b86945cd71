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
