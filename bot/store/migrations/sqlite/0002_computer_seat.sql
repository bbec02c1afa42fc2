-- Quicksilver bot storage, version 2: a side the game itself plays.
ALTER TABLE games ADD COLUMN computer TEXT NOT NULL DEFAULT '';  -- '' | alien | crew
