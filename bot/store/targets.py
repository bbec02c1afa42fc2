"""Which store a target names: an SQLite file path or a PostgreSQL URL, and the targets
that name none (refused before anything is opened). The package picks the backend from
it (:func:`bot.store.open_store`)."""

from __future__ import annotations

import re
from pathlib import Path

from bot.store.failures import StoreRefused

TARGETS = (
    "an SQLite file path (e.g. quicksilver.sqlite3) or a PostgreSQL URL "
    "(postgresql://USER:PASSWORD@HOST/DATABASE)"
)


def is_postgres(target: Path | str) -> bool:
    return str(target).startswith(("postgresql://", "postgres://"))


def check_target(target: Path | str) -> None:
    """Refuse a target that names no store: empty (SQLite would open a throwaway
    database), ``:memory:``, or a URL of another database (it would become a file name)."""
    text = str(target).strip()
    if not text or text == ":memory:":
        raise StoreRefused(f"{text!r} names no store; give {TARGETS}")
    if is_postgres(text):
        return
    scheme = re.match(r"([A-Za-z][A-Za-z0-9+.-]*)://", text)
    if scheme:  # its credentials stay out of the message
        raise StoreRefused(
            f"{scheme.group(1)}://… is not a database Quicksilver can use; give {TARGETS}"
        )
