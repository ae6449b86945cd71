-- Source of truth for these functions (docs/database.md): the migration runner applies this file
-- with CREATE OR REPLACE after the migrations, on every start. Change the function here, not in a
-- migration; the copies in old migrations are history.

-- Maintained relations behind the detail pages' tabs (docs/decisions/0014-maintained-relations-and-precompression.md).
-- Each table lists, per owner, the ids a tab shows together with the listed item's sort keys, under the
-- item table's own column names, with one (owner_id, key, id) index per sort field (and a NULLS FIRST
-- twin for nullable keys, scanned backwards for `desc nulls last`). A tab's page is then an index scan
-- that stops after offset + limit entries, whatever the owner's size, and its total is a maintained
-- count (modules/catalogue/relations.ts).
-- Definitions (the same as the maintained counts of refresh_catalogue_stats()):
--   artist_sets     sets the artist performs (set_artists)                    total artists.set_count
--   label_sets      sets playing one of its tracks or curated by it            total labels.set_count
--   track_sets      sets playing the track                                     total tracks.set_count
--   artist_tracks   released tracks credited as producer or feat               total artists.track_count
--   artist_remixes  released tracks credited as mixer                          total artists.remix_count
--   artist_ids      IDs credited in any role                                   total artists.id_count
--   label_tracks    its released tracks                                        total labels.released_track_count
--   label_artists   artists credited on its tracks (IDs included)              total labels.artist_count
--   artist_labels   labels of its released tracks plus labels it founded       total artists.label_count
-- refresh_catalogue_relations(p_set_ids) keeps them: NULL recomputes everything (writing only what
-- changed, so a second call writes nothing); an array of set ids recomputes what those sets touch (their
-- rows, their tracks' rows, the labels and artists of both), for an import that added or changed those
-- sets and their tracks; who is listed under a label or an artist is recomputed only where a track's
-- credits or label changed. A change that touches no set (label founders alone, a track no set plays,
-- an ID taken off a label) needs the full refresh. It reads the maintained counts, so it runs after refresh_catalogue_stats().

CREATE OR REPLACE FUNCTION refresh_catalogue_relations(p_set_ids integer[] DEFAULT NULL) RETURNS void
LANGUAGE plpgsql AS $fn$
DECLARE
  all_rows boolean := p_set_ids IS NULL;
  s_ids integer[] := coalesce(p_set_ids, '{}');
  t_ids integer[] := '{}';
  a_ids integer[] := '{}';
  l_ids integer[] := '{}';
  -- What the track relations actually changed: tracks, and the artists and labels listing them.
  tc integer[] := '{}';
  ac integer[] := '{}';
  lc integer[] := '{}';
  lm integer[] := '{}';
  am integer[] := '{}';
BEGIN
  IF NOT all_rows THEN
    -- Tracks the sets play now or played before (their rows in track_sets), or first heard in them.
    SELECT coalesce(array_agg(DISTINCT q.id), '{}') INTO t_ids FROM (
      SELECT track_id AS id FROM set_tracks WHERE set_id = ANY (s_ids)
      UNION ALL SELECT id FROM tracks WHERE found_in_set_id = ANY (s_ids)
      UNION ALL SELECT owner_id FROM track_sets WHERE id = ANY (s_ids)
    ) q;
    -- Labels whose sets, tracks or counts may have changed.
    SELECT coalesce(array_agg(DISTINCT q.id), '{}') INTO l_ids FROM (
      SELECT label_id AS id FROM tracks WHERE id = ANY (t_ids) AND label_id IS NOT NULL
      UNION ALL SELECT label_id FROM set_sponsors WHERE set_id = ANY (s_ids) AND label_id IS NOT NULL
      UNION ALL SELECT owner_id FROM label_sets WHERE id = ANY (s_ids)
      UNION ALL SELECT owner_id FROM label_tracks WHERE id = ANY (t_ids)
    ) q;
    -- Artists whose sets, credits, labels or counts may have changed.
    SELECT coalesce(array_agg(DISTINCT q.id), '{}') INTO a_ids FROM (
      SELECT artist_id AS id FROM set_artists WHERE set_id = ANY (s_ids)
      UNION ALL SELECT owner_id FROM artist_sets WHERE id = ANY (s_ids)
      UNION ALL SELECT artist_id FROM track_artists WHERE track_id = ANY (t_ids)
      UNION ALL SELECT owner_id FROM artist_tracks WHERE id = ANY (t_ids)
      UNION ALL SELECT owner_id FROM artist_remixes WHERE id = ANY (t_ids)
      UNION ALL SELECT owner_id FROM artist_ids WHERE id = ANY (t_ids)
      UNION ALL SELECT artist_id FROM label_bosses WHERE label_id = ANY (l_ids)
    ) q;
  END IF;

  -- Each relation: compute the fresh rows of the affected scope, delete the rows no longer there, insert
  -- the new ones and rewrite only those whose sort keys changed.

  -- artist -> sets it performs
  WITH fresh AS (
    SELECT sa.artist_id AS owner_id, s.id, s.artist, s.set_name, s.curator, s.genre, s.release_date
    FROM set_artists sa JOIN sets s ON s.id = sa.set_id
    WHERE all_rows OR sa.set_id = ANY (s_ids)
  ), gone AS (
    DELETE FROM artist_sets r WHERE (all_rows OR r.id = ANY (s_ids))
      AND NOT EXISTS (SELECT 1 FROM fresh f WHERE f.owner_id = r.owner_id AND f.id = r.id)
  )
  INSERT INTO artist_sets AS r SELECT * FROM fresh
  ON CONFLICT (owner_id, id) DO UPDATE SET artist = excluded.artist, set_name = excluded.set_name,
    curator = excluded.curator, genre = excluded.genre, release_date = excluded.release_date
  WHERE (r.artist, r.set_name, r.curator, r.genre, r.release_date)
    IS DISTINCT FROM (excluded.artist, excluded.set_name, excluded.curator, excluded.genre, excluded.release_date);

  -- label -> sets playing one of its tracks or curated by it
  WITH fresh AS (
    SELECT u.label_id AS owner_id, s.id, s.artist, s.set_name, s.curator, s.genre, s.release_date
    FROM (
      SELECT t.label_id, st.set_id FROM set_tracks st JOIN tracks t ON t.id = st.track_id
      WHERE t.label_id IS NOT NULL AND (all_rows OR st.set_id = ANY (s_ids))
      UNION
      SELECT sp.label_id, sp.set_id FROM set_sponsors sp
      WHERE sp.label_id IS NOT NULL AND (all_rows OR sp.set_id = ANY (s_ids))
    ) u JOIN sets s ON s.id = u.set_id
  ), gone AS (
    DELETE FROM label_sets r WHERE (all_rows OR r.id = ANY (s_ids))
      AND NOT EXISTS (SELECT 1 FROM fresh f WHERE f.owner_id = r.owner_id AND f.id = r.id)
  )
  INSERT INTO label_sets AS r SELECT * FROM fresh
  ON CONFLICT (owner_id, id) DO UPDATE SET artist = excluded.artist, set_name = excluded.set_name,
    curator = excluded.curator, genre = excluded.genre, release_date = excluded.release_date
  WHERE (r.artist, r.set_name, r.curator, r.genre, r.release_date)
    IS DISTINCT FROM (excluded.artist, excluded.set_name, excluded.curator, excluded.genre, excluded.release_date);

  -- track -> sets playing it
  WITH fresh AS (
    SELECT u.track_id AS owner_id, s.id, s.artist, s.set_name, s.curator, s.genre, s.release_date
    FROM (
      SELECT DISTINCT st.track_id, st.set_id FROM set_tracks st WHERE all_rows OR st.set_id = ANY (s_ids)
    ) u JOIN sets s ON s.id = u.set_id
  ), gone AS (
    DELETE FROM track_sets r WHERE (all_rows OR r.id = ANY (s_ids))
      AND NOT EXISTS (SELECT 1 FROM fresh f WHERE f.owner_id = r.owner_id AND f.id = r.id)
  )
  INSERT INTO track_sets AS r SELECT * FROM fresh
  ON CONFLICT (owner_id, id) DO UPDATE SET artist = excluded.artist, set_name = excluded.set_name,
    curator = excluded.curator, genre = excluded.genre, release_date = excluded.release_date
  WHERE (r.artist, r.set_name, r.curator, r.genre, r.release_date)
    IS DISTINCT FROM (excluded.artist, excluded.set_name, excluded.curator, excluded.genre, excluded.release_date);

  -- artist -> released tracks credited as producer or feat
  WITH fresh AS (
    SELECT DISTINCT ta.artist_id AS owner_id, t.id, t.artist, t.title, t.label_name, t.genre, t.release_date
    FROM track_artists ta JOIN tracks t ON t.id = ta.track_id
    WHERE ta.role IN ('producer', 'feat') AND t.mix_type <> 'ID' AND (all_rows OR t.id = ANY (t_ids))
  ), gone AS (
    DELETE FROM artist_tracks r WHERE (all_rows OR r.id = ANY (t_ids))
      AND NOT EXISTS (SELECT 1 FROM fresh f WHERE f.owner_id = r.owner_id AND f.id = r.id)
    RETURNING r.owner_id, r.id
  ), put AS (
    INSERT INTO artist_tracks AS r SELECT * FROM fresh
    ON CONFLICT (owner_id, id) DO UPDATE SET artist = excluded.artist, title = excluded.title,
      label_name = excluded.label_name, genre = excluded.genre, release_date = excluded.release_date
    WHERE (r.artist, r.title, r.label_name, r.genre, r.release_date)
      IS DISTINCT FROM (excluded.artist, excluded.title, excluded.label_name, excluded.genre, excluded.release_date)
    RETURNING r.owner_id, r.id
  )
  SELECT tc || coalesce(array_agg(q.id), '{}'), ac || coalesce(array_agg(q.owner_id), '{}')
  INTO tc, ac FROM (SELECT * FROM gone UNION ALL SELECT * FROM put) q
  WHERE NOT all_rows;

  -- artist -> released tracks credited as mixer (remixes and edits)
  WITH fresh AS (
    SELECT DISTINCT ta.artist_id AS owner_id, t.id, t.artist, t.title, t.label_name, t.genre, t.release_date
    FROM track_artists ta JOIN tracks t ON t.id = ta.track_id
    WHERE ta.role = 'mixer' AND t.mix_type <> 'ID' AND (all_rows OR t.id = ANY (t_ids))
  ), gone AS (
    DELETE FROM artist_remixes r WHERE (all_rows OR r.id = ANY (t_ids))
      AND NOT EXISTS (SELECT 1 FROM fresh f WHERE f.owner_id = r.owner_id AND f.id = r.id)
    RETURNING r.owner_id, r.id
  ), put AS (
    INSERT INTO artist_remixes AS r SELECT * FROM fresh
    ON CONFLICT (owner_id, id) DO UPDATE SET artist = excluded.artist, title = excluded.title,
      label_name = excluded.label_name, genre = excluded.genre, release_date = excluded.release_date
    WHERE (r.artist, r.title, r.label_name, r.genre, r.release_date)
      IS DISTINCT FROM (excluded.artist, excluded.title, excluded.label_name, excluded.genre, excluded.release_date)
    RETURNING r.owner_id, r.id
  )
  SELECT tc || coalesce(array_agg(q.id), '{}'), ac || coalesce(array_agg(q.owner_id), '{}')
  INTO tc, ac FROM (SELECT * FROM gone UNION ALL SELECT * FROM put) q
  WHERE NOT all_rows;

  -- artist -> IDs credited in any role
  WITH fresh AS (
    SELECT DISTINCT ta.artist_id AS owner_id, t.id, t.artist, t.title, t.created_dt
    FROM track_artists ta JOIN tracks t ON t.id = ta.track_id
    WHERE t.mix_type = 'ID' AND (all_rows OR t.id = ANY (t_ids))
  ), gone AS (
    DELETE FROM artist_ids r WHERE (all_rows OR r.id = ANY (t_ids))
      AND NOT EXISTS (SELECT 1 FROM fresh f WHERE f.owner_id = r.owner_id AND f.id = r.id)
    RETURNING r.owner_id, r.id
  ), put AS (
    INSERT INTO artist_ids AS r SELECT * FROM fresh
    ON CONFLICT (owner_id, id) DO UPDATE SET artist = excluded.artist, title = excluded.title,
      created_dt = excluded.created_dt
    WHERE (r.artist, r.title, r.created_dt) IS DISTINCT FROM (excluded.artist, excluded.title, excluded.created_dt)
    RETURNING r.owner_id, r.id
  )
  SELECT tc || coalesce(array_agg(q.id), '{}'), ac || coalesce(array_agg(q.owner_id), '{}')
  INTO tc, ac FROM (SELECT * FROM gone UNION ALL SELECT * FROM put) q
  WHERE NOT all_rows;

  -- label -> its released tracks
  WITH fresh AS (
    SELECT t.label_id AS owner_id, t.id, t.artist, t.title, t.label_name, t.genre, t.release_date
    FROM tracks t
    WHERE t.label_id IS NOT NULL AND t.mix_type <> 'ID' AND (all_rows OR t.id = ANY (t_ids))
  ), gone AS (
    DELETE FROM label_tracks r WHERE (all_rows OR r.id = ANY (t_ids))
      AND NOT EXISTS (SELECT 1 FROM fresh f WHERE f.owner_id = r.owner_id AND f.id = r.id)
    RETURNING r.owner_id, r.id
  ), put AS (
    INSERT INTO label_tracks AS r SELECT * FROM fresh
    ON CONFLICT (owner_id, id) DO UPDATE SET artist = excluded.artist, title = excluded.title,
      label_name = excluded.label_name, genre = excluded.genre, release_date = excluded.release_date
    WHERE (r.artist, r.title, r.label_name, r.genre, r.release_date)
      IS DISTINCT FROM (excluded.artist, excluded.title, excluded.label_name, excluded.genre, excluded.release_date)
    RETURNING r.owner_id, r.id
  )
  SELECT tc || coalesce(array_agg(q.id), '{}'), lc || coalesce(array_agg(q.owner_id), '{}')
  INTO tc, lc FROM (SELECT * FROM gone UNION ALL SELECT * FROM put) q
  WHERE NOT all_rows;

  UPDATE labels l SET released_track_count = x.n
  FROM (
    SELECT l2.id, (SELECT count(*) FROM label_tracks r WHERE r.owner_id = l2.id)::int AS n
    FROM labels l2 WHERE all_rows OR l2.id = ANY (l_ids)
  ) x
  WHERE l.id = x.id AND l.released_track_count IS DISTINCT FROM x.n;

  IF NOT all_rows THEN
    -- Only tracks whose credits or label changed can change who is listed under a label or an artist.
    SELECT coalesce(array_agg(DISTINCT q.id), '{}') INTO lm FROM (
      SELECT unnest(lc) AS id
      UNION ALL SELECT label_id FROM tracks WHERE id = ANY (tc) AND label_id IS NOT NULL
      -- IDs are not in label_tracks, so a label given to an ID shows only here
      UNION ALL SELECT label_id FROM tracks WHERE id = ANY (t_ids) AND mix_type = 'ID' AND label_id IS NOT NULL
    ) q;
    SELECT coalesce(array_agg(DISTINCT q.id), '{}') INTO am FROM (
      SELECT unnest(ac) AS id
      UNION ALL SELECT artist_id FROM track_artists WHERE track_id = ANY (tc)
      UNION ALL SELECT artist_id FROM label_bosses WHERE label_id = ANY (lm)
    ) q;
  END IF;

  -- label -> artists credited on its tracks (any track, IDs included), with the artists' sort keys
  WITH fresh AS (
    SELECT u.label_id AS owner_id, a.id, a.name, a.set_count, a.latest_set_date, a.track_count, a.latest_track_date
    FROM (
      SELECT DISTINCT t.label_id, ta.artist_id FROM tracks t JOIN track_artists ta ON ta.track_id = t.id
      WHERE t.label_id IS NOT NULL AND (all_rows OR t.label_id = ANY (lm))
    ) u JOIN artists a ON a.id = u.artist_id
  ), gone AS (
    DELETE FROM label_artists r WHERE (all_rows OR r.owner_id = ANY (lm))
      AND NOT EXISTS (SELECT 1 FROM fresh f WHERE f.owner_id = r.owner_id AND f.id = r.id)
  )
  INSERT INTO label_artists AS r SELECT * FROM fresh
  ON CONFLICT (owner_id, id) DO UPDATE SET name = excluded.name, set_count = excluded.set_count,
    latest_set_date = excluded.latest_set_date, track_count = excluded.track_count,
    latest_track_date = excluded.latest_track_date
  WHERE (r.name, r.set_count, r.latest_set_date, r.track_count, r.latest_track_date)
    IS DISTINCT FROM (excluded.name, excluded.set_count, excluded.latest_set_date, excluded.track_count,
      excluded.latest_track_date);

  -- artist -> labels of its released tracks plus labels it founded, with the labels' sort keys
  WITH fresh AS (
    SELECT u.artist_id AS owner_id, l.id, l.name, l.set_count, l.latest_set_date, l.track_count,
           l.latest_track_date, l.artist_count
    FROM (
      SELECT ta.artist_id, t.label_id FROM track_artists ta JOIN tracks t ON t.id = ta.track_id
      WHERE t.mix_type <> 'ID' AND t.label_id IS NOT NULL AND (all_rows OR ta.artist_id = ANY (am))
      UNION
      SELECT lb.artist_id, lb.label_id FROM label_bosses lb WHERE all_rows OR lb.artist_id = ANY (am)
    ) u JOIN labels l ON l.id = u.label_id
  ), gone AS (
    DELETE FROM artist_labels r WHERE (all_rows OR r.owner_id = ANY (am))
      AND NOT EXISTS (SELECT 1 FROM fresh f WHERE f.owner_id = r.owner_id AND f.id = r.id)
  )
  INSERT INTO artist_labels AS r SELECT * FROM fresh
  ON CONFLICT (owner_id, id) DO UPDATE SET name = excluded.name, set_count = excluded.set_count,
    latest_set_date = excluded.latest_set_date, track_count = excluded.track_count,
    latest_track_date = excluded.latest_track_date, artist_count = excluded.artist_count
  WHERE (r.name, r.set_count, r.latest_set_date, r.track_count, r.latest_track_date, r.artist_count)
    IS DISTINCT FROM (excluded.name, excluded.set_count, excluded.latest_set_date, excluded.track_count,
      excluded.latest_track_date, excluded.artist_count);

  IF NOT all_rows THEN
    -- The sort keys of affected artists and labels listed under owners outside the scope above.
    UPDATE label_artists r SET name = a.name, set_count = a.set_count, latest_set_date = a.latest_set_date,
      track_count = a.track_count, latest_track_date = a.latest_track_date
    FROM artists a
    WHERE a.id = r.id AND r.id = ANY (a_ids)
      AND (r.name, r.set_count, r.latest_set_date, r.track_count, r.latest_track_date)
        IS DISTINCT FROM (a.name, a.set_count, a.latest_set_date, a.track_count, a.latest_track_date);
    UPDATE artist_labels r SET name = l.name, set_count = l.set_count, latest_set_date = l.latest_set_date,
      track_count = l.track_count, latest_track_date = l.latest_track_date, artist_count = l.artist_count
    FROM labels l
    WHERE l.id = r.id AND r.id = ANY (l_ids)
      AND (r.name, r.set_count, r.latest_set_date, r.track_count, r.latest_track_date, r.artist_count)
        IS DISTINCT FROM (l.name, l.set_count, l.latest_set_date, l.track_count, l.latest_track_date, l.artist_count);
  END IF;
END
$fn$;
