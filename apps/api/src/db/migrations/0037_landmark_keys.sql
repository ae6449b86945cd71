CREATE TABLE "landmark_keys" (
	"key" integer PRIMARY KEY NOT NULL,
	"sets" integer NOT NULL
);
--> statement-breakpoint
INSERT INTO "landmark_keys" ("key", "sets")
  SELECT "key", count(DISTINCT "set_id")::int FROM "landmark_postings" GROUP BY "key"
  HAVING count(DISTINCT "set_id") >= 2;
-- Its trigger and the trigger's function: db/functions/10-landmark-keys.sql.
