"""What goes wrong with a store, and whether a write was taken before it did.

A store that cannot be opened is refused (:class:`StoreRefused`); one that cannot be read
or written just now fails (:class:`StoreFailed`), and nothing of the failed work was
written. Whoever answers a person after an error asks :func:`written` whether a write
of theirs was taken first, so that "nothing changed" is only ever said when true.
"""

from __future__ import annotations

import contextvars

_WRITTEN: contextvars.ContextVar[int] = contextvars.ContextVar("store_written", default=0)


def watch_writes() -> None:
    """From now on, :func:`written` tells whether the running task (one interaction)
    had a write taken by a store."""
    _WRITTEN.set(0)


def written() -> bool:
    """Whether a store took a write since :func:`watch_writes` in this task: an error
    after that cannot say that nothing changed."""
    return _WRITTEN.get() > 0


def writes_taken() -> int:
    """How many writes a store took in the running task so far (compare two readings
    to learn whether a piece of work wrote anything)."""
    return _WRITTEN.get()


def write_taken() -> None:
    """A store took a write in the running task (the store's own call, once a commit)."""
    _WRITTEN.set(_WRITTEN.get() + 1)


class StoreRefused(Exception):
    """This store cannot be opened (a target that names no store we can use, or a
    schema newer than this code); nothing was written. ``str()`` says why and what to do."""


class SchemaTooNew(StoreRefused):
    """The store's schema is newer than this code's migrations: it was written by a
    newer Quicksilver (rolled back since). Opening it could corrupt it."""

    def __init__(self, found: int, known: int) -> None:
        super().__init__(
            f"its schema is version {found}, newer than this Quicksilver's version {known}: "
            "a newer Quicksilver wrote it. Run that version again (or restore a backup made "
            "with this one); nothing was changed"
        )
        self.found, self.known = found, known


class StoreFailed(Exception):
    """The database could not be read or written just now (a full disk, a lost
    connection, a server restarting): nothing was written. ``__cause__`` holds the
    database's own error. Whoever asked is told their command was not taken."""


class WriteFailed(StoreFailed):
    """The database did not take a write: the transaction was rolled back, so none of
    it happened."""


class ReadFailed(StoreFailed):
    """The database could not answer a read."""
