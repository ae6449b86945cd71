-- Search (docs/decisions/0011-search.md): one name normalisation, stored search documents with
-- trigram and b-tree indexes, and a dictionary of words for typo correction.
-- unaccent and fuzzystrmatch are trusted extensions since PostgreSQL 13; PGlite loads the ones it is
-- given in apps/api/src/db/client.ts.
CREATE EXTENSION IF NOT EXISTS unaccent;
--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS fuzzystrmatch;
--> statement-breakpoint
-- cd_normalise_name(text): the one normalisation of names (artists, labels, festivals, venues, titles,
-- queries). Mirrored by normaliseName() in packages/contract/src/search-normalise.ts.
--   1. accents folded with the unaccent dictionary named explicitly (so the function is IMMUTABLE and
--      indexable), then lower case;
--   2. '(Original Mix)' and '(Extended Mix)' (round or square brackets) removed;
--   3. apostrophes (' ’ ‘ ` ´) removed, so "Don't" = "dont";
--   4. every other ASCII non-alphanumeric and the Unicode punctuation blocks (U+0080–U+00BF, ×, ÷,
--      U+2000–U+206F, U+3000–U+303F) become a space;
--   5. the join words and, x, vs, b2b, feat, ft, with (after step 4 '&', 'vs.', 'feat.', 'ft.' are
--      these words or spaces) are dropped, so "A & B", "A and B", "A b2b B", "A feat. B" all read "a b";
--   6. words are separated by one space, no leading or trailing space.
CREATE OR REPLACE FUNCTION cd_normalise_name(name text) RETURNS text
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $fn$
  SELECT btrim(regexp_replace(regexp_replace(
    ' ' || regexp_replace(regexp_replace(regexp_replace(
      lower(public.unaccent('public.unaccent'::regdictionary, name)),
      '[\(\[]\s*(original|extended)\s+mix\s*[\)\]]', ' ', 'g'),
      '[''\u2019\u2018`\u00b4]', '', 'g'),
      '[^a-z0-9\u0080-\uffff]|[\u0080-\u00bf\u00d7\u00f7\u2000-\u206f\u3000-\u303f]', ' ', 'g') || ' ',
    ' (and|x|vs|b2b|feat|ft|with)(?= )', ' ', 'g'),
    ' {2,}', ' ', 'g'))
$fn$;
--> statement-breakpoint
-- cd_one_typo(a, b): b is a one-typo spelling of a: one letter wrong, missing or extra (Levenshtein
-- distance 1), or two letters swapped (distance 2 with the same letters).
CREATE OR REPLACE FUNCTION cd_one_typo(a text, b text) RETURNS boolean
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $fn$
  SELECT a <> b AND abs(length(a) - length(b)) <= 1 AND (
    levenshtein_less_equal(a, b, 1) <= 1
    OR (length(a) = length(b) AND levenshtein_less_equal(a, b, 2) = 2
        AND (SELECT string_agg(c, '' ORDER BY c) FROM regexp_split_to_table(a, '') c)
          = (SELECT string_agg(c, '' ORDER BY c) FROM regexp_split_to_table(b, '') c)))
$fn$;
--> statement-breakpoint
-- One row per searchable item. name: the normalised name (artist/label name, track title, set name);
-- body: ' ' || every normalised searchable text of the item || ' ' (word starts are ' ' + word);
-- popularity: likes first, then set counts (likes * 1e6 + set_count), the tie-break within a rank.
CREATE TABLE "search_documents" (
	"kind" text NOT NULL,
	"item_id" integer NOT NULL,
	"name" text NOT NULL,
	"body" text NOT NULL,
	"popularity" bigint NOT NULL,
	CONSTRAINT "search_documents_kind_item_id_pk" PRIMARY KEY("kind","item_id"),
	CONSTRAINT "search_documents_kind_check" CHECK ("search_documents"."kind" in ('artists', 'labels', 'tracks', 'sets'))
);
--> statement-breakpoint
CREATE INDEX "search_documents_name_idx" ON "search_documents" USING btree ("kind", "name" text_pattern_ops, "popularity", "item_id");
--> statement-breakpoint
CREATE INDEX "search_documents_popularity_idx" ON "search_documents" USING btree ("kind", "popularity" DESC, "name", "item_id");
--> statement-breakpoint
CREATE INDEX "search_documents_artists_trgm" ON "search_documents" USING gin ("body" gin_trgm_ops) WHERE "kind" = 'artists';
--> statement-breakpoint
CREATE INDEX "search_documents_labels_trgm" ON "search_documents" USING gin ("body" gin_trgm_ops) WHERE "kind" = 'labels';
--> statement-breakpoint
CREATE INDEX "search_documents_tracks_trgm" ON "search_documents" USING gin ("body" gin_trgm_ops) WHERE "kind" = 'tracks';
--> statement-breakpoint
CREATE INDEX "search_documents_sets_trgm" ON "search_documents" USING gin ("body" gin_trgm_ops) WHERE "kind" = 'sets';
--> statement-breakpoint
-- Every distinct word of four letters or more in the documents: where a query word of five letters or
-- more finds its one-typo spellings. One typo in a word of five letters or more leaves its first two or
-- its last two letters intact, so the two indexes below narrow the candidates to a few dozen words of
-- about the same length, and cd_one_typo decides.
CREATE TABLE "search_words" (
	"word" text PRIMARY KEY NOT NULL
);
--> statement-breakpoint
CREATE INDEX "search_words_prefix_idx" ON "search_words" USING btree ("word" text_pattern_ops);
--> statement-breakpoint
CREATE INDEX "search_words_head_idx" ON "search_words" USING btree (left("word", 2), length("word"));
--> statement-breakpoint
CREATE INDEX "search_words_tail_idx" ON "search_words" USING btree (right("word", 2), length("word"));
--> statement-breakpoint
-- refresh_search_documents(): recomputes every document and the word list from the catalogue in
-- set-based statements, writing only rows that changed (a second call writes nothing). Every writer of
-- the catalogue calls it after refresh_catalogue_stats() (popularity reads the maintained counts).
--   artists: name.                     labels: name.
--   tracks:  title, artist line, mix name ("X Remix"), label name, every credited artist (producer,
--            feat, remixer), and 'remix' / 'edit' after the remixer's or editor's name.
--   sets:    set name, artist line, performing artists, curator, sponsors, festival, venue.
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

  UPDATE fresh_search_documents SET body = ' ' || body || ' ';

  INSERT INTO search_documents AS d (kind, item_id, name, body, popularity)
  SELECT kind, item_id, name, body, popularity FROM fresh_search_documents
  ON CONFLICT (kind, item_id) DO UPDATE
    SET name = excluded.name, body = excluded.body, popularity = excluded.popularity
    WHERE (d.name, d.body, d.popularity) IS DISTINCT FROM (excluded.name, excluded.body, excluded.popularity);

  DELETE FROM search_documents d
  WHERE NOT EXISTS (SELECT 1 FROM fresh_search_documents f WHERE f.kind = d.kind AND f.item_id = d.item_id);

  CREATE TEMP TABLE fresh_search_words ON COMMIT DROP AS
  SELECT DISTINCT w AS word
  FROM fresh_search_documents, unnest(string_to_array(btrim(body), ' ')) AS w
  WHERE length(w) >= 4;

  INSERT INTO search_words (word) SELECT word FROM fresh_search_words ON CONFLICT DO NOTHING;
  DELETE FROM search_words w WHERE NOT EXISTS (SELECT 1 FROM fresh_search_words f WHERE f.word = w.word);

  DROP TABLE fresh_search_documents;
  DROP TABLE fresh_search_words;
END
$fn$;
--> statement-breakpoint
SELECT refresh_search_documents();
