-- Quicksilver bot storage, version 1: one game per channel at a time.
CREATE TABLE games (
    id              INTEGER PRIMARY KEY AUTOINCREMENT,
    channel_id      INTEGER NOT NULL,
    guild_id        INTEGER,
    channel_name    TEXT NOT NULL DEFAULT '',
    seed            INTEGER NOT NULL,
    status          TEXT NOT NULL DEFAULT 'lobby',   -- lobby | playing | over | aborted
    created_by      INTEGER NOT NULL,
    created_at      REAL NOT NULL,
    phase_key       TEXT NOT NULL DEFAULT '',       -- "turn:phase" the game last waited on
    phase_since     REAL NOT NULL DEFAULT 0,
    deadline_hours  REAL NOT NULL DEFAULT 0,        -- 0: no phase deadline
    deadline_at     REAL,                           -- when the current phase's deadline passes
    remind_hours    REAL NOT NULL DEFAULT 0,        -- 0: no reminders
    remind_max      INTEGER NOT NULL DEFAULT 3,
    reminders_sent  INTEGER NOT NULL DEFAULT 0,
    last_reminder   REAL NOT NULL DEFAULT 0
);
CREATE INDEX games_channel ON games(channel_id, status);

CREATE TABLE players (
    game_id   INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
    user_id   INTEGER NOT NULL,
    seat      TEXT NOT NULL,                        -- alien | crew | spectator
    units     TEXT NOT NULL DEFAULT '',             -- crew: comma-separated human ids
    dm_ok     INTEGER NOT NULL DEFAULT 1,
    joined_at REAL NOT NULL,
    PRIMARY KEY (game_id, user_id)
);

CREATE TABLE commands (
    game_id  INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
    seq      INTEGER NOT NULL,                      -- 0-based position in the game's log
    side     TEXT NOT NULL,
    command  TEXT NOT NULL,                         -- the command's notation
    user_id  INTEGER,                               -- NULL: the referee (deadline)
    at       REAL NOT NULL,
    PRIMARY KEY (game_id, seq)
);

-- Phase-start markers and the map message posted for each phase.
CREATE TABLE snapshots (
    game_id        INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
    seq            INTEGER NOT NULL,                -- log length when the phase began
    turn           INTEGER NOT NULL,
    phase          TEXT NOT NULL,
    map_message_id INTEGER,
    at             REAL NOT NULL,
    PRIMARY KEY (game_id, seq)
);

CREATE TABLE guild_settings (
    guild_id    INTEGER PRIMARY KEY,
    mod_role_id INTEGER
);

CREATE TABLE mod_actions (
    id         INTEGER PRIMARY KEY AUTOINCREMENT,
    game_id    INTEGER,
    channel_id INTEGER NOT NULL,
    user_id    INTEGER NOT NULL,
    action     TEXT NOT NULL,
    at         REAL NOT NULL
);
