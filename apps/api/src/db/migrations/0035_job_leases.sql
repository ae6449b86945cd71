CREATE TABLE "job_leases" (
	"job_id" text PRIMARY KEY NOT NULL,
	"queue" text NOT NULL,
	"holder" text NOT NULL,
	"beat_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "job_leases_holder_idx" ON "job_leases" USING btree ("holder");--> statement-breakpoint
CREATE INDEX "job_leases_beat_at_idx" ON "job_leases" USING btree ("beat_at");