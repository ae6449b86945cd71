-- Source of truth for these functions (docs/database.md): the migration runner applies this file
-- with CREATE OR REPLACE after the migrations, on every start. Change the function here, not in a
-- migration; the copies in old migrations are history.

-- refresh_catalogue_stats_for(): brings the maintained catalogue columns and catalogue_counts up to
-- date after an import, for what it touched only (docs/decisions/0013-catalogue-import.md). An import
-- only adds: new sets with their set tracks, artists and sponsors; new tracks with their credits; new
-- artists; new labels with their founders; new festivals and venues. Existing rows are reused as they
-- are. So the rows whose counts can change are:
--   sets:    the new sets;
--   tracks:  the new tracks and every track a new set plays (set_count);
--   artists: the new artists, those credited on new tracks, performing a new set, founding a new label;
--   labels:  the new labels, the labels of new tracks and of tracks a new set plays, new sets' curators.
-- The statements are those of refresh_catalogue_stats() (same definitions) restricted to these ids,
-- so each is a handful of index lookups however large the catalogue is.
-- catalogue_counts moves by deltas: +1 per new set / track / ID (by genre and ''), +1 per new artist,
-- label, festival and venue (''), and per genre the difference of track_genres before and after for
-- the artists and labels whose genres changed.
CREATE OR REPLACE FUNCTION refresh_catalogue_stats_for_base(
  p_sets int[], p_tracks int[], p_artists int[], p_labels int[], p_festivals int[], p_venues int[]
) RETURNS void
LANGUAGE plpgsql AS $fn$
DECLARE
  v_tracks int[];
  v_artists int[];
  v_labels int[];
BEGIN
  p_sets := coalesce(p_sets, '{}'); p_tracks := coalesce(p_tracks, '{}');
  p_artists := coalesce(p_artists, '{}'); p_labels := coalesce(p_labels, '{}');
  p_festivals := coalesce(p_festivals, '{}'); p_venues := coalesce(p_venues, '{}');

  SELECT coalesce(array_agg(DISTINCT id), '{}') INTO v_tracks FROM (
    SELECT unnest(p_tracks) AS id
    UNION SELECT st.track_id FROM set_tracks st WHERE st.set_id = ANY (p_sets)
  ) u;
  SELECT coalesce(array_agg(DISTINCT id), '{}') INTO v_artists FROM (
    SELECT unnest(p_artists) AS id
    UNION SELECT ta.artist_id FROM track_artists ta WHERE ta.track_id = ANY (p_tracks)
    UNION SELECT sa.artist_id FROM set_artists sa WHERE sa.set_id = ANY (p_sets)
    UNION SELECT lb.artist_id FROM label_bosses lb WHERE lb.label_id = ANY (p_labels)
  ) u;
  SELECT coalesce(array_agg(DISTINCT id), '{}') INTO v_labels FROM (
    SELECT unnest(p_labels) AS id
    UNION SELECT t.label_id FROM tracks t WHERE t.id = ANY (v_tracks) AND t.label_id IS NOT NULL
    UNION SELECT sp.label_id FROM set_sponsors sp WHERE sp.set_id = ANY (p_sets) AND sp.label_id IS NOT NULL
  ) u;

  -- sets
  UPDATE sets s
  SET track_count = x.track_count, track_confirmed_count = x.confirmed, track_genres = x.genres
  FROM (
    SELECT s2.id,
           coalesce(a.track_count, 0)::int AS track_count,
           coalesce(a.confirmed, 0)::int AS confirmed,
           coalesce(a.genres, '{}'::text[]) AS genres
    FROM sets s2
    LEFT JOIN (
      SELECT q.set_id, sum(q.n) AS track_count, sum(q.c) AS confirmed,
             array_agg(q.genre ORDER BY q.n DESC, q.genre) FILTER (WHERE q.genre IS NOT NULL) AS genres
      FROM (
        SELECT st.set_id, t.genre, count(*) AS n, count(*) FILTER (WHERE t.mix_type <> 'ID') AS c
        FROM set_tracks st JOIN tracks t ON t.id = st.track_id
        WHERE st.set_id = ANY (p_sets)
        GROUP BY st.set_id, t.genre
      ) q
      GROUP BY q.set_id
    ) a ON a.set_id = s2.id
    WHERE s2.id = ANY (p_sets)
  ) x
  WHERE s.id = x.id
    AND (s.track_count, s.track_confirmed_count, s.track_genres)
        IS DISTINCT FROM (x.track_count, x.confirmed, x.genres);

  -- tracks
  UPDATE tracks t
  SET set_count = x.set_count
  FROM (
    SELECT t2.id, (SELECT count(DISTINCT st.set_id) FROM set_tracks st WHERE st.track_id = t2.id)::int AS set_count
    FROM tracks t2 WHERE t2.id = ANY (v_tracks)
  ) x
  WHERE t.id = x.id AND t.set_count IS DISTINCT FROM x.set_count;

  -- artists (old genres kept to move catalogue_counts by the difference)
  CREATE TEMP TABLE IF NOT EXISTS import_genre_delta (list text, genre text, n bigint) ON COMMIT DROP;
  WITH old AS (
    SELECT id, track_genres FROM artists WHERE id = ANY (v_artists)
  ),
  changed AS (
    UPDATE artists a
    SET set_count = x.set_count, latest_set_date = x.latest_set_date,
        track_count = x.track_count, remix_count = x.remix_count, id_count = x.id_count,
        latest_track_date = x.latest_track_date, label_count = x.label_count, track_genres = x.genres
    FROM (
      WITH credits AS MATERIALIZED (
        SELECT ta.artist_id, ta.track_id, ta.role, t.mix_type, t.label_id, t.release_date, t.genre
        FROM track_artists ta JOIN tracks t ON t.id = ta.track_id
        WHERE ta.artist_id = ANY (v_artists)
      ),
      tr AS (
        SELECT artist_id,
               count(DISTINCT track_id) FILTER (WHERE role IN ('producer', 'feat') AND mix_type <> 'ID') AS track_count,
               count(DISTINCT track_id) FILTER (WHERE role = 'mixer' AND mix_type <> 'ID') AS remix_count,
               count(DISTINCT track_id) FILTER (WHERE mix_type = 'ID') AS id_count,
               max(release_date) FILTER (WHERE mix_type <> 'ID') AS latest_track_date
        FROM credits GROUP BY artist_id
      ),
      ag AS (
        SELECT artist_id, array_agg(genre ORDER BY n DESC, genre) AS genres
        FROM (
          SELECT artist_id, genre, count(DISTINCT track_id) AS n
          FROM credits WHERE genre IS NOT NULL GROUP BY artist_id, genre
        ) q
        GROUP BY artist_id
      ),
      al AS (
        SELECT artist_id, count(*) AS label_count
        FROM (
          SELECT artist_id, label_id FROM credits WHERE label_id IS NOT NULL AND mix_type <> 'ID'
          UNION
          SELECT artist_id, label_id FROM label_bosses WHERE artist_id = ANY (v_artists)
        ) u
        GROUP BY artist_id
      ),
      sa AS (
        SELECT sa.artist_id, count(*) AS set_count, max(s.release_date) AS latest_set_date
        FROM set_artists sa JOIN sets s ON s.id = sa.set_id
        WHERE sa.artist_id = ANY (v_artists)
        GROUP BY sa.artist_id
      )
      SELECT a2.id,
             coalesce(sa.set_count, 0)::int AS set_count, sa.latest_set_date,
             coalesce(tr.track_count, 0)::int AS track_count,
             coalesce(tr.remix_count, 0)::int AS remix_count,
             coalesce(tr.id_count, 0)::int AS id_count,
             tr.latest_track_date,
             coalesce(al.label_count, 0)::int AS label_count,
             coalesce(ag.genres, '{}'::text[]) AS genres
      FROM artists a2
      LEFT JOIN sa ON sa.artist_id = a2.id
      LEFT JOIN tr ON tr.artist_id = a2.id
      LEFT JOIN al ON al.artist_id = a2.id
      LEFT JOIN ag ON ag.artist_id = a2.id
      WHERE a2.id = ANY (v_artists)
    ) x
    WHERE a.id = x.id
      AND (a.set_count, a.latest_set_date, a.track_count, a.remix_count, a.id_count,
           a.latest_track_date, a.label_count, a.track_genres)
          IS DISTINCT FROM (x.set_count, x.latest_set_date, x.track_count, x.remix_count, x.id_count,
           x.latest_track_date, x.label_count, x.genres)
    RETURNING a.id, a.track_genres
  )
  INSERT INTO import_genre_delta (list, genre, n)
  SELECT 'artists', g, sum(d) FROM (
    SELECT unnest(c.track_genres) AS g, 1 AS d FROM changed c
    UNION ALL
    SELECT unnest(o.track_genres), -1 FROM old o WHERE o.id IN (SELECT id FROM changed)
  ) u GROUP BY g;

  -- labels
  WITH old AS (
    SELECT id, track_genres FROM labels WHERE id = ANY (v_labels)
  ),
  changed AS (
    UPDATE labels l
    SET track_count = x.track_count, latest_track_date = x.latest_track_date,
        artist_count = x.artist_count, set_count = x.set_count, latest_set_date = x.latest_set_date,
        track_genres = x.genres
    FROM (
      WITH lt AS (
        SELECT label_id, count(*) AS track_count, max(release_date) AS latest_track_date
        FROM tracks WHERE label_id = ANY (v_labels) GROUP BY label_id
      ),
      lg AS (
        SELECT label_id, array_agg(genre ORDER BY n DESC, genre) AS genres
        FROM (
          SELECT label_id, genre, count(*) AS n FROM tracks
          WHERE label_id = ANY (v_labels) AND genre IS NOT NULL GROUP BY label_id, genre
        ) q
        GROUP BY label_id
      ),
      la AS (
        SELECT t.label_id, count(DISTINCT ta.artist_id) AS artist_count
        FROM tracks t JOIN track_artists ta ON ta.track_id = t.id
        WHERE t.label_id = ANY (v_labels) GROUP BY t.label_id
      ),
      ls AS (
        SELECT u.label_id, count(*) AS set_count, max(s.release_date) AS latest_set_date
        FROM (
          SELECT t.label_id, st.set_id FROM set_tracks st JOIN tracks t ON t.id = st.track_id
          WHERE t.label_id = ANY (v_labels)
          UNION
          SELECT label_id, set_id FROM set_sponsors WHERE label_id = ANY (v_labels)
        ) u
        JOIN sets s ON s.id = u.set_id
        GROUP BY u.label_id
      )
      SELECT l2.id,
             coalesce(lt.track_count, 0)::int AS track_count, lt.latest_track_date,
             coalesce(la.artist_count, 0)::int AS artist_count,
             coalesce(ls.set_count, 0)::int AS set_count, ls.latest_set_date,
             coalesce(lg.genres, '{}'::text[]) AS genres
      FROM labels l2
      LEFT JOIN lt ON lt.label_id = l2.id
      LEFT JOIN lg ON lg.label_id = l2.id
      LEFT JOIN la ON la.label_id = l2.id
      LEFT JOIN ls ON ls.label_id = l2.id
      WHERE l2.id = ANY (v_labels)
    ) x
    WHERE l.id = x.id
      AND (l.track_count, l.latest_track_date, l.artist_count, l.set_count, l.latest_set_date, l.track_genres)
          IS DISTINCT FROM (x.track_count, x.latest_track_date, x.artist_count, x.set_count,
           x.latest_set_date, x.genres)
    RETURNING l.id, l.track_genres
  )
  INSERT INTO import_genre_delta (list, genre, n)
  SELECT 'labels', g, sum(d) FROM (
    SELECT unnest(c.track_genres) AS g, 1 AS d FROM changed c
    UNION ALL
    SELECT unnest(o.track_genres), -1 FROM old o WHERE o.id IN (SELECT id FROM changed)
  ) u GROUP BY g;

  INSERT INTO import_genre_delta (list, genre, n)
  SELECT 'sets', genre, count(*) FROM sets WHERE id = ANY (p_sets) AND genre IS NOT NULL GROUP BY genre
  UNION ALL SELECT 'sets', '', cardinality(p_sets)
  UNION ALL SELECT 'tracks', genre, count(*) FROM tracks WHERE id = ANY (p_tracks) AND genre IS NOT NULL GROUP BY genre
  UNION ALL SELECT 'tracks', '', cardinality(p_tracks)
  UNION ALL SELECT 'ids', genre, count(*) FROM tracks
    WHERE id = ANY (p_tracks) AND mix_type = 'ID' AND genre IS NOT NULL GROUP BY genre
  UNION ALL SELECT 'ids', '', (SELECT count(*) FROM tracks WHERE id = ANY (p_tracks) AND mix_type = 'ID')
  UNION ALL SELECT 'artists', '', cardinality(p_artists)
  UNION ALL SELECT 'labels', '', cardinality(p_labels)
  UNION ALL SELECT 'festivals', '', cardinality(p_festivals)
  UNION ALL SELECT 'venues', '', cardinality(p_venues);

  -- Every (list, genre) row exists once any refresh ran; a catalogue never refreshed gets them here.
  INSERT INTO catalogue_counts (list, genre, total)
  SELECT list, genre, sum(n) FROM import_genre_delta GROUP BY list, genre HAVING sum(n) <> 0
  ON CONFLICT (list, genre) DO UPDATE SET total = catalogue_counts.total + excluded.total;
  DELETE FROM import_genre_delta;

  -- Search documents (popularity reads the counts above) for every row whose counts were reviewed.
  PERFORM refresh_search_documents_for(p_sets, v_tracks, v_artists, v_labels);
END
$fn$;
