-- Quicksilver bot storage on PostgreSQL, version 10 (mirrors sqlite/0010): the phase
-- rows keep only where each phase began; each game's newest state lives in a table of
-- its own, compressed (zlib; a state kept before version 10 is copied as its plain
-- text: bot.store.packing reads both); the map message id, never read, is gone.
CREATE TABLE snapshot_states (
    game_id  BIGINT PRIMARY KEY,
    seq      INTEGER NOT NULL,
    state    BYTEA NOT NULL,
    FOREIGN KEY (game_id, seq) REFERENCES snapshots(game_id, seq) ON DELETE CASCADE
);
INSERT INTO snapshot_states (game_id, seq, state)
    SELECT DISTINCT ON (game_id) game_id, seq, convert_to(state, 'UTF8') FROM snapshots
    WHERE state IS NOT NULL ORDER BY game_id, seq DESC;

ALTER TABLE snapshots DROP COLUMN state;
ALTER TABLE snapshots DROP COLUMN map_message_id;
