"""No French output holds an English sentence of the catalogue (README, "Languages").

Everything the event corpus (:mod:`tests.event_corpus`) says, and the texts built from
the views of positions the game-controlled players reached (hands, status, the reveal,
the turn panels' labels: :mod:`tests.bot.present.test_no_ids`), are worded again in
French and compared with the English catalogue: no piece of an English message (the
words between its placeholders, two words or more) may be left in them, nor an English
word that French never uses ("the", "with", "from" …). A sentence made only of names
(of units, rooms, gear, systems) and numbers is the same in both languages.

Kept in English on purpose, and left out of the comparison: what people type (in
backticks), and what the game's data words in the rulebook's own English (an ability's
summary, a system's effect), as the rules help keeps the rulebook's text.
"""

from __future__ import annotations

import re
import string
from collections.abc import Iterable, Iterator
from functools import cache

import pytest

from bot.desk.notices import DM, KINDS, GameNote, Notice
from bot.present import locale
from bot.present.catalogue import sentence
from bot.present.catalogue.words import content
from bot.present.people import briefing_text, notice_text
from bot.present.texts import hand_text, result_text, status_text
from engine.events import Event
from engine.state import Phase, Side
from tests.bot.client.test_locale import entries
from tests.bot.present.test_no_ids import (
    ALIEN_USER,
    CREW_USER,
    panel_labels,
    positions,
    table_of,
)
from tests.event_corpus import played

FRENCH = "fr"
# English words French never uses: one of them in a French output is English left in it.
_ENGLISH_WORDS = (
    "the and is are was were of with from its it by for into this that has have be not "
    "at to in which who their there where when but or an off up out more nothing found "
    "moves attacks searches spots dies drops picks hands opens closes waits lies held "
    "your you yours"
)
ENGLISH_ONLY = frozenset(_ENGLISH_WORDS.split())
FRAGMENT_WORDS = 2  # a piece of an English message this long, or longer, is a sentence's


@cache
def english_fragments() -> tuple[str, ...]:
    """The pieces of every English message of the catalogue, between its placeholders,
    that hold two words or more and that French words otherwise."""
    found: set[str] = set()
    for message in entries(FRENCH).values():
        ids = message.id if isinstance(message.id, tuple) else (message.id,)
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        for english in ids:
            for literal, *_ in string.Formatter().parse(english):
                piece = literal.strip(" :;,.()")
                if len(re.findall(r"[A-Za-z]{2,}", piece)) < FRAGMENT_WORDS:
                    continue
                if any(piece in french for french in strings):
                    continue  # a name the French keeps ("Air Lock")
                found.add(piece)
    return tuple(sorted(found, key=len, reverse=True))


@cache
def rulebook_words() -> tuple[str, ...]:
    """The data's own English, shown as the rulebook words it."""
    data = content()
    found = [a.summary for a in data.abilities.values()]
    found += [s.effect for s in data.systems.values()]
    return tuple(sorted(found, key=len, reverse=True))


def english_in(french: str) -> list[str]:
    """What of ``french`` is English: catalogue pieces and English-only words."""
    text = re.sub(r"`[^`]*`", "", french)
    for kept in rulebook_words():
        text = text.replace(kept, "")
    found = [piece for piece in english_fragments() if piece in text]
    words = set(re.findall(r"\b[a-z]+\b", text))
    return found + sorted(words & ENGLISH_ONLY)


def in_french(lines: Iterable[str]) -> list[str]:
    return [f"{english_in(line)}: {line}" for line in lines if english_in(line)]


def test_the_check_finds_english_left_in_french():
    assert english_in("Notre décision : A total of seven is needed")  # words of English
    assert english_in("Hyun se déplace 1-F6 → 1-F7 (2 actions)") == []
    assert english_in("Hyun moves 1-F6 → 1-F7 (2 actions)")
    assert english_in("Heures calmes : `/me settings quiet:off` dans les réglages") == []


@pytest.fixture(scope="module")
def corpus() -> dict[str, list[Event]]:
    return dict(played())


def test_every_event_of_the_corpus_is_worded_in_french(corpus):
    said: set[str] = set()
    for events in corpus.values():
        for event in events:
            with locale.speaking(FRENCH):
                said.add(_without_reason(event, sentence(event)))
    left = in_french(sorted(said))
    assert left[:20] == [], f"{len(left)} French sentences hold English"


def _without_reason(event: Event, said: str) -> str:
    """A lapsed order's reason is the engine's refusal, in the command language's
    English (what a person typed was refused for it)."""
    reason = getattr(event, "reason", "")
    return said.replace(reason, "") if isinstance(reason, str) and reason else said


def french_texts() -> Iterator[str]:
    for _, game in positions():
        table = table_of(game)
        side = Side.ALIEN if game.state.phase is Phase.ALIEN else Side.CREW
        with locale.speaking(FRENCH):
            yield from panel_labels(game, side)
            yield from hand_text(table, CREW_USER)
            yield from hand_text(table, ALIEN_USER)
            yield status_text(table)


def test_the_texts_of_played_positions_are_worded_in_french():
    left = in_french(sorted(set(french_texts())))
    assert left[:20] == [], f"{len(left)} French texts hold English"


def test_the_reveal_at_a_games_end_is_worded_in_french():
    *_, (_, game) = positions()
    table = table_of(game)
    with locale.speaking(FRENCH):
        reveal = result_text(table)
    assert in_french(reveal) == []


def test_the_notices_and_briefings_others_cause_are_worded_in_french():
    """What the clock or another's press sends a person alone (a reminder, a grace, a
    phase's start, a substitute's briefing) is worded in their language (README,
    "Languages"): every kind of notice, held or not, with and without a deadline."""
    notes = tuple(
        GameNote(7, 1, 2, "quicksilver", phase, deadline, kind)
        for kind in KINDS
        for phase, deadline in (("3c", 1.9e9), ("setup", None), ("2a", None))
    )
    with locale.speaking(FRENCH):
        said = [
            *notice_text(Notice(5, DM, notes, held=True)),
            *notice_text(Notice(5, DM, notes[:1])),
            *briefing_text(7, "quicksilver", "alien", []),
            *briefing_text(7, "quicksilver", "crew", ["x", "y"]),
        ]
    assert in_french(said) == []
    assert any("vous attend" in line for line in said), said
