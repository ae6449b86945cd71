-- A set may have no genre: most sheets and tracklists people import name none of the catalogue's, and
-- a set is better listed without one than refused or given a wrong one. Genre sorts put such sets
-- last in both directions, like every nullable sort key (0005): the `(genre NULLS FIRST, id)` indexes,
-- scanned backwards, give `genre DESC NULLS LAST, id DESC`. The detail tabs' set relations carry the
-- set's genre as a sort key, so they follow.
--
-- A set track may be untimed: a list pasted without times is imported in its order, each entry
-- spanning the whole recording (the set plays as one piece) and marked so, never lit as the playing
-- track nor given a moment like.
ALTER TABLE "set_tracks" ADD COLUMN IF NOT EXISTS "untimed" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "sets" ALTER COLUMN "genre" DROP NOT NULL;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "sets_genre_nf_idx" ON "sets" ("genre" NULLS FIRST, "id");--> statement-breakpoint
ALTER TABLE "artist_sets" ALTER COLUMN "genre" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "label_sets" ALTER COLUMN "genre" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "track_sets" ALTER COLUMN "genre" DROP NOT NULL;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "artist_sets_genre_nf_idx" ON "artist_sets" ("owner_id", "genre" NULLS FIRST, "id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "label_sets_genre_nf_idx" ON "label_sets" ("owner_id", "genre" NULLS FIRST, "id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "track_sets_genre_nf_idx" ON "track_sets" ("owner_id", "genre" NULLS FIRST, "id");
