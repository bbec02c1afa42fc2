-- Quicksilver bot storage, version 7 (issue 25): games that do not begin at set-up.
-- Where the game's log begins: '' for set-up from the seed (B.1), or a scenario block
-- (engine.records.scenario) for a tutorial's prepared position or an imported script.
ALTER TABLE games ADD COLUMN opening TEXT NOT NULL DEFAULT '';

-- What kind of game it is: '' an ordinary game, 'imported' (from a script),
-- 'tutorial:crew' or 'tutorial:alien' (a guided first game). Only an ordinary game may
-- count in a record or a rating (imports and tutorials are seeded as well).
ALTER TABLE games ADD COLUMN kind TEXT NOT NULL DEFAULT '';

-- The lobby's welcome measures a server's pace from its games' phase starts.
CREATE INDEX games_guild ON games(guild_id, kind);
