-- Trigram matching for typo-tolerant search (available in PostgreSQL contrib and in PGlite).
CREATE EXTENSION IF NOT EXISTS pg_trgm;
