-- Quicksilver bot storage, version 13: fair play across games (README, "Ratings and deadlines").
-- The sides that asked the advisor (Suggest): '', 'alien', 'crew' or 'alien,crew'; only
-- those sides go unrated. A game marked before this version does not say which side
-- asked: both.
ALTER TABLE games ADD COLUMN hints_sides TEXT NOT NULL DEFAULT '';
UPDATE games SET hints_sides = 'alien,crew' WHERE hints_used <> 0;

-- The computer played this phase for the away player (a stand-in): the phase's mark is
-- 'stand_in', and the phase is not the player's in the ratings.
ALTER TABLE waits ADD COLUMN stood_in INTEGER NOT NULL DEFAULT 0;

-- How a game ended: 'played' out, 'resigned' by a side, or 'claimed' by the side left
-- waiting on a silent opponent; and the side that resigned or was claimed against.
ALTER TABLE game_results ADD COLUMN how TEXT NOT NULL DEFAULT 'played';
ALTER TABLE game_results ADD COLUMN conceded TEXT NOT NULL DEFAULT '';

-- A rated game's sides left unrated ('crew:hints', 'alien:stand-in', comma-separated),
-- and the advisor's sides when it was taken (the ratings are rebuilt if they change).
ALTER TABLE rating_games ADD COLUMN unrated TEXT NOT NULL DEFAULT '';
ALTER TABLE rating_games ADD COLUMN hints TEXT NOT NULL DEFAULT '';

-- A claim of a stale game: the waiting side's player asked, the silent side was pinged
-- and has until window_ends to act; the claim is then granted or dropped.
CREATE TABLE game_claims (
    game_id     INTEGER PRIMARY KEY REFERENCES games(id) ON DELETE CASCADE,
    side        TEXT NOT NULL,                     -- the claiming side
    user_id     INTEGER NOT NULL,                  -- who claimed
    phase_seq   INTEGER NOT NULL,                  -- the game's length when claimed
    claimed_at  REAL NOT NULL,
    window_ends REAL NOT NULL
);
