-- Source of truth for this function and its trigger (docs/database.md): the migration runner applies
-- this file after the migrations, on a start whose functions script changed.
--
-- cd_landmark_keys_gone: the trigger after postings of the landmark index are deleted (a set read
-- again, failed, or deleted: a whole set at a time). landmark_keys has a row for each key two sets or
-- more hold; each key loses the sets whose postings went, its rows locked in key order (the job's
-- writers upsert in key order too, so two never wait on each other crosswise), and a key left in one
-- set loses its row.
CREATE OR REPLACE FUNCTION cd_landmark_keys_gone() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM 1 FROM landmark_keys WHERE key IN (SELECT key FROM gone) ORDER BY key FOR UPDATE;
  UPDATE landmark_keys k SET sets = k.sets - lost.sets
    FROM (SELECT key, count(DISTINCT set_id)::int AS sets FROM gone GROUP BY key) lost
    WHERE k.key = lost.key;
  DELETE FROM landmark_keys WHERE key IN (SELECT key FROM gone) AND sets < 2;
  RETURN NULL;
END $$;
DROP TRIGGER IF EXISTS landmark_postings_gone ON landmark_postings;
CREATE TRIGGER landmark_postings_gone AFTER DELETE ON landmark_postings
  REFERENCING OLD TABLE AS gone FOR EACH STATEMENT EXECUTE FUNCTION cd_landmark_keys_gone();
