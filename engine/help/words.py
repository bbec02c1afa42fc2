"""The words players type into rules help (``data/rules_words.toml``): synonyms, the
words that lead to a topic whose title does not say them, and the words of a question
that say nothing of its topic.

``load_words()`` reads and checks the file: single lower-case words, no word in two
synonym groups, no word both ignored and meaningful. That each topic it names exists
is checked by :mod:`engine.help.rules_help`, which knows the topics.
"""

from __future__ import annotations

import re
import tomllib
from collections.abc import Mapping
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Annotated

from pydantic import Field, ValidationError

from engine.content import DEFAULT_DATA_DIR, ContentError
from engine.content_models import Frozen

WORDS = "rules_words.toml"

Word = Annotated[str, Field(pattern=r"^[a-z0-9]+$")]


class Synonyms(Frozen):
    words: tuple[Word, ...] = Field(min_length=2)


class WordsFile(Frozen):
    ignore: tuple[Word, ...]
    synonyms: tuple[Synonyms, ...]
    topics: dict[str, tuple[Word, ...]]


@dataclass(frozen=True, slots=True)
class Words:
    """The table, stemmed (:func:`stem`), ready for looking words up."""

    ignore: frozenset[str]
    groups: Mapping[str, frozenset[str]]  # each word of a synonym group: the whole group
    topics: Mapping[str, frozenset[str]]  # topic key: the words that lead to it

    def group(self, word: str) -> frozenset[str]:
        """``word`` (stemmed) and its synonyms."""
        return self.groups.get(word, frozenset({word}))


def split(text: str) -> list[str]:
    """The words of ``text``, lower-case and stemmed ("Pipe-Runs" -> pipe, run)."""
    return [stem(w) for w in re.findall(r"[a-z0-9]+", text.casefold())]


def stem(word: str) -> str:
    """A word without a plural "s" or an "-ing", so "doors" meets "door" and
    "mutating" meets "mutate": crude, but the same on both sides of a comparison."""
    if word.endswith("ing") and len(word) > 5:
        word = word[:-3]
        if len(word) > 2 and word[-1] == word[-2] and word[-1] not in "ls":
            word = word[:-1]  # running -> run
        return word.removesuffix("e")
    if word.endswith("ies") and len(word) > 4:
        return word[:-3] + "y"
    if word.endswith("s") and not word.endswith(("ss", "us", "is")) and len(word) > 3:
        word = word[:-1]
    return word.removesuffix("e") if len(word) > 3 else word


def load_words(data_dir: Path | None = None) -> Words:
    """The table in ``data_dir`` (default: the project's ``data/``, read once)."""
    return _default() if data_dir is None else _load(data_dir)


@lru_cache(maxsize=1)
def _default() -> Words:
    return _load(DEFAULT_DATA_DIR)


def _load(data_dir: Path) -> Words:
    path = data_dir / WORDS
    try:
        with path.open("rb") as handle:
            doc = tomllib.load(handle)
    except OSError as exc:
        raise ContentError(WORDS, f"cannot read {path} ({exc.strerror})") from exc
    except tomllib.TOMLDecodeError as exc:
        raise ContentError(WORDS, f"not valid TOML: {exc}") from exc
    try:
        table = WordsFile.model_validate(doc)
    except ValidationError as exc:
        problems = "; ".join(
            f"{'.'.join(str(p) for p in e['loc'])}: {e['msg']}" for e in exc.errors()
        )
        raise ContentError(WORDS, problems) from exc
    return _stemmed(table)


def _stemmed(table: WordsFile) -> Words:
    groups: dict[str, frozenset[str]] = {}
    seen: dict[str, int] = {}
    for number, synonyms in enumerate(table.synonyms, 1):
        group = frozenset(stem(w) for w in synonyms.words)
        for word in group:
            if word in seen:
                problem = f"'{word}' is in synonym groups {seen[word]} and {number}"
                raise ContentError(WORDS, problem)
            seen[word] = number
            groups[word] = group
    topics = {key: frozenset(stem(w) for w in ws) for key, ws in table.topics.items()}
    ignore = frozenset(stem(w) for w in table.ignore)
    both = sorted(ignore & (set(groups) | {w for ws in topics.values() for w in ws}))
    if both:
        raise ContentError(WORDS, f"ignored words also lead somewhere: {both}")
    return Words(ignore, groups, topics)
