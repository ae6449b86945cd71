-- Catalogue lists sort nullable keys with nulls LAST in both directions (an artist with no set is not
-- the "latest"; a set without a curator comes after the named ones), ties broken on id (docs/catalogue.md).
-- The `(col, id)` indexes of 0001 give `col ASC NULLS LAST, id ASC` forwards; these `(col NULLS FIRST,
-- id)` ones, scanned backwards, give `col DESC NULLS LAST, id DESC`, so both directions are index
-- scans that stop after offset + limit rows (modules/catalogue/list-spec.ts).
CREATE INDEX IF NOT EXISTS "sets_curator_nf_idx" ON "sets" ("curator" NULLS FIRST, "id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "sets_genre_curator_nf_idx" ON "sets" ("genre", "curator" NULLS FIRST, "id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "tracks_label_name_nf_idx" ON "tracks" ("label_name" NULLS FIRST, "id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "tracks_genre_label_name_nf_idx" ON "tracks" ("genre", "label_name" NULLS FIRST, "id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "tracks_genre_nf_idx" ON "tracks" ("genre" NULLS FIRST, "id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "tracks_release_date_nf_idx" ON "tracks" ("release_date" NULLS FIRST, "id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "tracks_genre_release_date_nf_idx" ON "tracks" ("genre", "release_date" NULLS FIRST, "id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "artists_latest_set_date_nf_idx" ON "artists" ("latest_set_date" NULLS FIRST, "id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "artists_latest_track_date_nf_idx" ON "artists" ("latest_track_date" NULLS FIRST, "id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "labels_latest_set_date_nf_idx" ON "labels" ("latest_set_date" NULLS FIRST, "id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "labels_latest_track_date_nf_idx" ON "labels" ("latest_track_date" NULLS FIRST, "id");
