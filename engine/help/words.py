"""The words players type into rules help (``data/rules_words.toml``), one table per
language: the words of a question that say nothing of its topic, irregular forms,
synonyms, and the words that lead to a topic whose title does not say them.

``load_words(lang)`` reads and checks the file: single lower-case words, no word in
two synonym groups, no word both ignored and meaningful. That each topic it names
exists is checked by :mod:`engine.help.search`, which knows the topics.
"""

from __future__ import annotations

import re
import tomllib
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Annotated, Any

from pydantic import Field, ValidationError

from engine.content import DEFAULT_DATA_DIR, ContentError
from engine.content_models import Frozen
from engine.help.stems import STEMMERS

WORDS = "rules_words.toml"
LANGUAGES = tuple(STEMMERS)

Word = Annotated[str, Field(pattern=r"^[a-z0-9àâäçéèêëîïôöùûüÿœæ]+$")]


class Synonyms(Frozen):
    words: tuple[Word, ...] = Field(min_length=2)


class WordsFile(Frozen):
    ignore: tuple[Word, ...]
    lemmas: dict[Word, Word] = Field(default_factory=dict)
    synonyms: tuple[Synonyms, ...]
    topics: dict[str, tuple[Word, ...]]


@dataclass(frozen=True, slots=True)
class Words:
    """One language's table, ready for looking words up: every word is a *token*, the
    stem of its lemma (:meth:`token`)."""

    lang: str
    ignore: frozenset[str]  # the ignored words, as written
    lemmas: Mapping[str, str]  # a form: the word it counts as
    groups: Mapping[str, frozenset[str]]  # each token of a synonym group: the whole group
    topics: Mapping[str, frozenset[str]]  # topic key: the tokens that lead to it
    stem: Callable[[str], str]

    def token(self, word: str) -> str:
        """``word`` (lower case) as it is compared: the stem of its lemma, or the lemma
        itself where the table makes it its own lemma (kept whole, never stemmed)."""
        lemma = self.lemmas.get(word, word)
        return lemma if self.lemmas.get(lemma) == lemma else self.stem(lemma)

    def tokens(self, text: str) -> list[str]:
        """The tokens of ``text`` that mean something, in order, each once. A hyphenated
        word counts as its parts and, when each part means something, as one word too
        ("set-up": set, up, setup; but "est-ce" is neither "estce" nor anything)."""
        found: dict[str, None] = {}
        for compound in re.findall(r"[^\W_]+(?:-[^\W_]+)*", text.casefold()):
            parts = compound.split("-")
            whole = len(parts) > 1 and not any(p in self.ignore for p in parts)
            for word in [*parts, "".join(parts)] if whole else parts:
                if (len(word) > 1 or word.isdigit()) and word not in self.ignore:
                    found[self.token(word)] = None
        return list(found)

    def group(self, token: str) -> frozenset[str]:
        """``token`` and its synonyms."""
        return self.groups.get(token, frozenset({token}))


def load_words(lang: str = "en", data_dir: Path | None = None) -> Words:
    """The table of ``lang`` in ``data_dir`` (default: the project's ``data/``, read once)."""
    return _default(lang) if data_dir is None else _load(lang, data_dir)


@lru_cache(maxsize=len(LANGUAGES))
def _default(lang: str) -> Words:
    return _load(lang, DEFAULT_DATA_DIR)


def _load(lang: str, data_dir: Path) -> Words:
    doc = _read(data_dir / WORDS)
    if set(doc) != set(LANGUAGES):
        raise ContentError(WORDS, f"the file holds one table per language: {list(LANGUAGES)}")
    try:
        table = WordsFile.model_validate(doc[lang])
    except ValidationError as exc:
        problems = "; ".join(
            f"{'.'.join(str(p) for p in (lang, *e['loc']))}: {e['msg']}" for e in exc.errors()
        )
        raise ContentError(WORDS, problems) from exc
    return _tokens(lang, table)


def _read(path: Path) -> dict[str, Any]:
    try:
        with path.open("rb") as handle:
            return tomllib.load(handle)
    except OSError as exc:
        raise ContentError(WORDS, f"cannot read {path} ({exc.strerror})") from exc
    except tomllib.TOMLDecodeError as exc:
        raise ContentError(WORDS, f"not valid TOML: {exc}") from exc


def _tokens(lang: str, table: WordsFile) -> Words:
    plain = Words(lang, frozenset(), table.lemmas, {}, {}, STEMMERS[lang])
    groups: dict[str, frozenset[str]] = {}
    seen: dict[str, int] = {}
    for number, synonyms in enumerate(table.synonyms, 1):
        group = frozenset(plain.token(w) for w in synonyms.words)
        for token in group:
            if token in seen:
                problem = f"{lang}: '{token}' is in synonym groups {seen[token]} and {number}"
                raise ContentError(WORDS, problem)
            seen[token] = number
            groups[token] = group
    topics = {key: frozenset(plain.token(w) for w in ws) for key, ws in table.topics.items()}
    ignore = frozenset(table.ignore)
    meaningful = {w for g in table.synonyms for w in g.words} | set(table.lemmas)
    meaningful |= {w for ws in table.topics.values() for w in ws}
    both = sorted(ignore & meaningful)
    if both:
        raise ContentError(WORDS, f"{lang}: ignored words also lead somewhere: {both}")
    return Words(lang, ignore, table.lemmas, groups, topics, STEMMERS[lang])
