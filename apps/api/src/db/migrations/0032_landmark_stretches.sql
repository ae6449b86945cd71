CREATE TABLE "landmark_stretches" (
	"set_id" integer NOT NULL,
	"other_set_id" integer NOT NULL,
	"start_s" real NOT NULL,
	"end_s" real NOT NULL,
	"other_start_s" real NOT NULL,
	"other_end_s" real NOT NULL,
	"speed" real NOT NULL,
	"key_locked" boolean NOT NULL,
	"similarity" real NOT NULL
);
--> statement-breakpoint
ALTER TABLE "set_landmarks" ADD COLUMN "scanned_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "landmark_stretches" ADD CONSTRAINT "landmark_stretches_set_id_sets_id_fk" FOREIGN KEY ("set_id") REFERENCES "public"."sets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "landmark_stretches" ADD CONSTRAINT "landmark_stretches_other_set_id_sets_id_fk" FOREIGN KEY ("other_set_id") REFERENCES "public"."sets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "landmark_stretches_set_idx" ON "landmark_stretches" USING btree ("set_id");--> statement-breakpoint
CREATE INDEX "landmark_stretches_other_idx" ON "landmark_stretches" USING btree ("other_set_id");