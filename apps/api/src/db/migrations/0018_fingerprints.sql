-- Audio fingerprints of the sets (docs/fingerprints.md): one row per set with its whole fingerprint
-- as little-endian 32-bit values, and an index of every 4th value so a match query reads candidate
-- sets and offsets instead of every fingerprint.
CREATE TABLE "set_fingerprints" (
	"set_id" integer PRIMARY KEY NOT NULL,
	"audio_path" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"error" text,
	"items" integer DEFAULT 0 NOT NULL,
	"fingerprint" bytea,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "set_fingerprints_status_check" CHECK ("set_fingerprints"."status" in ('pending', 'done', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "fingerprint_postings" (
	"key" integer NOT NULL,
	"set_id" integer NOT NULL,
	"pos" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "set_fingerprints" ADD CONSTRAINT "set_fingerprints_set_id_sets_id_fk" FOREIGN KEY ("set_id") REFERENCES "public"."sets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fingerprint_postings" ADD CONSTRAINT "fingerprint_postings_set_id_sets_id_fk" FOREIGN KEY ("set_id") REFERENCES "public"."sets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "set_fingerprints_status_idx" ON "set_fingerprints" USING btree ("status");--> statement-breakpoint
CREATE INDEX "fingerprint_postings_key_idx" ON "fingerprint_postings" USING btree ("key");--> statement-breakpoint
CREATE INDEX "fingerprint_postings_set_idx" ON "fingerprint_postings" USING btree ("set_id");
