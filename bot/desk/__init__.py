"""The referee's desk: which games this process serves, their seats and tables, loading
them from the store, the computer seats, moderation, shard leases; no discord here."""
