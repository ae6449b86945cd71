-- The catalogue's generation (modules/catalogue/page-cache.ts, docs/catalogue.md "What is kept
-- between requests"): one row whose number moves after every statement that changes what catalogue
-- pages show to everyone. Its triggers and their function are kept by
-- db/functions/07-catalogue-generation.sql, which runs after the migrations on every start, so a
-- column added to a catalogue table later is covered without another migration.
CREATE SEQUENCE "public"."catalogue_generation_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;
--> statement-breakpoint
CREATE TABLE "catalogue_generation" (
	"id" boolean PRIMARY KEY DEFAULT true NOT NULL,
	"n" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "catalogue_generation_id_check" CHECK ("catalogue_generation"."id")
);
--> statement-breakpoint
INSERT INTO "catalogue_generation" ("id", "n") VALUES (true, 0);
