-- A track's and a set's genre joins its search document's body, so searching a genre's name finds
-- its sets and tracks (as word matches, ranked below the items whose own name matches). The
-- documents are rebuilt once here with that definition; later starts replace the function from
-- db/functions/05-search-documents.sql, which holds the same text (and the two helpers it
-- calls, which a new database has not had yet at this point).
CREATE OR REPLACE FUNCTION cd_popularity(p_likes bigint, p_count integer) RETURNS bigint
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $fn$
  SELECT p_likes * 1000000 + least(p_count, 999999)
$fn$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION cd_term_counts(p_kind text, p_name text, p_body text)
RETURNS TABLE (kind text, word text, docs integer, leads integer)
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $fn$
  SELECT p_kind, w, 1, (w <> '' AND w = split_part(p_name, ' ', 1))::int
  FROM (SELECT DISTINCT w FROM unnest(string_to_array(btrim(p_body), ' ') || ''::text) AS w) q
$fn$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION refresh_search_documents() RETURNS void
LANGUAGE plpgsql AS $fn$
BEGIN
  CREATE TEMP TABLE fresh_search_documents ON COMMIT DROP AS
  SELECT 'artists'::text AS kind, a.id AS item_id, cd_normalise_name(a.name) AS name,
         cd_normalise_name(a.name) AS body,
         cd_popularity(a.total_user_likes, a.set_count) AS popularity
  FROM artists a
  UNION ALL
  SELECT 'labels', l.id, cd_normalise_name(l.name), cd_normalise_name(l.name),
         cd_popularity(l.total_user_likes, l.set_count)
  FROM labels l
  UNION ALL
  SELECT 'tracks', t.id, cd_normalise_name(t.title),
         cd_normalise_name(concat_ws(' ', t.title, t.artist, t.mix_name, t.label_name, t.genre, c.names)),
         cd_popularity(t.total_user_likes, t.set_count)
  FROM tracks t
  LEFT JOIN LATERAL (
    SELECT string_agg(a.name || CASE WHEN ta.role = 'mixer' AND t.mix_type = 'remix' THEN ' remix'
                                     WHEN ta.role = 'mixer' AND t.mix_type = 'edit' THEN ' edit'
                                     ELSE '' END, ' ' ORDER BY ta.position) AS names
    FROM track_artists ta JOIN artists a ON a.id = ta.artist_id WHERE ta.track_id = t.id
  ) c ON true
  UNION ALL
  SELECT 'sets', s.id, cd_normalise_name(s.set_name),
         cd_normalise_name(concat_ws(' ', s.set_name, s.artist, p.names, s.curator, s.genre, sp.names, f.name, v.name)),
         cd_popularity(s.likes, s.track_count)
  FROM sets s
  LEFT JOIN festivals f ON f.id = s.festival_id
  LEFT JOIN venues v ON v.id = s.venue_id
  LEFT JOIN LATERAL (
    SELECT string_agg(a.name, ' ' ORDER BY sa.position) AS names
    FROM set_artists sa JOIN artists a ON a.id = sa.artist_id WHERE sa.set_id = s.id
  ) p ON true
  LEFT JOIN LATERAL (
    SELECT string_agg(coalesce(a.name, l.name), ' ' ORDER BY x.position) AS names
    FROM set_sponsors x LEFT JOIN artists a ON a.id = x.artist_id LEFT JOIN labels l ON l.id = x.label_id
    WHERE x.set_id = s.id
  ) sp ON true;

  UPDATE fresh_search_documents SET body = ' ' || btrim(left(body, 800)) || ' ';

  INSERT INTO search_documents AS d (kind, item_id, name, body, popularity)
  SELECT kind, item_id, name, body, popularity FROM fresh_search_documents
  ON CONFLICT (kind, item_id) DO UPDATE
    SET name = excluded.name, body = excluded.body, popularity = excluded.popularity
    WHERE (d.name, d.body, d.popularity) IS DISTINCT FROM (excluded.name, excluded.body, excluded.popularity);

  DELETE FROM search_documents d
  WHERE NOT EXISTS (SELECT 1 FROM fresh_search_documents f WHERE f.kind = d.kind AND f.item_id = d.item_id);

  CREATE TEMP TABLE fresh_search_terms ON COMMIT DROP AS
  SELECT t.kind, t.word, sum(t.docs)::int AS docs, sum(t.leads)::int AS leads
  FROM fresh_search_documents f, cd_term_counts(f.kind, f.name, f.body) t
  GROUP BY t.kind, t.word;

  INSERT INTO search_terms AS s (kind, word, docs, leads)
  SELECT kind, word, docs, leads FROM fresh_search_terms
  ON CONFLICT (kind, word) DO UPDATE SET docs = excluded.docs, leads = excluded.leads
    WHERE (s.docs, s.leads) IS DISTINCT FROM (excluded.docs, excluded.leads);
  DELETE FROM search_terms s
  WHERE NOT EXISTS (SELECT 1 FROM fresh_search_terms f WHERE f.kind = s.kind AND f.word = s.word);

  CREATE TEMP TABLE fresh_search_words ON COMMIT DROP AS
  SELECT DISTINCT word FROM fresh_search_terms WHERE length(word) >= 4;

  INSERT INTO search_words (word) SELECT word FROM fresh_search_words ON CONFLICT DO NOTHING;
  DELETE FROM search_words w WHERE NOT EXISTS (SELECT 1 FROM fresh_search_words f WHERE f.word = w.word);

  DROP TABLE fresh_search_documents;
  DROP TABLE fresh_search_terms;
  DROP TABLE fresh_search_words;
END
$fn$;
--> statement-breakpoint
SELECT refresh_search_documents();
