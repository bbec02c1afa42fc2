"""Shared pytest hooks."""

from __future__ import annotations

from typing import Any


def pytest_terminal_summary(terminalreporter: Any) -> None:
    """Report how the random playouts ended and which commands they used."""
    from tests import test_playout

    if not test_playout.ENDINGS:
        return
    terminalreporter.section("random playouts")
    for ending, count in test_playout.ENDINGS.most_common():
        terminalreporter.write_line(f"{count:4d}  {ending}")
    used = ", ".join(f"{verb} {n}" for verb, n in sorted(test_playout.VERBS.items()))
    terminalreporter.write_line(f"commands used: {used}")
