CREATE TABLE "landmark_keys" (
	"key" integer PRIMARY KEY NOT NULL,
	"sets" integer NOT NULL
);
--> statement-breakpoint
INSERT INTO "landmark_keys" ("key", "sets")
  SELECT "key", count(DISTINCT "set_id")::int FROM "landmark_postings" GROUP BY "key"
  HAVING count(DISTINCT "set_id") >= 2;--> statement-breakpoint
-- A key has a row while two sets or more hold it. Postings are deleted a whole set at a time (read
-- again, failed, the set deleted): each key loses the sets whose postings went, in key order so two
-- writers never wait on each other's rows crosswise, and a key left in one set loses its row.
CREATE OR REPLACE FUNCTION cd_landmark_keys_gone() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM 1 FROM landmark_keys WHERE key IN (SELECT key FROM gone) ORDER BY key FOR UPDATE;
  UPDATE landmark_keys k SET sets = k.sets - lost.sets
    FROM (SELECT key, count(DISTINCT set_id)::int AS sets FROM gone GROUP BY key) lost
    WHERE k.key = lost.key;
  DELETE FROM landmark_keys WHERE key IN (SELECT key FROM gone) AND sets < 2;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "landmark_postings_gone" AFTER DELETE ON "landmark_postings"
  REFERENCING OLD TABLE AS gone FOR EACH STATEMENT EXECUTE FUNCTION cd_landmark_keys_gone();
