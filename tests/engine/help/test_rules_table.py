"""The rules-decisions document's coverage table lists every rulebook section from C
to G (as the project's own index, data/rulebook.toml, numbers them), and every test it
cites exists."""

from __future__ import annotations

import re
from pathlib import Path

from engine.help.rulebook import load_rulebook

ROOT = Path(__file__).resolve().parents[3]
DECISIONS = ROOT / "docs" / "rules-decisions.md"


def _rulebook_sections() -> set[str]:
    found = {s.id for s in load_rulebook().sections if re.fullmatch(r"[C-G](\.\d+)+", s.id)}
    return found - {"C.5"}  # C.5 is only the heading of C.6's text


def _table() -> dict[str, list[str]]:
    text = DECISIONS.read_text(encoding="utf-8")
    table = text.split("## Rulebook coverage", 1)[1]
    rows = re.findall(r"^\| ([C-G](?:\.\d+)+) \| [^|]+ \| (.*) \|$", table, re.M)
    return {section: re.findall(r"`(test_\w+)`", tests) for section, tests in rows}


def _test_names() -> set[str]:
    names: set[str] = set()
    for path in (ROOT / "tests").rglob("test_*.py"):
        names |= set(re.findall(r"^(?:async )?def (test_\w+)", path.read_text(), re.M))
    return names


def test_every_section_from_c_to_g_has_a_row_with_tests() -> None:
    table = _table()
    assert _rulebook_sections() <= set(table), sorted(_rulebook_sections() - set(table))
    assert [s for s, tests in table.items() if not tests] == []


def test_every_cited_test_exists() -> None:
    cited = {t for tests in _table().values() for t in tests}
    assert sorted(cited - _test_names()) == []


def test_every_test_cited_anywhere_in_the_decisions_exists() -> None:
    text = DECISIONS.read_text(encoding="utf-8")
    cited = set(re.findall(r"tests/[\w/]+\.py::(test_\w+)", text))
    assert sorted(cited - _test_names()) == []
