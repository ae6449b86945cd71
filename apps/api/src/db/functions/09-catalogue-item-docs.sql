-- Keeping catalogue_item_docs true (docs/catalogue.md "What is kept between requests").
--
-- A row of catalogue_item_docs is an item's JSON as it is for every listener. It must never outlive
-- the catalogue it was built from, so every statement that changes something an item's JSON shows
-- deletes the rows of the items it changed, in the same transaction; the fill
-- (cd_item_docs_fill_<kind>, written by db/read-models/catalogue-item-docs.ts) writes them again
-- later. An item without a row is built where it is read, as if the table did not exist.
--
-- What each item's JSON reads (db/read-models/catalogue-items.ts), and so what each table's change
-- touches:
--   a set:    its row, its artists (set_artists, their names), its sponsors (set_sponsors, artists'
--             and labels' names), its festival's and venue's names;
--   a track:  its row, its artists (track_artists, their names), the set it was found in (name,
--             date), and for an ID its release (id_releases, the released track, its artists);
--   an artist: its row, the labels it founded (label_bosses, their names);
--   a label:  its row, its bosses (label_bosses, their names).
--
-- A fill and a writer must not cross: a fill that read the catalogue before a writer's change and
-- wrote its rows after the writer's delete would leave a row of the old catalogue. So each fill
-- holds catalogue_generation's row FOR SHARE while it builds and writes (it finds which items lack a
-- document before, without it), and each delete here first takes the same row FOR NO KEY UPDATE, as
-- every catalogue writer does anyway to move the generation (07-catalogue-generation.sql). A fill that holds the row first commits before the writer's delete
-- runs, and that delete, in a statement of its own, sees the fill's rows and removes them; a fill
-- that comes second waits for the writer to commit and reads the catalogue after it.
--
-- The like counters (cd_like_counters, 07) are left out: a like moves a count that each read takes from the
-- item's row, not from its document, so an update of those alone deletes nothing and takes no lock.

-- The items whose documents a change of `p_table` touches; `a` (and `b`) hold the changed rows'
-- key columns, as the triggers below name them.
CREATE OR REPLACE FUNCTION cd_item_docs_touched(p_table text, a int[], b int[])
RETURNS TABLE (kind text, id int)
LANGUAGE plpgsql STABLE AS $fn$
BEGIN
  CASE p_table
  WHEN 'tracks', 'track_artists', 'id_releases' THEN
    -- the tracks (an id_releases row: the ID), and the IDs that came out as one of them
    RETURN QUERY
      SELECT 'tracks', x FROM unnest(a) x
      UNION SELECT 'tracks', r.id_track_id FROM id_releases r WHERE r.released_track_id = ANY (a);
  WHEN 'artists' THEN
    RETURN QUERY
      SELECT 'artists', x FROM unnest(a) x
      UNION SELECT 'tracks', ta.track_id FROM track_artists ta WHERE ta.artist_id = ANY (a)
      UNION SELECT 'tracks', r.id_track_id FROM id_releases r
              JOIN track_artists ta ON ta.track_id = r.released_track_id WHERE ta.artist_id = ANY (a)
      UNION SELECT 'sets', sa.set_id FROM set_artists sa WHERE sa.artist_id = ANY (a)
      UNION SELECT 'sets', sp.set_id FROM set_sponsors sp WHERE sp.artist_id = ANY (a)
      UNION SELECT 'labels', lb.label_id FROM label_bosses lb WHERE lb.artist_id = ANY (a);
  WHEN 'sets' THEN
    RETURN QUERY
      SELECT 'sets', x FROM unnest(a) x
      UNION SELECT 'tracks', t.id FROM tracks t WHERE t.found_in_set_id = ANY (a);
  WHEN 'set_artists', 'set_sponsors' THEN
    RETURN QUERY SELECT 'sets', x FROM unnest(a) x;
  WHEN 'festivals' THEN
    RETURN QUERY SELECT 'sets', s.id FROM sets s WHERE s.festival_id = ANY (a);
  WHEN 'venues' THEN
    RETURN QUERY SELECT 'sets', s.id FROM sets s WHERE s.venue_id = ANY (a);
  WHEN 'labels' THEN
    RETURN QUERY
      SELECT 'labels', x FROM unnest(a) x
      UNION SELECT 'sets', sp.set_id FROM set_sponsors sp WHERE sp.label_id = ANY (a)
      UNION SELECT 'artists', lb.artist_id FROM label_bosses lb WHERE lb.label_id = ANY (a);
  WHEN 'label_bosses' THEN
    RETURN QUERY SELECT 'labels', x FROM unnest(a) x UNION SELECT 'artists', y FROM unnest(b) y;
  END CASE;
END
$fn$;

-- After an insert, update or delete of a table items read: the documents of the items it touched
-- go. TG_ARGV: the first key column, the second ('' if none), then the like counters.
CREATE OR REPLACE FUNCTION cd_item_docs_forget() RETURNS trigger
LANGUAGE plpgsql AS $fn$
DECLARE
  k1 text := TG_ARGV[0];
  k2 text := nullif(TG_ARGV[1], '');
  counters text[] := coalesce(TG_ARGV[2:], ARRAY[]::text[]);
  a int[];
  b int[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg((to_jsonb(r) ->> k1)::int), array_agg((to_jsonb(r) ->> k2)::int) INTO a, b FROM new_rows r;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT array_agg((to_jsonb(r) ->> k1)::int), array_agg((to_jsonb(r) ->> k2)::int) INTO a, b FROM old_rows r;
  ELSE
    -- the rows as they were and as they are, but for the counters: those that differ
    SELECT array_agg((c.r ->> k1)::int), array_agg((c.r ->> k2)::int) INTO a, b FROM (
      (SELECT to_jsonb(n) - counters AS r FROM new_rows n EXCEPT ALL SELECT to_jsonb(o) - counters FROM old_rows o)
      UNION ALL
      (SELECT to_jsonb(o) - counters FROM old_rows o EXCEPT ALL SELECT to_jsonb(n) - counters FROM new_rows n)
    ) c;
  END IF;
  IF a IS NULL THEN
    RETURN NULL;
  END IF;
  PERFORM 1 FROM catalogue_generation FOR NO KEY UPDATE;
  DELETE FROM catalogue_item_docs d USING cd_item_docs_touched(TG_TABLE_NAME, a, b) t
    WHERE d.kind = t.kind AND d.id = t.id;
  RETURN NULL;
END
$fn$;

-- After a truncate of a table items read: every document goes.
CREATE OR REPLACE FUNCTION cd_item_docs_forget_all() RETURNS trigger
LANGUAGE plpgsql AS $fn$
BEGIN
  PERFORM 1 FROM catalogue_generation FOR NO KEY UPDATE;
  DELETE FROM catalogue_item_docs;
  RETURN NULL;
END
$fn$;

-- The triggers, made here (as 07's) so that they follow this file; one per event, as a trigger with
-- transition tables fires on one event only. A trigger already made with the same arguments is left
-- alone (re-making it would lock its table on every start).
DO $do$
DECLARE
  t text;
  args text[];
  arg_list text;
  event text;
  name text;
BEGIN
  FOREACH t IN ARRAY ARRAY[
    'sets', 'tracks', 'artists', 'labels', 'festivals', 'venues', 'set_artists', 'set_sponsors',
    'track_artists', 'label_bosses', 'id_releases'
  ] LOOP
    CONTINUE WHEN to_regclass('public.' || t) IS NULL;
    -- the key columns (the second '' if none), then the like counters
    args := CASE t
      WHEN 'set_artists' THEN ARRAY['set_id', '']
      WHEN 'set_sponsors' THEN ARRAY['set_id', '']
      WHEN 'track_artists' THEN ARRAY['track_id', '']
      WHEN 'label_bosses' THEN ARRAY['label_id', 'artist_id']
      WHEN 'id_releases' THEN ARRAY['id_track_id', '']
      ELSE ARRAY['id', ''] END || cd_like_counters(t);
    arg_list := (SELECT string_agg(quote_literal(x), ', ') FROM unnest(args) x);
    FOREACH event IN ARRAY ARRAY['insert', 'update', 'delete'] LOOP
      name := t || '_item_docs_' || event;
      IF NOT EXISTS (SELECT 1 FROM pg_trigger g WHERE g.tgrelid = ('public.' || t)::regclass AND g.tgname = name
                       AND pg_get_triggerdef(g.oid) LIKE '%cd_item_docs_forget(' || arg_list || ')') THEN
        EXECUTE format('DROP TRIGGER IF EXISTS %I ON public.%I', name, t);
        EXECUTE format('CREATE TRIGGER %I AFTER %s ON public.%I REFERENCING %s FOR EACH STATEMENT
          EXECUTE FUNCTION cd_item_docs_forget(%s)',
          name, upper(event), t,
          CASE event WHEN 'insert' THEN 'NEW TABLE AS new_rows'
            WHEN 'delete' THEN 'OLD TABLE AS old_rows'
            ELSE 'OLD TABLE AS old_rows NEW TABLE AS new_rows' END,
          arg_list);
      END IF;
    END LOOP;
    IF NOT EXISTS (SELECT 1 FROM pg_trigger g
                   WHERE g.tgrelid = ('public.' || t)::regclass AND g.tgname = t || '_item_docs_truncate') THEN
      EXECUTE format('CREATE TRIGGER %I AFTER TRUNCATE ON public.%I
        FOR EACH STATEMENT EXECUTE FUNCTION cd_item_docs_forget_all()', t || '_item_docs_truncate', t);
    END IF;
  END LOOP;
END
$do$;
