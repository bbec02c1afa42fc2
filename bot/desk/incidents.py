"""Incidents: failures nobody planned for, each under a reference a person can quote.

The person gets a short private answer naming the reference; the operator log gets the
traceback under the same reference. The log keeps only the code's path (each frame's
file, line, function and source line) and each exception's type, never an exception's
message or a command's words: those can name a hidden grid or a secret plan.
"""

from __future__ import annotations

import logging
import secrets
import traceback

log = logging.getLogger("quicksilver.incident")


def record(error: BaseException, where: str) -> str:
    """Log ``error`` under a fresh reference and return the reference. ``where`` says
    what was being done, in words that hold no game text ("/alien move", "saving game 4")."""
    reference = secrets.token_hex(4)
    log.error(
        "reference %s: unexpected %s while %s\n%s",
        reference,
        _name(error),
        where,
        scrubbed(error),
    )
    return reference


def scrubbed(error: BaseException) -> str:
    """``error``'s traceback, causes first, with every exception's message left out."""
    chain: list[BaseException] = []
    current: BaseException | None = error
    while current is not None and current not in chain:
        chain.append(current)
        current = current.__cause__ or (
            None if current.__suppress_context__ else current.__context__
        )
    parts = []
    for exc in reversed(chain):
        frames = "".join(traceback.format_list(traceback.extract_tb(exc.__traceback__)))
        parts.append(f"Traceback (most recent call last):\n{frames}{_name(exc)}")
    return "\n\nwhich led to:\n\n".join(parts)


def _name(error: BaseException) -> str:
    kind = type(error)
    return (
        kind.__qualname__
        if kind.__module__ == "builtins"
        else f"{kind.__module__}.{kind.__qualname__}"
    )
