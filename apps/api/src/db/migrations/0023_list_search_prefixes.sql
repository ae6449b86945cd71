-- The catalogue lists' short searches (1-3 letter words) match the items' word prefixes through one
-- GIN index per table: `cd_name_prefixes(text) @> array['m']` reads one posting list and the planner
-- knows its size from the index's statistics, where `cd_name_words(text) && array(every catalogue word
-- starting with 'm')` merged hundreds of posting lists (seconds on a million tracks). The function is
-- kept in db/functions/01-names.sql (the same text); it is created here because the indexes need it.
-- Building the four indexes on the large catalogue (a million tracks) took about 4 minutes on the
-- loaded 2-core machine.
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
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "tracks_search_prefixes" ON "tracks" USING gin (cd_name_prefixes("title" || ' ' || "artist" || ' ' || coalesce("mix_name", '') || ' ' || coalesce("label_name", '')));
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "sets_search_prefixes" ON "sets" USING gin (cd_name_prefixes("set_name" || ' ' || "artist" || ' ' || coalesce("curator", '')));
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "artists_search_prefixes" ON "artists" USING gin (cd_name_prefixes("name"));
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "labels_search_prefixes" ON "labels" USING gin (cd_name_prefixes("name"));
--> statement-breakpoint
-- The whole-list searches known to match more than the list's total cap (10,000): a one-letter
-- search's count read a posting list of 477,000 rows on every request. Filled by the first request that
-- counts past the cap; the catalogue only grows, so an entry stays true.
CREATE TABLE IF NOT EXISTS "list_search_capped" (
  "list" text NOT NULL,
  "words" text NOT NULL,
  CONSTRAINT "list_search_capped_list_words_pk" PRIMARY KEY ("list", "words")
);
