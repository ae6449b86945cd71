-- "Sign out everywhere" and a password reset end every session of a user. Our own sessions end with
-- their refresh-token families; identity-provider (Firebase) sign-ins cannot be revoked from here, so
-- their ID tokens from a sign-in before this instant are refused instead.
ALTER TABLE "users" ADD COLUMN "sessions_revoked_at" timestamp with time zone;
--> statement-breakpoint
-- A digest lists every notification no digest has covered yet: each notification records the digest
-- (by its period end) that covered it. What the digests sent so far covered (their windows ended at
-- their period's end) counts as covered, so nothing is mailed twice after this change.
ALTER TABLE "notifications" ADD COLUMN "digest_period_end" timestamp with time zone;--> statement-breakpoint
UPDATE "notifications" n SET "digest_period_end" = d.covered
  FROM (SELECT "user_id", max("period_end") AS covered FROM "digests" GROUP BY "user_id") d
  WHERE n."user_id" = d."user_id" AND n."created_dt" < d.covered;--> statement-breakpoint
CREATE INDEX "notifications_undigested_idx" ON "notifications" USING btree ("user_id","created_dt") WHERE "digest_period_end" IS NULL;
