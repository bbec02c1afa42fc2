"""The store's schema: the numbered migrations of each backend
(``bot/store/migrations/<backend>/0001_name.sql``), read in order, and their statements.
The schema version is how many have run; a backend runs those not yet applied."""

from __future__ import annotations

import re
from importlib import resources


def migrations(backend: str) -> list[tuple[int, str]]:
    """(number, SQL) for every file named like ``0001_name.sql`` of ``backend``, in order."""
    found = []
    for entry in resources.files("bot.store.migrations").joinpath(backend).iterdir():
        match = re.fullmatch(r"(\d+)_\w+\.sql", entry.name)
        if match:
            found.append((int(match.group(1)), entry.read_text(encoding="utf-8")))
    return sorted(found)


def split_sql(script: str) -> list[str]:
    """Statements of a migration file (no semicolons inside our literals)."""
    lines = [line.split("--", 1)[0] for line in script.splitlines()]
    return [s.strip() for s in "\n".join(lines).split(";") if s.strip()]
