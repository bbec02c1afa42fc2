"""The project's own index of the rulebook (data/rulebook.toml): complete, ordered,
validated on load, and its gists read their numbers from the data tables."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from engine.content import DEFAULT_DATA_DIR, ContentError
from engine.help.rulebook import load_rulebook

DECISIONS = Path(__file__).resolve().parents[3] / "docs" / "rules-decisions.md"


def test_every_chapter_a_to_g_and_its_sections_are_indexed() -> None:
    ids = [s.id for s in load_rulebook().sections]
    assert [i for i in ids if "." not in i] == list("ABCDEFG")
    assert {"C.7.2", "C.10.1", "E.3.8", "G.2.5", "G.5"} <= set(ids)


def test_coverage_table_titles_match_the_index() -> None:
    book = load_rulebook()
    table = DECISIONS.read_text(encoding="utf-8").split("## Rulebook coverage", 1)[1]
    for line in table.splitlines():
        cells = [c.strip() for c in line.strip("|").split("|")]
        section = book.section(cells[0]) if len(cells) == 3 else None
        if section is not None:
            assert cells[1].lower() == section.title.lower(), section.id


def _broken(tmp_path: Path, old: str, new: str) -> Path:
    shutil.copy(DEFAULT_DATA_DIR / "rulebook.toml", tmp_path / "rulebook.toml")
    path = tmp_path / "rulebook.toml"
    text = path.read_text(encoding="utf-8")
    assert old in text
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    return tmp_path


@pytest.mark.parametrize(
    ("old", "new", "problem"),
    [
        ('id = "C.7.2"', 'id = "C.7.1"', "C.7.1 appears twice"),
        ('id = "C.7.2"', 'id = "C.7.9"', "out of order"),
        ('id = "C.4.1"', 'id = "C.11.1"', "has no parent C.11"),
        ('id = "G.2.5"', 'id = "G.2..5"', "section G.2..5"),
        ("{human.per_grid}", "{humans.per_grid}", "unknown ['humans']"),
        ('tables = ["victory"]', 'tables = ["victories"]', "section F.1"),
        ('title = "Ending A Pipe-Run"', 'title = ""', "section C.7.2"),
    ],
)
def test_a_broken_index_is_refused_naming_the_entry(
    tmp_path: Path, old: str, new: str, problem: str
) -> None:
    with pytest.raises(ContentError, match=r"rulebook\.toml") as caught:
        load_rulebook(_broken(tmp_path, old, new))
    assert problem in str(caught.value)


def test_every_short_decision_belongs_to_a_section_the_decisions_document_covers() -> None:
    text = DECISIONS.read_text(encoding="utf-8")
    decided = [s for s in load_rulebook().sections if s.decisions]
    assert len(decided) >= 25
    assert [s.id for s in decided if s.id not in text] == []
