-- Quicksilver bot storage, version 4: several processes on one database (issue 11).
-- Every guarded commit bumps its game's version: a writer whose copy is older is refused.
ALTER TABLE games ADD COLUMN version INTEGER NOT NULL DEFAULT 0;

-- Which process serves which shard: a second process claiming a live shard is refused.
CREATE TABLE shard_leases (
    shard_count  INTEGER NOT NULL,
    shard_id     INTEGER NOT NULL,
    holder       TEXT NOT NULL,                    -- host:pid of the serving process
    heartbeat_at REAL NOT NULL,
    PRIMARY KEY (shard_count, shard_id)
);
