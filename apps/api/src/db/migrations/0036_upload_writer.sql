ALTER TABLE "uploads" ADD COLUMN "writer" text;--> statement-breakpoint
ALTER TABLE "uploads" ADD COLUMN "writing_until" timestamp with time zone;