"""A calmer channel: the phase digest and the folded leftover searches (C.8),
read from the events' fields."""

from __future__ import annotations

from bot.present.digest import DIGEST_LINES, digest
from bot.present.events import channel_lines
from engine.board.grid import Grid
from engine.events import Event, PhaseBegan, UnitDone, Who
from engine.fighting.events import Injured
from engine.hiding.events import Call, Declared, Searched, Surfaced, Surfacing
from engine.moving.events import Moved
from engine.state import Phase

NAMES = ["Hyun", "Mehta", "Ortiz", "Okeke", "Haddad", "Lindqvist"]
G = Grid.parse
LARVA = Who("alien1", "Larva", alien=True)


def _who(name: str) -> Who:
    return Who(name.lower(), name)


def _searched(name: str, reach: int, at: str, *, found: bool = False, leftover: bool = False):
    return Searched(who=_who(name), origin=G(at), reach=reach, found=found, leftover=leftover)


def _phase() -> list[Event]:
    events: list[Event] = [
        Moved(who=_who(n), start=G("1-F5"), grid=G("1-F6"), cost=1) for n in NAMES
    ]
    events += [_searched(n, 2, "1-F6") for n in NAMES]
    events += [
        _searched("Mehta", 3, "1-F6", found=True),
        Surfaced(who=LARVA, grid=G("2-I5"), how=Surfacing.TALLIED, by=_who("Mehta")),
        Injured(who=_who("Ortiz")),
        *(UnitDone(who=_who(n)) for n in NAMES),
    ]
    return events


def test_a_phase_digest_summarises_the_routine_and_keeps_the_lines_that_matter() -> None:
    shown = digest(_phase())
    assert len(shown) <= DIGEST_LINES
    assert shown[0] == "🚶 Moved: " + ", ".join(f"{n} to 1-F6" for n in NAMES)
    assert shown[1] == "🔦 6 searches found nothing"
    assert "Mehta searches 3 from 1-F6 and spots the alien!" in shown
    assert "The Larva is at 2-I5: tallied by Mehta's search (C.7.2)" in shown
    assert "Ortiz is injured (D.5)" in shown
    assert not any("is done for this phase" in line for line in shown)


def test_moves_are_told_by_where_each_unit_ended_up() -> None:
    events = [
        Moved(who=_who("Hyun"), start=G("1-F5"), grid=G("1-F6"), cost=1),
        Moved(who=_who("Ortiz"), start=G("2-A1"), grid=G("2-A2"), cost=1),
        Moved(who=_who("Hyun"), start=G("1-F6"), grid=G("1-F7"), cost=1),
        UnitDone(who=_who("Hyun")),
    ]
    assert digest(events) == ["🚶 Moved: Ortiz to 2-A2, Hyun to 1-F7"]


def test_c73_a_pipe_runners_declared_actions_are_counted() -> None:
    """C.7.3: everyone hears each hidden action's call; the digest counts them."""
    calls = [Declared(who=LARVA, call=Call.MOVE) for _ in range(3)]
    calls += [Declared(who=LARVA, call=Call.LIFT, letter="B", deck=2)]
    calls += [Declared(who=LARVA, call=Call.HUMAN, human=_who("Hyun"))]
    assert digest(calls) == ["👾 The alien, unseen: 5 actions (Move ×3, Lift B2, Hyun)"]


def test_a_long_phase_says_how_many_more_lines_the_full_log_has() -> None:
    opened = [Injured(who=_who(n)) for n in NAMES * 2]
    shown = digest(opened)
    assert len(shown) == DIGEST_LINES
    assert shown[-1].startswith(f"… and {len(opened) - DIGEST_LINES + 1} more: **Full log**")


def test_c8_leftover_searches_of_a_phase_end_come_as_one_line() -> None:
    events: list[Event] = [
        _searched(n, 2, f"1-F{i}", leftover=True) for i, n in enumerate(NAMES, 1)
    ]
    events.append(PhaseBegan(turn=2, phase=Phase.ALIEN))
    folded = channel_lines(events)
    assert len(folded) == 2 and folded[-1] == "Turn 2: the alien phase begins (C)"
    assert folded[0].startswith("Leftover searches (Hyun 2 from 1-F1, Mehta 2 from 1-F2")
    assert folded[0].endswith("nothing found (C.8)")


def test_c8_one_leftover_search_is_told_as_it_is() -> None:
    events = [_searched("Hyun", 2, "1-F1", leftover=True)]
    assert channel_lines(events) == [
        "Hyun searches with leftover actions 2 grids from 1-F1: nothing found (C.8)"
    ]
