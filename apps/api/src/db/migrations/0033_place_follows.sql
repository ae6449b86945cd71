CREATE TABLE "user_festival_stats" (
	"user_id" integer NOT NULL,
	"festival_id" integer NOT NULL,
	"is_followed" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_festival_stats_user_id_festival_id_pk" PRIMARY KEY("user_id","festival_id")
);
--> statement-breakpoint
CREATE TABLE "user_venue_stats" (
	"user_id" integer NOT NULL,
	"venue_id" integer NOT NULL,
	"is_followed" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_venue_stats_user_id_venue_id_pk" PRIMARY KEY("user_id","venue_id")
);
--> statement-breakpoint
ALTER TABLE "user_festival_stats" ADD CONSTRAINT "user_festival_stats_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_festival_stats" ADD CONSTRAINT "user_festival_stats_festival_id_festivals_id_fk" FOREIGN KEY ("festival_id") REFERENCES "public"."festivals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_venue_stats" ADD CONSTRAINT "user_venue_stats_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_venue_stats" ADD CONSTRAINT "user_venue_stats_venue_id_venues_id_fk" FOREIGN KEY ("venue_id") REFERENCES "public"."venues"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "user_festival_stats_festival_idx" ON "user_festival_stats" USING btree ("festival_id","is_followed");--> statement-breakpoint
CREATE INDEX "user_venue_stats_venue_idx" ON "user_venue_stats" USING btree ("venue_id","is_followed");