"""The Discord client: the bot itself, its slash-command groups, turn panels, buttons,
and delivery of what each outcome lets people know (channel posts, DMs, maps, pings)."""
