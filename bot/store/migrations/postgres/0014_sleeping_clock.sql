-- Quicksilver bot storage on PostgreSQL, version 14: a clock that sleeps (README, "Ratings and deadlines").
-- Seconds this phase's deadline moved for the person's quiet hours (capped like an absence).
ALTER TABLE waits ADD COLUMN slept DOUBLE PRECISION NOT NULL DEFAULT 0;
-- The deadline the person's last call was planned for, and when it goes out (NULL: sent or none).
ALTER TABLE waits ADD COLUMN last_call_for DOUBLE PRECISION;
ALTER TABLE waits ADD COLUMN last_call_at DOUBLE PRECISION;
CREATE INDEX waits_last_call ON waits(last_call_at);
CREATE INDEX waits_last_call_for ON waits(last_call_for);  -- NULL: to plan
