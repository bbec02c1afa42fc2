-- Quicksilver bot storage, version 12: each person's language.
-- The language a person chose in /me settings for what the bot sends them (a DM that
-- someone else's press causes has no locale of its own); '': the language of their
-- last interaction, else English (README, "Languages").
ALTER TABLE user_settings ADD COLUMN language TEXT NOT NULL DEFAULT '';
