"""The referee's desk: which games this process serves, their seats and tables, loading
them from the store, what each command changes, the computer seats, moderation, shard
leases; no discord here, and no words for what happened: it hands typed events and
notes (:mod:`bot.desk.notes`) to the edge, which words them for each reader
(:mod:`bot.present`). :class:`bot.desk.service.Desk` is its face."""
