"""Rules help: every rulebook section, command, ability, skill, piece of gear, life stage,
crew role and kind of place, answered in our own words with the numbers from the data
tables (:mod:`engine.help.answers`) and found from a few plain words
(:mod:`engine.help.search`).

One index serves ``/rules`` (with autocomplete) and the terminal table's ``help RULE``.
This module answers in English; the bot builds an index per language
(bot.present.rules) from the same topics, said through its catalogue.
"""

from __future__ import annotations

from functools import cache

from engine.help.answers import DECISION, ENGLISH, SEE_ALSO, Voice, answer, label
from engine.help.search import CHOICES_MAX, Index, build_index
from engine.help.topics import KINDS, Topic, topics
from engine.help.words import Words, load_words

__all__ = [
    "CHOICES_MAX",
    "DECISION",
    "ENGLISH",
    "KINDS",
    "SEE_ALSO",
    "Index",
    "Topic",
    "Voice",
    "answer",
    "build_index",
    "complete",
    "find",
    "index",
    "label",
    "suggestions",
    "topics",
    "word_index",
]


@cache
def index() -> Index:
    """The English index, built once."""
    return build_index(load_words("en"))


def word_index(words: Words) -> Index:
    """An English index with the words table ``words`` (a test's own)."""
    return build_index(words)


def find(query: str) -> Topic | None:
    """The topic ``query`` names (engine.help.search.Index.find)."""
    return index().find(query)


def complete(typed: str, limit: int = CHOICES_MAX) -> list[Topic]:
    """Topics for the autocomplete list, best first."""
    return index().complete(typed, limit)


def suggestions(query: str) -> list[str]:
    """A few labels near ``query``, for a refusal."""
    return [label(t) for t in complete(query, 6)]
