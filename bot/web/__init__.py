"""The web companion: each person's own view of a game in a browser, read-only.

``links`` signs and reads the per-person links; ``settings`` reads the environment;
``reader`` rebuilds what a link may show from the store (never writing to it); ``pages``
writes the HTML; ``server`` is the aiohttp application that serves it, in the bot's
process or alone (``quicksilver web``). See the README, "The web companion".
"""
