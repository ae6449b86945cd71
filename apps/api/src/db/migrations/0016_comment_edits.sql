-- When a comment's text was last changed by its author: the app marks such a comment "edited".
-- updated_at moves with any write (a new target, a moved position); this moves only with the text.
-- Comments written before this column existed have no known edit and stay unmarked.
ALTER TABLE "posts" ADD COLUMN "edited_at" timestamp with time zone;
