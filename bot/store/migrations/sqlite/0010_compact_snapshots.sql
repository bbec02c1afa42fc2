-- Quicksilver bot storage, version 10: a phase row stays small.
-- Until now each phase row held its state (engine.records.snapshot text, ~6.5 KB) until
-- the next phase began, then NULL. SQLite gives back the overflow pages but leaves the
-- row alone on its leaf page: ~4 KiB a phase for good, ~480 KiB a 300-command game.
-- The phase rows now keep only where each phase began (WITHOUT ROWID: no second index),
-- and each game's newest state lives in a table of its own, compressed (zlib; a state
-- kept before version 10 is copied as its plain text: bot.store.packing reads both).
-- The map message id of each phase, written but never read, is gone.
CREATE TABLE phase_rows (
    game_id  INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
    seq      INTEGER NOT NULL,                      -- log length when the phase began
    turn     INTEGER NOT NULL,
    phase    TEXT NOT NULL,
    at       REAL NOT NULL,
    PRIMARY KEY (game_id, seq)
) WITHOUT ROWID;
INSERT INTO phase_rows (game_id, seq, turn, phase, at)
    SELECT game_id, seq, turn, phase, at FROM snapshots;

-- The state at each game's newest phase start (one row a game; none: replay it).
CREATE TABLE snapshot_states (
    game_id  INTEGER PRIMARY KEY,
    seq      INTEGER NOT NULL,                      -- the phase start it is the state at
    state    BLOB NOT NULL,                         -- bot.store.packing: zlib of the text
    FOREIGN KEY (game_id, seq) REFERENCES phase_rows(game_id, seq) ON DELETE CASCADE
);
INSERT INTO snapshot_states (game_id, seq, state)
    SELECT game_id, seq, CAST(state AS BLOB) FROM snapshots AS s
    WHERE state IS NOT NULL AND seq = (
        SELECT MAX(seq) FROM snapshots WHERE game_id = s.game_id AND state IS NOT NULL
    );

DROP TABLE snapshots;
ALTER TABLE phase_rows RENAME TO snapshots;
