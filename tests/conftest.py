"""Shared pytest hooks."""

from __future__ import annotations

from typing import Any


def pytest_terminal_summary(terminalreporter: Any) -> None:
    """Report how the random playouts ended and which commands they used."""
    from tests import test_knowledge, test_playout

    if test_knowledge.AUDITED:
        terminalreporter.section("knowledge audit")
        pairs = sum(n for n, _ in test_knowledge.AUDITED)
        differences = sum(d for _, d in test_knowledge.AUDITED)
        terminalreporter.write_line(f"pairs {pairs}, differences {differences}")
    if not test_playout.ENDINGS:
        return
    terminalreporter.section("random playouts")
    for ending, count in test_playout.ENDINGS.most_common():
        terminalreporter.write_line(f"{count:4d}  {ending}")
    for title, counts in (
        ("commands used", test_playout.VERBS_USED),
        ("abilities used (games)", test_playout.ABILITIES_USED),
    ):
        listed = ", ".join(f"{name} {n}" for name, n in sorted(counts.items()))
        terminalreporter.write_line(f"{title}: {listed}")
