"""The presenters say what players read before events became typed records.

The corpus (:mod:`tests.event_corpus`) is played again and every event, put into words
by each output's presenter (:mod:`bot.present.events`), must be the sentence the
fixture kept, for the same audience, in the same order: players see no regression.
The same games also pin the undo rule: an event is irreversible exactly when its kind
was before (engine.game).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator

import pytest

from bot.present.catalogue import SENTENCES, sentence
from bot.present.events import dm_lines, log_lines, script_line, terminal_line
from engine.events import Audience, Event, Who
from engine.growing.events import Shed
from tests.event_corpus import played, read_fixture

# The kinds whose events allowed no undo past them, before events became records.
_WAS_IRREVERSIBLE = {
    "rolled",
    "surfaced",
    "sighted",
    "searched",
    "setup-secret",
    "blown-out",
    "launched",
    "examined-secret",
    "revealed",
    "weighed",
    "game-over",
    "emergency-turned-up",  # the emergencies variant's: a card nobody saw turns up
    "halon-purged",  # the halon variant's: it shows where hidden aliens are, or are not
    "damage-card-up",  # the physiology variant's: a damage card nobody saw turns up (P.2)
    "damage-card-seen",  # the crew's look at a card the alien may not see (P.4)
}


@pytest.fixture(scope="module")
def corpus() -> dict[str, list[Event]]:
    return dict(played())


@pytest.fixture(scope="module")
def fixture() -> dict[str, list[tuple[str, str, str]]]:
    return read_fixture()


def _pairs(
    corpus: dict[str, list[Event]], fixture: dict[str, list[tuple[str, str, str]]]
) -> Iterator[tuple[str, Event, tuple[str, str, str]]]:
    for name, events in corpus.items():
        kept = fixture[name]
        assert len(events) == len(kept), f"{name}: {len(events)} events, {len(kept)} before"
        for event, row in zip(events, kept, strict=True):
            yield name, event, row


def test_the_corpus_is_the_fixtures_games(
    corpus: dict[str, list[Event]], fixture: dict[str, list[tuple[str, str, str]]]
) -> None:
    assert sorted(corpus) == sorted(fixture)


def test_every_event_is_worded_as_players_read_it_before(
    corpus: dict[str, list[Event]], fixture: dict[str, list[tuple[str, str, str]]]
) -> None:
    wrong = [
        f"{name}: {type(event).__name__}: {terminal_line(event)!r} was {row[2]!r}"
        for name, event, row in _pairs(corpus, fixture)
        if (event.audience.value, terminal_line(event)) != (row[1], row[2])
    ]
    assert not wrong, f"{len(wrong)} sentences differ:\n" + "\n".join(wrong[:20])


def test_every_output_says_the_same_sentence(corpus: dict[str, list[Event]]) -> None:
    """The channel, DMs, the terminal table and scripts word an event alike."""
    for events in corpus.values():
        for event in events:
            said = {terminal_line(event), script_line(event)}
            if event.audience is Audience.PUBLIC:
                said |= set(log_lines([event]))
            else:
                said |= set(dm_lines([event], event.audience.value))
            assert len(said) == 1, said


def test_an_event_is_irreversible_exactly_when_its_kind_was(
    corpus: dict[str, list[Event]], fixture: dict[str, list[tuple[str, str, str]]]
) -> None:
    wrong = Counter(
        (type(event).__name__, row[0])
        for _, event, row in _pairs(corpus, fixture)
        if event.irreversible != (row[0] in _WAS_IRREVERSIBLE)
    )
    assert not wrong


def test_the_corpus_holds_every_event_kind(corpus: dict[str, list[Event]]) -> None:
    seen = {type(e) for events in corpus.values() for e in events}
    unseen = set(SENTENCES) - seen
    assert unseen == {Shed}, sorted(k.__name__ for k in unseen)  # Shed: below


def test_e31_an_alien_that_outgrows_its_load_is_worded_as_before() -> None:
    """Shed never happens with the game's data (each life stage carries at least what
    the one before it does), so no game of the corpus holds it: its sentence is held to
    the one the engine wrote before (engine.growing.mutation)."""
    hunter = Who("alien2", "Hunter", alien=True)
    assert sentence(Shed(who=hunter, grid=None, count=2)) == (
        "The Hunter 2 cannot carry so much as a Hunter and drops 2 things (E.3.1)"
    )
    larva = Who("alien1", "Larva", alien=True)
    assert sentence(Shed(who=larva, grid=None, count=1)).endswith("drops 1 thing (E.3.1)")


def test_every_kind_has_a_unique_name() -> None:
    kinds = Counter(k.kind for k in SENTENCES)
    assert all(n == 1 for n in kinds.values()), [k for k, n in kinds.items() if n > 1]
