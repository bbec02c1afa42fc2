-- Quicksilver bot storage, version 15: finding a game, leaving for good (README, "Ratings
-- and deadlines").
-- A lobby may ask for a minimum reliability (percent of phases on time; 0: anyone).
ALTER TABLE games ADD COLUMN min_reliability INTEGER NOT NULL DEFAULT 0;
-- A person hears of new lobbies with a seat for the side they like: off | alien | crew | any.
ALTER TABLE user_settings ADD COLUMN seat_alert TEXT NOT NULL DEFAULT 'off';
-- 1: left off every leaderboard (their games still count for the other side).
ALTER TABLE user_settings ADD COLUMN stats_hidden INTEGER NOT NULL DEFAULT 0;
CREATE INDEX user_settings_alert ON user_settings(seat_alert);

-- /me forget: each forgotten person's anonymous number (their records carry -id instead
-- of their Discord id; nothing here says who they were).
CREATE TABLE forgotten (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    at REAL NOT NULL
);
