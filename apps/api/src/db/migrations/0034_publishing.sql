CREATE TABLE "uploads" (
	"id" text PRIMARY KEY NOT NULL,
	"owner_id" integer NOT NULL,
	"state" text DEFAULT 'uploading' NOT NULL,
	"reason" text,
	"file_name" text NOT NULL,
	"size_bytes" bigint NOT NULL,
	"received_bytes" bigint DEFAULT 0 NOT NULL,
	"step" text,
	"progress" real,
	"format" text,
	"duration_ms" integer,
	"set_name" text,
	"djs" text[] DEFAULT '{}'::text[] NOT NULL,
	"recorded_date" date,
	"genre" text,
	"festival" text,
	"venue" text,
	"tracklist" text DEFAULT '' NOT NULL,
	"art_sm" text,
	"art_xl" text,
	"rendition_key" text,
	"original_key" text,
	"set_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "uploads_state_check" CHECK ("uploads"."state" in ('uploading', 'processing', 'ready', 'published', 'failed', 'taken_down')),
	CONSTRAINT "uploads_step_check" CHECK ("uploads"."step" is null or "uploads"."step" in ('probe', 'rendition')),
	CONSTRAINT "uploads_size_check" CHECK ("uploads"."size_bytes" >= 0 and "uploads"."received_bytes" between 0 and "uploads"."size_bytes")
);
--> statement-breakpoint
ALTER TABLE "live_events" DROP CONSTRAINT "live_events_type_check";--> statement-breakpoint
ALTER TABLE "notifications" DROP CONSTRAINT "notifications_kind_check";--> statement-breakpoint
ALTER TABLE "notifications" ALTER COLUMN "id_track_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "upload_id" text;--> statement-breakpoint
ALTER TABLE "sets" ADD COLUMN "owner_id" integer;--> statement-breakpoint
ALTER TABLE "uploads" ADD CONSTRAINT "uploads_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "uploads" ADD CONSTRAINT "uploads_genre_genres_name_fk" FOREIGN KEY ("genre") REFERENCES "public"."genres"("name") ON DELETE set null ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "uploads" ADD CONSTRAINT "uploads_set_id_sets_id_fk" FOREIGN KEY ("set_id") REFERENCES "public"."sets"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "uploads_owner_idx" ON "uploads" USING btree ("owner_id","created_at");--> statement-breakpoint
CREATE INDEX "uploads_uploading_idx" ON "uploads" USING btree ("updated_at") WHERE "uploads"."state" = 'uploading';--> statement-breakpoint
CREATE UNIQUE INDEX "uploads_set_key" ON "uploads" USING btree ("set_id");--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_upload_id_uploads_id_fk" FOREIGN KEY ("upload_id") REFERENCES "public"."uploads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sets" ADD CONSTRAINT "sets_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sets_owner_idx" ON "sets" USING btree ("owner_id") WHERE "sets"."owner_id" is not null;--> statement-breakpoint
ALTER TABLE "live_events" ADD CONSTRAINT "live_events_type_check" CHECK ("live_events"."type" in ('notification', 'identification', 'upload'));--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_subject_check" CHECK (("notifications"."kind" = 'takedown') = ("notifications"."id_track_id" is null) and ("notifications"."kind" = 'takedown') = ("notifications"."upload_id" is not null));--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_kind_check" CHECK ("notifications"."kind" in ('release', 'identified', 'proposal_accepted', 'proposal_on_watched', 'takedown'));