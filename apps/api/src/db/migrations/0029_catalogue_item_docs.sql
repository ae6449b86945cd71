-- Each catalogue item's JSON as it is for every listener (db/schema/catalogue-counts.ts
-- catalogueItemDocs). It starts empty: the job of modules/catalogue/item-docs-jobs.ts writes the rows,
-- and the triggers of db/functions/09-catalogue-item-docs.sql (re-made on every start) delete those a
-- catalogue change makes untrue.
CREATE TABLE "catalogue_item_docs" (
	"kind" text NOT NULL,
	"id" integer NOT NULL,
	"doc" text NOT NULL,
	CONSTRAINT "catalogue_item_docs_kind_id_pk" PRIMARY KEY("kind","id")
);
