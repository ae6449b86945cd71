-- Search speed (docs/decisions/0011-search.md, "Update"): the documents' words indexed exactly, and
-- how many documents of each kind hold each word, so a search reads a bounded number of rows.
--
-- The words of a document: its body split on spaces (the body is ' ' + normalised words + ' ', so
-- btrim first). One exact GIN index per kind replaces the trigram indexes: a word's posting list holds
-- the documents having that word, with no recheck and no substring noise ("dust" in "industry").
DROP INDEX IF EXISTS "search_documents_artists_trgm";
--> statement-breakpoint
DROP INDEX IF EXISTS "search_documents_labels_trgm";
--> statement-breakpoint
DROP INDEX IF EXISTS "search_documents_tracks_trgm";
--> statement-breakpoint
DROP INDEX IF EXISTS "search_documents_sets_trgm";
--> statement-breakpoint
CREATE INDEX "search_documents_artists_words" ON "search_documents" USING gin (string_to_array(btrim("body"), ' ')) WHERE "kind" = 'artists';
--> statement-breakpoint
CREATE INDEX "search_documents_labels_words" ON "search_documents" USING gin (string_to_array(btrim("body"), ' ')) WHERE "kind" = 'labels';
--> statement-breakpoint
CREATE INDEX "search_documents_tracks_words" ON "search_documents" USING gin (string_to_array(btrim("body"), ' ')) WHERE "kind" = 'tracks';
--> statement-breakpoint
CREATE INDEX "search_documents_sets_words" ON "search_documents" USING gin (string_to_array(btrim("body"), ' ')) WHERE "kind" = 'sets';
--> statement-breakpoint
-- The popularity-ordered scan of frequent words reads the body from the index itself (an index-only
-- scan filtering on the words), not one heap row per document passed. Bodies are capped at 800
-- characters so an index row stays far below the b-tree's limit. The index is partial on a condition
-- every document meets (popularity >= 0) and only the popularity scans state: a statement fetching a
-- rare word's documents cannot take it for a cheap full scan and uses the words index.
DROP INDEX IF EXISTS "search_documents_popularity_idx";
--> statement-breakpoint
UPDATE "search_documents" SET "body" = ' ' || btrim(left("body", 800)) || ' ' WHERE length("body") > 802;
--> statement-breakpoint
CREATE INDEX "search_documents_popularity_idx" ON "search_documents" USING btree ("kind", "popularity" DESC, "name", "item_id") INCLUDE ("body") WHERE "popularity" >= 0;
--> statement-breakpoint
-- search_terms: per kind, every word of the documents with `docs`, how many documents hold it, and
-- `leads`, how many documents' names start with it. A search reads these first to pick its plan: a
-- word no document of a kind holds empties that section at once; a rare word fetches its documents
-- through the words index; frequent words walk the documents in popularity order.
CREATE TABLE "search_terms" (
	"kind" text NOT NULL,
	"word" text NOT NULL,
	"docs" integer NOT NULL,
	"leads" integer NOT NULL,
	CONSTRAINT "search_terms_kind_word_pk" PRIMARY KEY("kind","word")
);
--> statement-breakpoint
CREATE INDEX "search_terms_prefix_idx" ON "search_terms" USING btree ("word" text_pattern_ops) INCLUDE ("kind", "docs", "leads");
--> statement-breakpoint
-- cd_term_counts(kind, name, body): one row per distinct word of one document, with 1 and whether the
-- document's name starts with it, plus one row for the empty word (every document counts there, so
-- the row ('<kind>', '') holds the number of documents of the kind); summed per (kind, word) they are
-- search_terms.
CREATE OR REPLACE FUNCTION cd_term_counts(p_kind text, p_name text, p_body text)
RETURNS TABLE (kind text, word text, docs integer, leads integer)
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $fn$
  SELECT p_kind, w, 1, (w <> '' AND w = split_part(p_name, ' ', 1))::int
  FROM (SELECT DISTINCT w FROM unnest(string_to_array(btrim(p_body), ' ') || ''::text) AS w) q
$fn$;
--> statement-breakpoint
INSERT INTO search_terms (kind, word, docs, leads)
SELECT t.kind, t.word, sum(t.docs), sum(t.leads)
FROM search_documents d, cd_term_counts(d.kind, d.name, d.body) t
GROUP BY t.kind, t.word;
--> statement-breakpoint
-- refresh_search_documents(): as in 0008_search.sql, plus search_terms recomputed from the fresh
-- documents, writing only what changed.
CREATE OR REPLACE FUNCTION refresh_search_documents() RETURNS void
LANGUAGE plpgsql AS $fn$
BEGIN
  CREATE TEMP TABLE fresh_search_documents ON COMMIT DROP AS
  SELECT 'artists'::text AS kind, a.id AS item_id, cd_normalise_name(a.name) AS name,
         cd_normalise_name(a.name) AS body,
         a.total_user_likes::bigint * 1000000 + least(a.set_count, 999999) AS popularity
  FROM artists a
  UNION ALL
  SELECT 'labels', l.id, cd_normalise_name(l.name), cd_normalise_name(l.name),
         l.total_user_likes::bigint * 1000000 + least(l.set_count, 999999)
  FROM labels l
  UNION ALL
  SELECT 'tracks', t.id, cd_normalise_name(t.title),
         cd_normalise_name(concat_ws(' ', t.title, t.artist, t.mix_name, t.label_name, c.names)),
         t.total_user_likes::bigint * 1000000 + least(t.set_count, 999999)
  FROM tracks t
  LEFT JOIN LATERAL (
    SELECT string_agg(a.name || CASE WHEN ta.role = 'mixer' AND t.mix_type = 'remix' THEN ' remix'
                                     WHEN ta.role = 'mixer' AND t.mix_type = 'edit' THEN ' edit'
                                     ELSE '' END, ' ' ORDER BY ta.position) AS names
    FROM track_artists ta JOIN artists a ON a.id = ta.artist_id WHERE ta.track_id = t.id
  ) c ON true
  UNION ALL
  SELECT 'sets', s.id, cd_normalise_name(s.set_name),
         cd_normalise_name(concat_ws(' ', s.set_name, s.artist, p.names, s.curator, sp.names, f.name, v.name)),
         s.likes::bigint * 1000000 + least(s.track_count, 999999)
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
-- refresh_search_documents_for(): as in 0012_import.sql, plus search_terms moved by the difference
-- between the rewritten documents' old and new words.
CREATE OR REPLACE FUNCTION refresh_search_documents_for(
  p_sets int[], p_tracks int[], p_artists int[], p_labels int[]
) RETURNS void
LANGUAGE plpgsql AS $fn$
BEGIN
  CREATE TEMP TABLE fresh_search_documents_for ON COMMIT DROP AS
  SELECT 'artists'::text AS kind, a.id AS item_id, cd_normalise_name(a.name) AS name,
         cd_normalise_name(a.name) AS body,
         a.total_user_likes::bigint * 1000000 + least(a.set_count, 999999) AS popularity
  FROM artists a WHERE a.id = ANY (p_artists)
  UNION ALL
  SELECT 'labels', l.id, cd_normalise_name(l.name), cd_normalise_name(l.name),
         l.total_user_likes::bigint * 1000000 + least(l.set_count, 999999)
  FROM labels l WHERE l.id = ANY (p_labels)
  UNION ALL
  SELECT 'tracks', t.id, cd_normalise_name(t.title),
         cd_normalise_name(concat_ws(' ', t.title, t.artist, t.mix_name, t.label_name, c.names)),
         t.total_user_likes::bigint * 1000000 + least(t.set_count, 999999)
  FROM tracks t
  LEFT JOIN LATERAL (
    SELECT string_agg(a.name || CASE WHEN ta.role = 'mixer' AND t.mix_type = 'remix' THEN ' remix'
                                     WHEN ta.role = 'mixer' AND t.mix_type = 'edit' THEN ' edit'
                                     ELSE '' END, ' ' ORDER BY ta.position) AS names
    FROM track_artists ta JOIN artists a ON a.id = ta.artist_id WHERE ta.track_id = t.id
  ) c ON true
  WHERE t.id = ANY (p_tracks)
  UNION ALL
  SELECT 'sets', s.id, cd_normalise_name(s.set_name),
         cd_normalise_name(concat_ws(' ', s.set_name, s.artist, p.names, s.curator, sp.names, f.name, v.name)),
         s.likes::bigint * 1000000 + least(s.track_count, 999999)
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
  ) sp ON true
  WHERE s.id = ANY (p_sets);

  UPDATE fresh_search_documents_for SET body = ' ' || btrim(left(body, 800)) || ' ';

  -- the new words of the rewritten documents counted in, their old words counted out
  INSERT INTO search_terms AS s (kind, word, docs, leads)
  SELECT t.kind, t.word, sum(t.docs)::int, sum(t.leads)::int FROM (
    SELECT c.kind, c.word, c.docs, c.leads
    FROM fresh_search_documents_for f, cd_term_counts(f.kind, f.name, f.body) c
    UNION ALL
    SELECT c.kind, c.word, -c.docs, -c.leads
    FROM search_documents d
    JOIN fresh_search_documents_for f ON f.kind = d.kind AND f.item_id = d.item_id,
    cd_term_counts(d.kind, d.name, d.body) c
  ) t
  GROUP BY t.kind, t.word
  ON CONFLICT (kind, word) DO UPDATE SET docs = s.docs + excluded.docs, leads = s.leads + excluded.leads
    WHERE excluded.docs <> 0 OR excluded.leads <> 0;
  DELETE FROM search_terms s WHERE s.docs <= 0;

  INSERT INTO search_documents AS d (kind, item_id, name, body, popularity)
  SELECT kind, item_id, name, body, popularity FROM fresh_search_documents_for
  ON CONFLICT (kind, item_id) DO UPDATE
    SET name = excluded.name, body = excluded.body, popularity = excluded.popularity
    WHERE (d.name, d.body, d.popularity) IS DISTINCT FROM (excluded.name, excluded.body, excluded.popularity);

  INSERT INTO search_words (word)
  SELECT DISTINCT w FROM fresh_search_documents_for, unnest(string_to_array(btrim(body), ' ')) AS w
  WHERE length(w) >= 4
  ON CONFLICT DO NOTHING;

  DROP TABLE fresh_search_documents_for;
END
$fn$;
--> statement-breakpoint
-- cd_name_words(text): the normalised words of a text (cd_normalise_name split on spaces). The
-- catalogue lists' `search` matches the words of the item's own row through these indexes (one index
-- lookup and one row read per match): tracks and IDs by title, artist line, mix name and label; sets by
-- name, artist line and curator; artists and labels by name. Schema-qualified inside: index
-- maintenance may run with a search_path of pg_catalog only.
CREATE OR REPLACE FUNCTION cd_name_words(name text) RETURNS text[]
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $fn$
  SELECT string_to_array(public.cd_normalise_name(name), ' ')
$fn$;
--> statement-breakpoint
CREATE INDEX "tracks_search_words" ON "tracks" USING gin (cd_name_words("title" || ' ' || "artist" || ' ' || coalesce("mix_name", '') || ' ' || coalesce("label_name", '')));
--> statement-breakpoint
CREATE INDEX "sets_search_words" ON "sets" USING gin (cd_name_words("set_name" || ' ' || "artist" || ' ' || coalesce("curator", '')));
--> statement-breakpoint
CREATE INDEX "artists_search_words" ON "artists" USING gin (cd_name_words("name"));
--> statement-breakpoint
CREATE INDEX "labels_search_words" ON "labels" USING gin (cd_name_words("name"));
