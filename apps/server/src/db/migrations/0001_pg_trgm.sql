-- Trigram matching for typo-tolerant search. PGlite ships the module; PostgreSQL needs contrib installed.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
