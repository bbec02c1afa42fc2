"""Words for people: the English catalogue of events (``catalogue``), each output's
presenter of them (``events``: the channel, DMs, the terminal table, scripts), the
phase digest, and texts built from views."""
