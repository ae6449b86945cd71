-- pg_trgm backs the trigram (gin_trgm_ops) name and title search indexes of the next migration.
-- It is a trusted extension since PostgreSQL 13, so a database owner may create it.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
