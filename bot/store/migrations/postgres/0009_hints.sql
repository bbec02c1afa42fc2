-- Quicksilver bot storage on PostgreSQL, version 9 (issue 26): the advisor's hints.
-- (Version 8 is issue 24's ratings; the two are independent.)
-- The game's creator switched the "Suggest" button off for this game (/game create hints:off).
ALTER TABLE games ADD COLUMN hints_off INTEGER NOT NULL DEFAULT 0;

-- Someone in the game asked the advisor: the game's record says so.
ALTER TABLE games ADD COLUMN hints_used INTEGER NOT NULL DEFAULT 0;
