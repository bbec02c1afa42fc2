-- Quicksilver bot storage on PostgreSQL, version 4 (mirrors sqlite/0004).
ALTER TABLE games ADD COLUMN version BIGINT NOT NULL DEFAULT 0;

CREATE TABLE shard_leases (
    shard_count  INTEGER NOT NULL,
    shard_id     INTEGER NOT NULL,
    holder       TEXT NOT NULL,
    heartbeat_at DOUBLE PRECISION NOT NULL,
    PRIMARY KEY (shard_count, shard_id)
);
