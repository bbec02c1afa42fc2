"""The ``quicksilver`` command line: the terminal table, the script runner, replays and
the store's ``db`` commands."""
