"""Events are worded in one place: no code outside the presenters reads or
matches an event's wording.

The catalogue (:mod:`bot.present.catalogue`) is the only module that writes event
sentences; the presenters (:mod:`bot.present.events`, and the digest that words a
phase) the only ones that use it. Everything else reads the records' fields.

This reads every module of the project (engine, bot, render, benchmarks) and finds
every string matched against text: a regular expression, an ``in`` test, a
``startswith`` and the like. None may match a sentence players read (the corpus of
:mod:`tests.event_corpus`, as kept in its fixture), where a module that reads or
matches event wording would; a match that only looks like it, on text that is no
event's (a command being parsed, a rules topic), is listed in :data:`NOT_EVENTS` with
why.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator
from functools import cache
from pathlib import Path

from tests.event_corpus import read_fixture

ROOT = Path(__file__).resolve().parents[3]
PRESENT = ROOT / "bot" / "present"
WORDERS = {*(PRESENT / "catalogue").glob("*.py"), PRESENT / "events.py", PRESENT / "digest.py"}
SOURCES = ("engine", "bot", "render", "benchmarks")
_MATCHERS = {"startswith", "endswith", "removeprefix", "removesuffix", "find", "index"}
_REGEX = {"compile", "search", "match", "fullmatch", "findall", "finditer", "sub", "split"}
# Wording: two words, or a word with a sentence's punctuation ("Alien: ", "(ToolKit)").
_PHRASE = re.compile(
    r"[A-Za-z]{2,}[\s\\]+\S*[A-Za-z]{2,}|[A-Za-z]{2,}: |\(\\?[A-Za-z]|[A-Za-z]\\?\)"
)
# Matches on text that is no event's: (module, literal) and why.
NOT_EVENTS: dict[tuple[str, str], str] = {}


@cache
def _sentences() -> tuple[str, ...]:
    found = {row[2] for rows in read_fixture().values() for row in rows}
    return tuple(sorted(found))


def _matched(tree: ast.AST) -> Iterator[tuple[int, str, bool]]:
    """(line, literal, is a regex) for every string literal matched against text."""
    for node in ast.walk(tree):
        if isinstance(node, ast.Compare) and isinstance(node.left, ast.Constant):
            tested = any(isinstance(op, ast.In | ast.NotIn) for op in node.ops)
            if tested and isinstance(node.left.value, str):
                yield node.lineno, node.left.value, False
        elif isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute):
            method = node.func.attr
            owner = node.func.value
            is_re = isinstance(owner, ast.Name) and owner.id == "re" and method in _REGEX
            if method in _MATCHERS or is_re:
                for arg in node.args[:1]:
                    for value in _literals(arg):
                        yield node.lineno, value, is_re


def _literals(node: ast.expr) -> Iterator[str]:
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        yield node.value
    elif isinstance(node, ast.Tuple):
        for element in node.elts:
            yield from _literals(element)


def _modules() -> Iterator[Path]:
    for folder in SOURCES:
        yield from sorted((ROOT / folder).rglob("*.py"))


def _matches_a_sentence(literal: str, regex: bool) -> str | None:
    plain = re.sub(r"\\[A-Za-z]", " ", literal) if regex else literal  # \d, \s: no words
    if not _PHRASE.search(plain):
        return None  # one word (a skill, a kind, a verb being parsed) names data, not a sentence
    for sentence in _sentences():
        if re.search(literal, sentence) if regex else literal in sentence:
            return sentence
    return None


def test_the_corpus_gives_wording_to_look_for() -> None:
    assert _matches_a_sentence("nothing found", regex=False)
    assert _matches_a_sentence(r"\bdrops an? (ToolKit|Handgun)\b", regex=True)
    assert _matches_a_sentence("Alien: ", regex=False)


def test_no_module_outside_the_presenters_matches_event_wording() -> None:
    found = []
    for path in _modules():
        if path in WORDERS:
            continue
        where = str(path.relative_to(ROOT))
        for line, literal, regex in _matched(ast.parse(path.read_text(encoding="utf-8"))):
            if (where, literal) in NOT_EVENTS:
                continue
            sentence = _matches_a_sentence(literal, regex)
            if sentence is not None:
                found.append(f"{where}:{line}: {literal!r} matches {sentence!r}")
    assert not found, "\n".join(found)


def _imports(path: Path) -> set[str]:
    names = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            names |= {a.name for a in node.names}
        elif isinstance(node, ast.ImportFrom) and node.module:
            names |= {node.module, *(f"{node.module}.{a.name}" for a in node.names)}
    return names


def test_only_the_presenters_word_events() -> None:
    """Everything else reads fields, or asks bot.present.events for whole sentences."""
    wording = [
        str(path.relative_to(ROOT))
        for path in _modules()
        if path not in WORDERS and "bot.present.catalogue" in _imports(path)
    ]
    assert not wording


def test_the_engine_imports_nothing_from_the_bot_or_the_renderer() -> None:
    for path in (ROOT / "engine").rglob("*.py"):
        for name in _imports(path):
            assert name.split(".")[0] not in {"bot", "render"}, f"{path}: {name}"
