-- Trigram matching for performer names (the embedded PGlite loads the contrib module itself).
CREATE EXTENSION IF NOT EXISTS pg_trgm;
