-- Quicksilver bot storage, version 6 (issue 24): the player as a person across games.
-- A game's own terms: grace extensions, the cap on deadlines moved for the away, the
-- missed phases that open a seat, and a moderator's pause (the deadline's time left).
ALTER TABLE games ADD COLUMN grace_hours REAL NOT NULL DEFAULT 0;     -- 0: no grace
ALTER TABLE games ADD COLUMN graces INTEGER NOT NULL DEFAULT 0;       -- per player per game
ALTER TABLE games ADD COLUMN away_cap_hours REAL NOT NULL DEFAULT 72; -- most a deadline moves for one away player
ALTER TABLE games ADD COLUMN sub_after INTEGER NOT NULL DEFAULT 0;    -- missed phases in a row that open a seat; 0: never
ALTER TABLE games ADD COLUMN paused_at REAL;                           -- NULL: running
ALTER TABLE games ADD COLUMN paused_left REAL;                         -- seconds the deadline had left when paused

-- The clock asks for games the computer plays without reading every running game.
CREATE INDEX games_computer ON games(status, computer);

-- Each Discord user's own settings (no row: the defaults).
CREATE TABLE user_settings (
    user_id      INTEGER PRIMARY KEY,
    notify       TEXT NOT NULL DEFAULT 'channel',  -- channel | dm | none
    notify_when  TEXT NOT NULL DEFAULT 'waiting',  -- waiting | phase (also when my side's phase starts)
    remind_hours REAL,                             -- NULL: the game's cadence; 0: never
    time_zone    TEXT NOT NULL DEFAULT 'UTC',      -- a zoneinfo name
    quiet_from   INTEGER,                          -- minutes after local midnight; NULL: no quiet hours
    quiet_to     INTEGER,
    away_since   REAL,
    away_until   REAL,                             -- NULL: not away
    away_mode    TEXT NOT NULL DEFAULT 'wait',     -- wait | computer | sub
    away_note    TEXT NOT NULL DEFAULT '',
    away_public  INTEGER NOT NULL DEFAULT 0        -- 1: the channel may read the note
);
CREATE INDEX user_settings_away ON user_settings(away_until);

-- Whom each game waits on now, since when; the clock's reminders and the phase's graces.
CREATE TABLE waits (
    game_id    INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
    user_id    INTEGER NOT NULL,
    side       TEXT NOT NULL,
    phase_seq  INTEGER NOT NULL,                   -- the game's length when the phase began
    since      REAL NOT NULL,
    remind_at  REAL,                               -- the next reminder; NULL: none
    reminders  INTEGER NOT NULL DEFAULT 0,
    graces     INTEGER NOT NULL DEFAULT 0,         -- graces charged this phase
    excused    INTEGER NOT NULL DEFAULT 0,         -- 1: away (the deadline moved, or the computer played)
    done_at    REAL,                               -- NULL: still waited on
    PRIMARY KEY (game_id, user_id)
);
CREATE INDEX waits_remind ON waits(remind_at);
CREATE INDEX waits_user ON waits(user_id);

-- Personal pings waiting to go out: held through quiet hours, or queued by the clock.
CREATE TABLE held_pings (
    id         INTEGER PRIMARY KEY AUTOINCREMENT,
    user_id    INTEGER NOT NULL,
    game_id    INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
    kind       TEXT NOT NULL,                      -- turn | phase | reminder | grace
    held_at    REAL NOT NULL,
    release_at REAL NOT NULL
);
CREATE INDEX held_pings_release ON held_pings(release_at);

-- Who sat at which side of a started game, from when to when (players: who sits now).
CREATE TABLE seatings (
    id      INTEGER PRIMARY KEY AUTOINCREMENT,
    game_id INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
    user_id INTEGER NOT NULL,
    side    TEXT NOT NULL,                         -- alien | crew
    sat_at  REAL NOT NULL,
    left_at REAL,
    came    TEXT NOT NULL,                         -- joined | sub | mod
    went    TEXT                                   -- NULL: seated; left | sub | removed | replaced
);
CREATE INDEX seatings_user ON seatings(user_id);
CREATE INDEX seatings_game ON seatings(game_id);

-- One row per player per phase the game waited on them: the record's reliability.
CREATE TABLE phase_marks (
    game_id   INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
    phase_seq INTEGER NOT NULL,
    user_id   INTEGER NOT NULL,
    side      TEXT NOT NULL,
    mark      TEXT NOT NULL,                       -- on_time | grace | missed | away
    graces    INTEGER NOT NULL DEFAULT 0,
    at        REAL NOT NULL,
    PRIMARY KEY (game_id, phase_seq, user_id)
);
CREATE INDEX phase_marks_user ON phase_marks(user_id);

-- How each finished game ended (F.1).
CREATE TABLE game_results (
    game_id  INTEGER PRIMARY KEY REFERENCES games(id) ON DELETE CASCADE,
    ended_at REAL NOT NULL,
    turn     INTEGER NOT NULL,
    total    INTEGER NOT NULL,                     -- the human player's F.1 points
    band     TEXT NOT NULL,                        -- decisive-human … decisive-alien
    winner   TEXT NOT NULL                         -- crew | alien | draw
);

-- Open-seat calls: a seat offered to a substitute, claimed, approved.
CREATE TABLE seat_calls (
    id          INTEGER PRIMARY KEY AUTOINCREMENT,
    game_id     INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
    user_id     INTEGER NOT NULL,                  -- whose seat
    side        TEXT NOT NULL,
    reason      TEXT NOT NULL,                     -- asked | missed | away | mod
    opened_at   REAL NOT NULL,
    status      TEXT NOT NULL DEFAULT 'open',      -- open | claimed | filled | withdrawn
    candidate   INTEGER,
    message_id  INTEGER,                           -- the call's message; NULL: not posted yet
    closed_at   REAL,
    approved_by INTEGER
);
CREATE INDEX seat_calls_game ON seat_calls(game_id, status);
CREATE INDEX seat_calls_status ON seat_calls(status, message_id);

-- Games already under way keep their seats' history from here on.
INSERT INTO seatings (game_id, user_id, side, sat_at, came)
    SELECT players.game_id, players.user_id, players.seat, players.joined_at, 'joined'
    FROM players JOIN games ON games.id = players.game_id
    WHERE players.seat IN ('alien', 'crew') AND games.status IN ('playing', 'over');
