-- Quicksilver bot storage on PostgreSQL, version 5 (mirrors sqlite/0005).
ALTER TABLE games ADD COLUMN seeded INTEGER NOT NULL DEFAULT 0;

CREATE TABLE bot_meta (
    key   TEXT PRIMARY KEY,
    value TEXT NOT NULL
);
