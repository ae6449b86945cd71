-- Moment likes per set and five-second slot (slot = floor(set_timestamp / 5)). The heat strip reads
-- one set's slots (at most duration / 5 rows) instead of aggregating every like; the statement that
-- records a like raises its slot too, and the existing likes are counted in below.
CREATE TABLE "set_like_slots" (
	"set_id" integer NOT NULL,
	"slot" integer NOT NULL,
	"likes" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "set_like_slots_set_id_slot_pk" PRIMARY KEY("set_id","slot"),
	CONSTRAINT "set_like_slots_slot_check" CHECK ("set_like_slots"."slot" >= 0)
);
--> statement-breakpoint
ALTER TABLE "set_like_slots" ADD CONSTRAINT "set_like_slots_set_id_sets_id_fk" FOREIGN KEY ("set_id") REFERENCES "public"."sets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
INSERT INTO "set_like_slots" ("set_id", "slot", "likes")
	SELECT "set_id", "set_timestamp" / 5, count(*)::int FROM "set_likes" GROUP BY 1, 2;--> statement-breakpoint
-- When the resume position was last saved (PUT /plays): 'Continue listening' and the last played set
-- are ordered by it. updated_at also moves on favourite and like toggles, so it cannot serve.
ALTER TABLE "user_set_favs" ADD COLUMN "position_saved_at" timestamp with time zone;--> statement-breakpoint
UPDATE "user_set_favs" SET "position_saved_at" = "updated_at" WHERE "resume_position_s" > 0;--> statement-breakpoint
CREATE INDEX "user_set_favs_played_idx" ON "user_set_favs" USING btree ("user_id","position_saved_at" DESC) WHERE "user_set_favs"."position_saved_at" is not null;--> statement-breakpoint
-- A set's comments in set order (and the seek bar's comment markers) read off this index.
CREATE INDEX "posts_set_position_idx" ON "posts" USING btree ("set_id","set_timestamp","id");
