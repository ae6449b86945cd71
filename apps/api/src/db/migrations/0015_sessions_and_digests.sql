-- "Sign out everywhere" and a password reset end every session of a user. Our own sessions end with
-- their refresh-token families; identity-provider (Firebase) sign-ins cannot be revoked from here, so
-- their ID tokens from a sign-in before this instant are refused instead.
ALTER TABLE "users" ADD COLUMN "sessions_revoked_at" timestamp with time zone;
