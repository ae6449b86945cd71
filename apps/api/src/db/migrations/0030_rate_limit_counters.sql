-- The search limit's counters, one row per listener holding the times of their last hits (db/schema/
-- accounts.ts rateLimitCounters; db/functions/08-rate-limits.sql cd_take_counter_hit). The searches'
-- hits recorded so far in rate_limit_hits are deleted (nothing would read or age them out any more): each
-- listener's count starts afresh, once.
CREATE TABLE "rate_limit_counters" (
	"bucket" text NOT NULL,
	"key" text NOT NULL,
	"hits" timestamp with time zone[] NOT NULL,
	CONSTRAINT "rate_limit_counters_bucket_key_pk" PRIMARY KEY("bucket","key")
);
--> statement-breakpoint
DELETE FROM "rate_limit_hits" WHERE "bucket" = 'search:user';
