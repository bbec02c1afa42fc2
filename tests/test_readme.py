"""The README's command language is the engine's: its table lists every command the
parser knows and no other, and its Python examples run as written."""

from __future__ import annotations

import doctest
import re
from pathlib import Path

from engine.commands import VERBS

README = Path(__file__).resolve().parent.parent / "README.md"


def _section(title: str) -> str:
    text = README.read_text(encoding="utf-8")
    start = text.index(f"## {title}\n")
    end = text.find("\n## ", start + 1)
    return text[start:end]


def test_the_command_table_lists_every_command_the_parser_knows_and_no_other() -> None:
    rows = re.findall(r"^\| `(\w+)[^`]*` \|", _section("The command language"), re.MULTILINE)
    assert sorted(rows) == sorted(VERBS)


def test_the_command_language_examples_run_as_written() -> None:
    examples = _section("The command language")
    parser = doctest.DocTestParser()
    test = parser.get_doctest(examples, {}, "README: The command language", str(README), 0)
    assert len(test.examples) >= 10
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    result = runner.run(test)
    assert result.failed == 0
