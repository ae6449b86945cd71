-- Playback positions are seconds with fractions (a browser's audio.currentTime): store what the
-- client sends instead of cutting it to whole seconds (moment likes, comments, the resume position).
ALTER TABLE "set_likes" ALTER COLUMN "set_timestamp" TYPE double precision;--> statement-breakpoint
ALTER TABLE "posts" ALTER COLUMN "set_timestamp" TYPE double precision;--> statement-breakpoint
ALTER TABLE "user_set_favs" ALTER COLUMN "resume_position_s" TYPE double precision;
