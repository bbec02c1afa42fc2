"""``/rules`` in the asker's language: the answer, the autocomplete and the refusal.

The engine composes every answer (:mod:`engine.help.answers`) and says each of its
sentences through a voice; here that voice is the catalogue, so a French reader gets
the whole answer in French, framing and text alike, the names (units, roles, skills,
gear, rooms, abilities, the F.1 bands) and the command language staying as they are
(README "Languages"). Every sentence the engine may say is a message id, keyed by its
English text like the tutorials' words (:func:`rules_words`, which the locale test holds
every catalogue to). Questions are looked up in the asker's language with that
language's words (data/rules_words.toml), then in English.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence

from bot.present.locale import SOURCE, _, ngettext, speaking
from engine.help import rules_help
from engine.help.answers import Voice, every_topic_said
from engine.help.search import CHOICES_MAX, Index, build_index
from engine.help.topics import Topic
from engine.help.words import LANGUAGES, load_words


def voice() -> Voice:
    """The catalogue of the language being spoken."""
    return Voice(say=_, count=ngettext)


@functools.cache
def index(lang: str) -> Index:
    """The topics' words in ``lang`` (built once per language); a language with no
    table of its own in data/rules_words.toml is read with the English table."""
    if lang == SOURCE:
        return rules_help.index()
    with speaking(lang):
        return build_index(load_words(lang if lang in LANGUAGES else SOURCE), voice())


def find(query: str, lang: str) -> Topic | None:
    """The topic ``query`` names, in the asker's language or else in English."""
    found = index(lang).find(query)
    return found if found is not None or lang == SOURCE else index(SOURCE).find(query)


def answer(topic: Topic, lang: str) -> list[str]:
    """The answer to ``topic``, every sentence in ``lang``."""
    with speaking(lang):
        return rules_help.answer(topic, voice=voice())


def choices(typed: str, lang: str, limit: int = CHOICES_MAX) -> list[tuple[str, str]]:
    """The autocomplete's (key, label) pairs, best first, labelled in ``lang``."""
    own = index(lang)
    found = own.complete(typed, limit)
    first = find(typed, lang)  # an English question asked in French: its answer first
    if first is not None and first not in found[:1]:
        found = list(dict.fromkeys([first, *found]))[:limit]
    return [(t.key, own.label(t)) for t in found]


def suggestions(query: str, lang: str) -> list[str]:
    """A few labels near ``query``, for the refusal."""
    return [label for _key, label in choices(query, lang, 6)]


def unknown(query: str, near: Sequence[str]) -> str:
    """The refusal when no topic matches ``query``, with the nearest labels."""
    text = _("I know no rules topic '{query}'.").format(query=query)
    if near:
        text += " " + _("Did you mean: {topics}?").format(topics=", ".join(near))
    return text + " " + _("Type a few letters to see the list.")


@functools.cache
def rules_words() -> frozenset[str | tuple[str, str]]:
    """Every sentence (and every singular and plural pair) the rules help asks its voice
    to say: the message ids each catalogue must translate."""
    said: set[str | tuple[str, str]] = set()

    def say(text: str) -> str:
        said.add(text)
        return text

    def count(singular: str, plural: str, n: int) -> str:
        said.add((singular, plural))
        return singular if n == 1 else plural

    every_topic_said(Voice(say=say, count=count))
    return frozenset(said)
