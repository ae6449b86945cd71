-- Source of truth for these functions (docs/database.md): the migration runner applies this file
-- with CREATE OR REPLACE after the migrations, on every start. Change the function here, not in a
-- migration; the copies in old migrations are history.

-- refresh_catalogue_stats(): recomputes every maintained catalogue column and catalogue_counts in
-- set-based statements (docs/decisions/0002-maintained-catalogue-stats.md). The catalogue changes only
-- by command-line import, which calls it once after loading. Each UPDATE touches only rows whose values
-- changed (IS DISTINCT FROM), so a second call writes nothing.
-- Definitions (the API's tabs and lists must count the same way):
--   set:    track_count = its set tracks; track_confirmed_count = those whose track is not an ID;
--           track_genres = genres of its tracks, most frequent first.
--   track:  set_count = distinct sets playing it.
--   artist: set_count/latest_set_date over sets it performs (set_artists);
--           track_count = non-ID tracks credited as producer or feat; remix_count = non-ID tracks
--           credited as mixer; id_count = ID tracks credited in any role; latest_track_date over its
--           non-ID tracks; label_count = labels of its non-ID tracks plus labels it founded;
--           track_genres = genres of every track credited, most frequent first.
--   label:  track_count/latest_track_date over its tracks; artist_count = distinct artists credited on
--           them; set_count/latest_set_date over sets playing one of its tracks or curated by it;
--           track_genres = genres of its tracks, most frequent first.
--   catalogue_counts: (list, genre) totals for sets, tracks (IDs included), ids, artists, labels
--           (genre = any of track_genres), festivals, venues; genre '' is the whole list, and every
--           genre has a row (0 when empty).
CREATE OR REPLACE FUNCTION refresh_catalogue_stats_base() RETURNS void
LANGUAGE plpgsql AS $fn$
BEGIN
  -- sets: one pass over set_tracks x tracks grouped by (set, genre)
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
        GROUP BY st.set_id, t.genre
      ) q
      GROUP BY q.set_id
    ) a ON a.set_id = s2.id
  ) x
  WHERE s.id = x.id
    AND (s.track_count, s.track_confirmed_count, s.track_genres)
        IS DISTINCT FROM (x.track_count, x.confirmed, x.genres);

  -- tracks
  UPDATE tracks t
  SET set_count = x.set_count
  FROM (
    SELECT t2.id, coalesce(a.n, 0)::int AS set_count
    FROM tracks t2
    LEFT JOIN (SELECT track_id, count(DISTINCT set_id) AS n FROM set_tracks GROUP BY track_id) a
      ON a.track_id = t2.id
  ) x
  WHERE t.id = x.id AND t.set_count IS DISTINCT FROM x.set_count;

  -- artists
  UPDATE artists a
  SET set_count = x.set_count, latest_set_date = x.latest_set_date,
      track_count = x.track_count, remix_count = x.remix_count, id_count = x.id_count,
      latest_track_date = x.latest_track_date, label_count = x.label_count, track_genres = x.genres
  FROM (
    WITH credits AS MATERIALIZED (
      SELECT ta.artist_id, ta.track_id, ta.role, t.mix_type, t.label_id, t.release_date, t.genre
      FROM track_artists ta JOIN tracks t ON t.id = ta.track_id
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
        SELECT artist_id, label_id FROM label_bosses
      ) u
      GROUP BY artist_id
    ),
    sa AS (
      SELECT sa.artist_id, count(*) AS set_count, max(s.release_date) AS latest_set_date
      FROM set_artists sa JOIN sets s ON s.id = sa.set_id
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
  ) x
  WHERE a.id = x.id
    AND (a.set_count, a.latest_set_date, a.track_count, a.remix_count, a.id_count,
         a.latest_track_date, a.label_count, a.track_genres)
        IS DISTINCT FROM (x.set_count, x.latest_set_date, x.track_count, x.remix_count, x.id_count,
         x.latest_track_date, x.label_count, x.genres);

  -- labels
  UPDATE labels l
  SET track_count = x.track_count, latest_track_date = x.latest_track_date,
      artist_count = x.artist_count, set_count = x.set_count, latest_set_date = x.latest_set_date,
      track_genres = x.genres
  FROM (
    WITH lt AS (
      SELECT label_id, count(*) AS track_count, max(release_date) AS latest_track_date
      FROM tracks WHERE label_id IS NOT NULL GROUP BY label_id
    ),
    lg AS (
      SELECT label_id, array_agg(genre ORDER BY n DESC, genre) AS genres
      FROM (
        SELECT label_id, genre, count(*) AS n FROM tracks
        WHERE label_id IS NOT NULL AND genre IS NOT NULL GROUP BY label_id, genre
      ) q
      GROUP BY label_id
    ),
    la AS (
      SELECT t.label_id, count(DISTINCT ta.artist_id) AS artist_count
      FROM tracks t JOIN track_artists ta ON ta.track_id = t.id
      WHERE t.label_id IS NOT NULL GROUP BY t.label_id
    ),
    ls AS (
      SELECT u.label_id, count(*) AS set_count, max(s.release_date) AS latest_set_date
      FROM (
        SELECT t.label_id, st.set_id FROM set_tracks st JOIN tracks t ON t.id = st.track_id
        WHERE t.label_id IS NOT NULL
        UNION
        SELECT label_id, set_id FROM set_sponsors WHERE label_id IS NOT NULL
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
  ) x
  WHERE l.id = x.id
    AND (l.track_count, l.latest_track_date, l.artist_count, l.set_count, l.latest_set_date, l.track_genres)
        IS DISTINCT FROM (x.track_count, x.latest_track_date, x.artist_count, x.set_count,
         x.latest_set_date, x.genres);

  -- catalogue_counts: upsert the fresh totals, then drop rows that no longer exist
  WITH per_genre AS (
    SELECT 'sets'::text AS list, genre, count(*) AS total FROM sets GROUP BY genre
    UNION ALL
    SELECT 'tracks', genre, count(*) FROM tracks WHERE genre IS NOT NULL GROUP BY genre
    UNION ALL
    SELECT 'ids', genre, count(*) FROM tracks WHERE mix_type = 'ID' AND genre IS NOT NULL GROUP BY genre
    UNION ALL
    SELECT 'artists', g, count(*) FROM artists, unnest(track_genres) AS g GROUP BY g
    UNION ALL
    SELECT 'labels', g, count(*) FROM labels, unnest(track_genres) AS g GROUP BY g
  ),
  fresh AS (
    SELECT l.list, g.name AS genre, coalesce(p.total, 0) AS total
    FROM (VALUES ('sets'), ('tracks'), ('ids'), ('artists'), ('labels')) AS l(list)
    CROSS JOIN genres g
    LEFT JOIN per_genre p ON p.list = l.list AND p.genre = g.name
    UNION ALL SELECT 'sets', '', (SELECT count(*) FROM sets)
    UNION ALL SELECT 'tracks', '', (SELECT count(*) FROM tracks)
    UNION ALL SELECT 'ids', '', (SELECT count(*) FROM tracks WHERE mix_type = 'ID')
    UNION ALL SELECT 'artists', '', (SELECT count(*) FROM artists)
    UNION ALL SELECT 'labels', '', (SELECT count(*) FROM labels)
    UNION ALL SELECT 'festivals', '', (SELECT count(*) FROM festivals)
    UNION ALL SELECT 'venues', '', (SELECT count(*) FROM venues)
  ),
  upserted AS (
    INSERT INTO catalogue_counts (list, genre, total)
    SELECT list, genre, total FROM fresh
    ON CONFLICT (list, genre) DO UPDATE SET total = excluded.total
    WHERE catalogue_counts.total IS DISTINCT FROM excluded.total
  )
  DELETE FROM catalogue_counts c
  WHERE NOT EXISTS (SELECT 1 FROM fresh f WHERE f.list = c.list AND f.genre = c.genre);
END
$fn$;
