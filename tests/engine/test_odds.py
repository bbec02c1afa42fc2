"""Attack odds shown on panels (C.1, D.1): the engine's own terms, as the attacker knows them."""

from __future__ import annotations

from fractions import Fraction

from engine.commands import Attack, parse
from engine.events import Rolled
from engine.odds import attack_modifier, chance, needed_roll
from tests.positions import CONTENT, SHIP, Beast, Crew, play, position


def test_c1_a_roll_needs_seven_minus_its_modifiers() -> None:
    assert needed_roll(3) == 4 and chance(3) == Fraction(1, 2)
    assert needed_roll(6) == 1 and chance(6) == 1
    assert needed_roll(0) == 7 and chance(0) == 0
    assert needed_roll(-5) == 7 and chance(-5) == 0


def _rolled_modifier(state, text: str) -> int:
    _, events = play(state, "crew", text)
    roll = next(e.roll for e in events if isinstance(e, Rolled))
    return roll.total - roll.die


def test_d1_crew_odds_use_the_same_terms_as_the_roll() -> None:
    state = position({"hyun": Crew("1-F5", items=("Carbine",))}, Beast("1-F5"), dice=(1,))
    command = parse("attack hyun alien1 +1")
    assert isinstance(command, Attack)
    shown = attack_modifier(state, command, SHIP, CONTENT)
    assert shown == _rolled_modifier(state, "attack hyun alien1 +1")


def test_c3_crew_odds_leave_out_the_aliens_face_down_abilities() -> None:
    hidden = position({"hyun": Crew("1-F5")}, Beast("1-F5", abilities=("Carapace",)), dice=(1,))
    plain = position({"hyun": Crew("1-F5")}, Beast("1-F5"), dice=(1,))
    command = parse("attack hyun alien1")
    assert isinstance(command, Attack)
    assert attack_modifier(hidden, command, SHIP, CONTENT) == attack_modifier(
        plain, command, SHIP, CONTENT
    )
    # The real roll counts the Carapace all the same (and turns it face up).
    assert _rolled_modifier(hidden, "attack hyun alien1") < _rolled_modifier(
        plain, "attack hyun alien1"
    )
