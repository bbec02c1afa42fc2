-- Quicksilver bot storage, version 3: start without replaying, page the public log.
-- The game state at each phase start (engine.snapshot text; NULL: not saved, replay it).
ALTER TABLE snapshots ADD COLUMN state TEXT;

-- Every public line, in order; read a page at a time instead of held in memory.
CREATE TABLE public_lines (
    id       INTEGER PRIMARY KEY AUTOINCREMENT,
    game_id  INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
    seq      INTEGER NOT NULL,                       -- the command (or undone command) it tells of
    summary  INTEGER NOT NULL DEFAULT 1,             -- 1: part of the next phase's summary
    text     TEXT NOT NULL
);
CREATE INDEX public_lines_game ON public_lines(game_id, seq);

-- The clock's questions are queries: deadlines passed, reminders due, seats the game plays.
CREATE INDEX games_deadline ON games(status, deadline_at);
