"""The referee's desk: which games this process serves, their seats and tables, loading
them from the store, what each command changes, the computer seats, moderation, shard
leases; no discord here, and no words of its own (its scribe, :mod:`bot.desk.scribe`,
brings the few sentences it keeps). :class:`bot.desk.service.Desk` is its face."""
