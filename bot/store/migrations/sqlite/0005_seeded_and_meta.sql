-- Quicksilver bot storage, version 5 (issues 19 and 20).
-- A game whose seed a moderator chose: announced as predictable, kept out of any records.
ALTER TABLE games ADD COLUMN seeded INTEGER NOT NULL DEFAULT 0;

-- Small facts about the deployment itself (the slash-command payload last synced, …).
CREATE TABLE bot_meta (
    key   TEXT PRIMARY KEY,
    value TEXT NOT NULL
);
