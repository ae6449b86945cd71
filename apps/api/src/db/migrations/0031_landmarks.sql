CREATE TABLE "landmark_postings" (
	"key" integer NOT NULL,
	"set_id" integer NOT NULL,
	"t" integer NOT NULL,
	"detail" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "set_landmarks" (
	"set_id" integer PRIMARY KEY NOT NULL,
	"audio_path" text NOT NULL,
	"method" integer NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"error" text,
	"seconds" integer DEFAULT 0 NOT NULL,
	"landmarks" integer DEFAULT 0 NOT NULL,
	"peaks" "bytea",
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "set_landmarks_status_check" CHECK ("set_landmarks"."status" in ('pending', 'done', 'failed'))
);
--> statement-breakpoint
ALTER TABLE "landmark_postings" ADD CONSTRAINT "landmark_postings_set_id_sets_id_fk" FOREIGN KEY ("set_id") REFERENCES "public"."sets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "set_landmarks" ADD CONSTRAINT "set_landmarks_set_id_sets_id_fk" FOREIGN KEY ("set_id") REFERENCES "public"."sets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "landmark_postings_key_idx" ON "landmark_postings" USING btree ("key");--> statement-breakpoint
CREATE INDEX "landmark_postings_set_idx" ON "landmark_postings" USING btree ("set_id");--> statement-breakpoint
CREATE INDEX "set_landmarks_status_idx" ON "set_landmarks" USING btree ("status");