-- The catalogue's generation (docs/catalogue.md "What is kept between requests").
--
-- Each instance keeps the catalogue pages it has answered (modules/catalogue/page-cache.ts), tagged
-- with catalogue_generation as the page's own statement read it. A page is served again only to a
-- request that reads the same number, so every statement that changes what a page shows to everyone
-- must move the number: the triggers below fire after any insert, delete or truncate of a catalogue
-- table, and after any update of its columns but the counters that likes raise (those, and the
-- listener's own fields, are read fresh on every request and laid over the kept page).
--
-- The number is drawn after the row's lock is taken, so writers that commit one after the other
-- leave increasing numbers, and a number never comes back, even after the row was truncated.
CREATE OR REPLACE FUNCTION cd_bump_catalogue_generation() RETURNS trigger
LANGUAGE plpgsql AS $fn$
BEGIN
  UPDATE catalogue_generation SET n = nextval('catalogue_generation_seq');
  IF NOT FOUND THEN
    INSERT INTO catalogue_generation (id, n) VALUES (true, nextval('catalogue_generation_seq'))
    ON CONFLICT (id) DO UPDATE SET n = nextval('catalogue_generation_seq');
  END IF;
  RETURN NULL;
END
$fn$;

-- The counters a listener's like raises (player and library), per catalogue table: the only columns
-- whose update leaves what a page or an item's document shows to everyone as it was (the documents'
-- triggers, 09-catalogue-item-docs.sql, leave them out too).
CREATE OR REPLACE FUNCTION cd_like_counters(p_table text) RETURNS text[]
LANGUAGE sql IMMUTABLE AS $fn$
  SELECT CASE p_table
    WHEN 'sets' THEN ARRAY['likes']
    WHEN 'set_tracks' THEN ARRAY['likes']
    WHEN 'tracks' THEN ARRAY['total_user_likes']
    WHEN 'artists' THEN ARRAY['total_user_likes']
    WHEN 'labels' THEN ARRAY['total_user_likes']
    ELSE ARRAY[]::text[] END
$fn$;

-- The triggers are (re)made here rather than in a migration so that a column added to a catalogue
-- table later moves the generation too, with no migration to remember. A trigger whose columns are
-- already right is left alone (re-creating it would lock its table on every start).
DO $do$
DECLARE
  t text;
  counters text[];
  wanted int2[];
  present int2[];
BEGIN
  FOREACH t IN ARRAY ARRAY[
    'sets', 'tracks', 'artists', 'labels', 'festivals', 'venues', 'set_artists', 'set_sponsors',
    'set_tracks', 'track_artists', 'label_bosses', 'id_releases', 'featured', 'catalogue_counts',
    'artist_sets', 'artist_tracks', 'artist_remixes', 'artist_ids', 'artist_labels', 'label_sets',
    'label_tracks', 'label_artists', 'track_sets'
  ] LOOP
    CONTINUE WHEN to_regclass('public.' || t) IS NULL;
    -- nothing but the like counters is left out
    counters := cd_like_counters(t);

    IF NOT EXISTS (SELECT 1 FROM pg_trigger
                   WHERE tgrelid = ('public.' || t)::regclass AND tgname = t || '_generation_rows') THEN
      EXECUTE format('CREATE TRIGGER %I AFTER INSERT OR DELETE OR TRUNCATE ON public.%I
        FOR EACH STATEMENT EXECUTE FUNCTION cd_bump_catalogue_generation()', t || '_generation_rows', t);
    END IF;

    -- An empty column list means "any column" (a table without counters).
    SELECT coalesce(array_agg(attnum ORDER BY attnum), ARRAY[]::int2[]) INTO wanted
      FROM pg_attribute
      WHERE attrelid = ('public.' || t)::regclass AND attnum > 0 AND NOT attisdropped
        AND cardinality(counters) > 0 AND attname <> ALL (counters);
    SELECT coalesce(tgattr::int2[], ARRAY[]::int2[]) INTO present
      FROM pg_trigger WHERE tgrelid = ('public.' || t)::regclass AND tgname = t || '_generation_update';
    IF NOT FOUND OR present IS DISTINCT FROM wanted THEN
      EXECUTE format('DROP TRIGGER IF EXISTS %I ON public.%I', t || '_generation_update', t);
      EXECUTE format('CREATE TRIGGER %I AFTER UPDATE %s ON public.%I
        FOR EACH STATEMENT EXECUTE FUNCTION cd_bump_catalogue_generation()',
        t || '_generation_update',
        CASE WHEN cardinality(wanted) = 0 THEN ''
          ELSE 'OF ' || (SELECT string_agg(quote_ident(attname), ', ' ORDER BY attnum) FROM pg_attribute
                         WHERE attrelid = ('public.' || t)::regclass AND attnum = ANY (wanted)) END,
        t);
    END IF;
  END LOOP;
END
$do$;
