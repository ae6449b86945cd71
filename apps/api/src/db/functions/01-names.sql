-- Name normalisation and typo tests shared by search and the catalogue lists.
-- Source of truth for these functions (docs/database.md): the migration runner applies this file
-- with CREATE OR REPLACE after the migrations, on every start. Change the function here, not in a
-- migration; the copies in old migrations are history.

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

-- cd_name_words(text): the normalised words of a text (cd_normalise_name split on spaces). The
-- catalogue lists' `search` matches the words of the item's own row through these indexes (one index
-- lookup and one row read per match): tracks and IDs by title, artist line, mix name and label; sets by
-- name, artist line and curator; artists and labels by name. Schema-qualified inside: index
-- maintenance may run with a search_path of pg_catalog only.
CREATE OR REPLACE FUNCTION cd_name_words(name text) RETURNS text[]
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $fn$
  SELECT string_to_array(public.cd_normalise_name(name), ' ')
$fn$;

-- cd_name_prefixes(text): the first one, two and three letters of each of the text's normalised words
-- (cd_name_words), duplicates kept (GIN keeps each key once). A list search's short words are tested
-- against these (arr @> array['m']): one index key per query word instead of every catalogue word
-- starting with it, and the index's statistics tell the planner how frequent the prefix is. plpgsql:
-- the same in SQL with a subquery cost three times as much per row. PARALLEL RESTRICTED keeps the
-- scans that test it in one process: on the shared 2-core machine a parallel bitmap scan of 10,000
-- artists took 640 ms against 32 ms without workers (worker start-up and contention), and a list's
-- search collects at most the total cap's rows (catalogue/queries.ts), which one process reads fast.
CREATE OR REPLACE FUNCTION cd_name_prefixes(name text) RETURNS text[]
LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL RESTRICTED COST 1000 AS $fn$
DECLARE
  w text;
  prefixes text[] := '{}';
BEGIN
  FOREACH w IN ARRAY public.cd_name_words(name) LOOP
    prefixes := prefixes || ARRAY[left(w, 1), left(w, 2), left(w, 3)];
  END LOOP;
  RETURN prefixes;
END
$fn$;
