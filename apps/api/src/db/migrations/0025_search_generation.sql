-- The search's shared caches (modules/search/result-cache.ts) are tagged with the search documents'
-- generation: one row whose number moves whenever a statement writes search_documents or search_terms
-- (an import, the seed, a stats refresh). The numbers come from a sequence of their own, so they never
-- repeat, even when the row itself was emptied (TRUNCATE) and written again. A request reads it first, so an answer kept from before the
-- change is never used after it, on any instance, without a listening connection. The trigger
-- function is kept in db/functions/05-search-documents.sql (the same text); it is created here
-- because the triggers need it.
CREATE SEQUENCE "public"."search_generation_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;
--> statement-breakpoint
CREATE TABLE "search_generation" (
	"id" boolean PRIMARY KEY DEFAULT true NOT NULL,
	"n" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "search_generation_id_check" CHECK ("search_generation"."id")
);
--> statement-breakpoint
INSERT INTO "search_generation" ("id", "n") VALUES (true, 0);
--> statement-breakpoint
CREATE OR REPLACE FUNCTION cd_bump_search_generation() RETURNS trigger
LANGUAGE plpgsql AS $fn$
BEGIN
  INSERT INTO search_generation (id, n) VALUES (true, nextval('search_generation_seq'))
  ON CONFLICT (id) DO UPDATE SET n = excluded.n;
  RETURN NULL;
END
$fn$;
--> statement-breakpoint
CREATE TRIGGER search_documents_generation AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON search_documents
  FOR EACH STATEMENT EXECUTE FUNCTION cd_bump_search_generation();
--> statement-breakpoint
CREATE TRIGGER search_terms_generation AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON search_terms
  FOR EACH STATEMENT EXECUTE FUNCTION cd_bump_search_generation();
