-- Source of truth for these functions (docs/database.md): the migration runner applies this file
-- with CREATE OR REPLACE after the migrations, on every start. Change the function here, not in a
-- migration; the copies in old migrations are history.

-- cd_popularity(likes, count): a search document's popularity, the tie-break within a rank: likes
-- first, then how many sets (for a set: how many tracks) it counts, capped so it never outweighs one
-- like. Artists, labels and tracks pass their total user likes and set count; sets their likes and
-- track count. An inlined SQL function, so the refreshes below cost what the bare expression did.
CREATE OR REPLACE FUNCTION cd_popularity(p_likes bigint, p_count integer) RETURNS bigint
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $fn$
  SELECT p_likes * 1000000 + least(p_count, 999999)
$fn$;

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

-- refresh_search_documents(): every search document rebuilt (docs/decisions/0011-search.md): one row
-- per artist, label, track and set; name is the item's normalised name, body ' ' + its normalised
-- searchable texts + ' ' (cut at 800 characters), popularity cd_popularity(). A track's and a set's
-- genre is in its body (before the long credit and sponsor lists, so the cut never drops it): a
-- listener who types "techno" finds that genre's sets and tracks, as word matches, below the items
-- whose own name matches. Then search_terms and
-- search_words recomputed from the fresh documents. Writes only what changed, so a second call writes
-- nothing.
CREATE OR REPLACE FUNCTION refresh_search_documents() RETURNS void
LANGUAGE plpgsql AS $fn$
BEGIN
  -- a full refresh may follow any change of the catalogue: the list searches known past their total
  -- cap are counted again (list_search_capped, migration 0023)
  IF to_regclass('list_search_capped') IS NOT NULL THEN DELETE FROM list_search_capped; END IF;
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

-- refresh_search_documents_for(): the search documents of the given items rebuilt with the same
-- definitions as refresh_search_documents(), and search_terms moved by the difference between the
-- rewritten documents' old and new words, so what an import adds is searchable at once and the
-- popularity of what it touched is current. Words are only added: an import never removes a name.
CREATE OR REPLACE FUNCTION refresh_search_documents_for(
  p_sets int[], p_tracks int[], p_artists int[], p_labels int[]
) RETURNS void
LANGUAGE plpgsql AS $fn$
BEGIN
  CREATE TEMP TABLE fresh_search_documents_for ON COMMIT DROP AS
  SELECT 'artists'::text AS kind, a.id AS item_id, cd_normalise_name(a.name) AS name,
         cd_normalise_name(a.name) AS body,
         cd_popularity(a.total_user_likes, a.set_count) AS popularity
  FROM artists a WHERE a.id = ANY (p_artists)
  UNION ALL
  SELECT 'labels', l.id, cd_normalise_name(l.name), cd_normalise_name(l.name),
         cd_popularity(l.total_user_likes, l.set_count)
  FROM labels l WHERE l.id = ANY (p_labels)
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
  WHERE t.id = ANY (p_tracks)
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

-- cd_bump_search_generation(): moves search_generation to a new number after any statement that writes
-- search_documents or search_terms (triggers of migration 0025). The search's shared caches keep an
-- answer only for the generation it was read at (modules/search/result-cache.ts), so whatever
-- changes the documents, on whichever instance or command, no cached answer outlives it. The number
-- comes from search_generation_seq, so it never repeats, even after the row was truncated.
CREATE OR REPLACE FUNCTION cd_bump_search_generation() RETURNS trigger
LANGUAGE plpgsql AS $fn$
BEGIN
  INSERT INTO search_generation (id, n) VALUES (true, nextval('search_generation_seq'))
  ON CONFLICT (id) DO UPDATE SET n = excluded.n;
  RETURN NULL;
END
$fn$;
