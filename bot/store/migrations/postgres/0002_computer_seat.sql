-- Quicksilver bot storage on PostgreSQL, version 2 (mirrors sqlite/0002).
ALTER TABLE games ADD COLUMN computer TEXT NOT NULL DEFAULT '';  -- '' | alien | crew
