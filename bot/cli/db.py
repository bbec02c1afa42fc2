"""``quicksilver db``: bring a store's schema up to date, or copy a whole store to
another (SQLite to PostgreSQL and back), check the copy and rebuild its ratings.

A store is named as the bot names it (``QUICKSILVER_DB``): an SQLite file path or a
``postgresql://`` URL.
"""

from __future__ import annotations

import asyncio
import os
import sys
from pathlib import Path

from bot.desk import ratings
from bot.store import is_postgres, open_store, version_at
from bot.store.copy import CopyError, Report, copy_store
from bot.store.failures import StoreRefused
from bot.store.targets import check_target

DEFAULT_DB = "quicksilver.sqlite3"  # as bot.config: the bot's store when QUICKSILVER_DB is unset


def default_target() -> str:
    return os.environ.get("QUICKSILVER_DB", DEFAULT_DB)


def run_migrate(target: str) -> int:
    """Migrate the store at ``target``; print its schema version before and after."""
    try:
        before, after = asyncio.run(_migrate(target))
    except StoreRefused as err:
        return _fail(f"cannot migrate {_name(target)}: {err}")
    except Exception as err:  # unreachable server, bad URL, a failed migration…
        return _fail(f"cannot migrate {_name(target)}: {err}")
    change = "already up to date" if before == after else f"migrated from version {before}"
    print(f"{_name(target)}: schema version {after} ({change})")
    return 0


async def _migrate(target: str) -> tuple[int, int]:
    before = await version_at(target)
    store = await open_store(target)
    try:
        return before, await store.schema_version()
    finally:
        await store.close()


def run_copy(source: str, destination: str) -> int:
    """Copy ``source`` into the empty ``destination``, check it, print the summary; 1
    when the copy was refused or is not faithful."""
    for which, target in (("source", source), ("destination", destination)):
        try:
            check_target(target)
        except StoreRefused as err:
            return _fail(f"cannot copy: the {which} {err}")
    if source == destination:
        return _fail("the source and the destination are the same store")
    if not is_postgres(source) and not os.path.exists(source):
        return _fail(f"no store at {source}")
    # A new SQLite file is this copy's own: removed again if the copy fails.
    created = (
        destination if not is_postgres(destination) and not os.path.exists(destination) else None
    )
    try:
        report, rated = asyncio.run(_copy(source, destination))
    except (CopyError, StoreRefused) as err:
        return _fail(f"cannot copy: {err}", created)
    except Exception as err:  # unreachable server, bad URL, a row the target refuses…
        return _fail(
            f"cannot copy {_name(source)} to {_name(destination)}: {err}",
            created,
        )
    if report.problems:
        return _fail(f"the copy differs from its source: {report.summary()}", created)
    print(report.summary())
    print(rated)
    return 0


async def _copy(source: str, destination: str) -> tuple[Report, str]:
    """The copy's report, and what rebuilding the ratings there took (they are derived
    from the games, so they are rebuilt rather than copied)."""
    src = await open_store(source)
    try:
        dst = await open_store(destination)
        try:
            report = await copy_store(src, dst)
            rated = "" if report.problems else (await ratings.rebuild(dst, "copied")).summary()
            return report, rated
        finally:
            await dst.close()
    finally:
        await src.close()


def _name(target: str) -> str:
    """The store's name for messages: a URL without its password."""
    if "://" in target and "@" in target:
        scheme, rest = target.split("://", 1)
        credentials, host = rest.rsplit("@", 1)
        return f"{scheme}://{credentials.split(':', 1)[0]}@{host}"
    return target


def _fail(message: str, created: str | None = None) -> int:
    """Say what went wrong; remove the SQLite file ``created`` for this copy (a
    PostgreSQL destination was emptied by the copy itself), so a retry can run."""
    if created is not None:
        for suffix in ("", "-wal", "-shm", "-journal"):
            Path(f"{created}{suffix}").unlink(missing_ok=True)
        message += "; the destination file it created was removed"
    print(f"error: {message}", file=sys.stderr)
    return 1
