-- Quicksilver bot storage on PostgreSQL, version 8 (mirrors sqlite/0008; issue 25):
-- skill ratings per person per side.
-- What counts is decided from the games' own rows (kind, seeded, computer, status),
-- their seatings, results and moderation log: bot.desk.ratings.counts_for_ratings.
-- The ratings are derived data: `quicksilver stats rebuild` recomputes them from the
-- games (games, seatings, game_results, mod_actions) in order, and the bot updates
-- them as each game ends. `db copy` leaves them out and rebuilds them on arrival.

-- Every finished game the ratings took, in the order they took it, rated or kept out.
CREATE TABLE rating_games (
    seq      BIGINT PRIMARY KEY,               -- the order; never reused (a rebuild numbers on)
    game_id  BIGINT NOT NULL UNIQUE,           -- no foreign key: a game deleted since makes them stale
    ended_at DOUBLE PRECISION NOT NULL,
    counted  INTEGER NOT NULL,                 -- 1: rated
    reason   TEXT NOT NULL DEFAULT '',         -- why not: seeded | computer | rolled-back | …
    crew     INTEGER NOT NULL DEFAULT 0,       -- people on the crew's team
    rules    TEXT NOT NULL                     -- the rating rules' version it was taken under
);

-- Each person's rating on each side (openskill's mu and sigma) and the games behind it.
CREATE TABLE ratings (
    user_id  BIGINT NOT NULL,
    side     TEXT NOT NULL,                    -- alien | crew
    mu       DOUBLE PRECISION NOT NULL,
    sigma    DOUBLE PRECISION NOT NULL,
    games    INTEGER NOT NULL,
    won      INTEGER NOT NULL,
    drawn    INTEGER NOT NULL,
    lost     INTEGER NOT NULL,
    PRIMARY KEY (user_id, side)
);
CREATE INDEX ratings_board ON ratings(side, games);

-- What each rated game did to each of its players.
CREATE TABLE rating_changes (
    seq          BIGINT NOT NULL,              -- rating_games.seq
    game_id      BIGINT NOT NULL,
    user_id      BIGINT NOT NULL,
    side         TEXT NOT NULL,
    mu_before    DOUBLE PRECISION NOT NULL,
    sigma_before DOUBLE PRECISION NOT NULL,
    mu_after     DOUBLE PRECISION NOT NULL,
    sigma_after  DOUBLE PRECISION NOT NULL,
    PRIMARY KEY (game_id, user_id)
);
CREATE INDEX rating_changes_user ON rating_changes(user_id, side, seq);
