"""The ``halon`` variant's rules H.1-H.3 (docs/rules-decisions.md, "Variants: halon"):
the design's five cases (the trap, a door left open, an empty room, people inside,
Immunity and recharging), the refusals, the tanks placed as set-up ends, the legal lists,
the hard players' minimum, replay and the knowledge audit."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.board.grid import Grid
from engine.commands import Purge, Recharge, parse
from engine.dice import Rng, Term
from engine.errors import GameError
from engine.events import AbilityRevealed, Effort, Event, Rolled
from engine.fighting.events import Died, Injured
from engine.fighting.regeneration import TokenSpent
from engine.game import Game
from engine.halon.events import HalonImmune, HalonTanksStowed, Purged, PurgeFailed, Recharged
from engine.hiding.events import Surfaced, Surfacing
from engine.legal import legal_commands
from engine.players.base import decide, play_game
from engine.players.belief import Belief
from engine.players.hard_alien import Danger
from engine.players.hard_crew import HardCrew
from engine.records.scenario import scenario_game
from engine.score import agents_not_killed_by_an_alien
from engine.secrecy import audit_playout
from engine.state import Condition, Side
from engine.variants import load_variants
from engine.views import Viewer, events_for, view
from tests.games import quick_game

LAB_DOORS = ("door 1-H6/1-H7 closed", "door 1-K8/1-L8 closed")
HYUN = "crew hyun 2-V3 role='Operations Officer' skill=Cooking"  # Operations 1, no Command


def rigged(*draws: tuple[int, int]) -> int:
    """A generator state whose next draws ``Rng.below(n)`` give these values (a d6
    showing k is ``(6, k - 1)``)."""
    for state in range(1, 2_000_000):
        rng = Rng(state)
        if all(rng.below(n) == value for n, value in draws):
            return state
    raise AssertionError("no such generator state below two million")


def game(*lines: str, turn: str = "5 crew", rng: int | None = None) -> Game:
    body = "\n".join(lines)
    dice = f"rng {rng}\n" if rng is not None else ""
    return scenario_game(f"scenario\nseed 1\nvariants halon\n{dice}turn {turn}\n{body}\nend\n")


def of(kind: type[Event], events: list[Event]) -> list[Event]:
    return [e for e in events if isinstance(e, kind)]


def test_h1_the_trap_works() -> None:
    """Design test 1: a Hunter pipe-runs at 1-J9 in the Lab, both Lab doors closed; Hyun
    (Operations) at 2-V3 with 4 actions plays `purge hyun Lab +1` and rolls 5: 5+1+1 = 7,
    a success. The Hunter is tallied at 1-J9 and injured; the charge is spent; Hyun has
    1 action left."""
    g = game("alien alien1 Hunter 1-J9 piperun", HYUN, *LAB_DOORS, rng=rigged((6, 4)))
    assert g.state.human("hyun").actions == 4
    events = g.play("crew", "purge hyun Lab +1")
    [rolled] = of(Rolled, events)
    assert rolled.attempt.effort is Effort.PURGE and rolled.attempt.system == "Lab"  # type: ignore[attr-defined]
    roll = rolled.roll  # type: ignore[attr-defined]
    assert (roll.die, roll.total, roll.success) == (5, 7, True)
    assert [(m.term, m.value) for m in roll.modifiers] == [(Term.ACTIONS, 1), (Term.SKILL, 1)]
    [purged] = of(Purged, events)
    assert [w.id for w in purged.found] == ["alien1"]  # type: ignore[attr-defined]
    [surfaced] = of(Surfaced, events)
    assert (surfaced.grid, surfaced.how) == (Grid.parse("1-J9"), Surfacing.HALON)  # type: ignore[attr-defined]
    alien = g.state.alien("alien1")
    assert not alien.pipe_running and alien.injured and alien.grid == Grid.parse("1-J9")
    assert of(Injured, events)
    panel = g.state.halon
    assert panel is not None and not panel.charged and panel.purges == 1
    assert g.state.human("hyun").actions == 1
    assert events_for(events, Viewer.SPECTATOR) == events  # every word of it is public


def test_h1_an_open_door_is_refused_by_name_spending_nothing_and_reading_nothing() -> None:
    """Design test 2: the same position with 1-K8/1-L8 open: refused, naming that door.
    No action is spent, and the crew's last command may still be taken back."""
    g = game("alien alien1 Hunter 1-J9 piperun", HYUN, LAB_DOORS[0])
    g.play("crew", "drive 2-V4")  # a standing order: nothing hidden read, undoable
    with pytest.raises(GameError, match=r"the Lab is not sealed: door 1-K8/1-L8 is open") as no:
        g.play("crew", "purge hyun Lab")
    assert list(no.value.legal) == ["1-K8/1-L8"]
    assert g.state.human("hyun").actions == 4
    assert g.can_undo(Side.CREW) is None


def test_h1c_an_empty_room_is_information_too() -> None:
    """Design test 3: a purge of the empty Lab succeeds: "nothing" is public; the hard
    crew's belief drops every Lab grid; undo is refused (where the hidden alien is was
    consulted)."""
    g = game("alien alien1 Hunter 1-D4 piperun", HYUN, *LAB_DOORS, rng=rigged((6, 5)))
    belief = Belief(g.ship)
    belief.observe([], view(g.state, Viewer.CREW, g.ship, g.content))
    lab = g.ship.regions["1l"].grids
    assert lab <= belief.grids("alien1")
    events = g.play("crew", "purge hyun Lab")
    [purged] = of(Purged, events)
    assert purged.found == () and purged.audience.reaches("spectator")  # type: ignore[attr-defined]
    assert g.state.alien("alien1").pipe_running  # nothing found: it stays hidden
    belief.observe(events_for(events, Viewer.CREW), view(g.state, Viewer.CREW, g.ship, g.content))
    assert not lab & belief.grids("alien1") and belief.grids("alien1")
    reason = g.can_undo(Side.CREW)
    assert reason is not None and "where the hidden alien is" in str(reason)


def test_h1b_people_inside_are_hurt_and_a_hurt_one_dies_not_by_the_alien() -> None:
    """Design test 4: Okeke, already injured, lies in the purged room: Okeke dies and
    leaves a cadaver; F.1's Agent line counts the death as not by an alien."""
    g = game(
        "alien alien1 Hunter 2-B5",
        HYUN,
        "crew okeke 1-J8 injured role=Cook skill=Agent",
        "crew ortiz 1-J10 role=Pilot skill=Athlete",
        *LAB_DOORS,
        rng=rigged((6, 5)),
    )
    events = g.play("crew", "purge hyun Lab")
    [died] = of(Died, events)
    assert died.who.id == "okeke" and died.grid == Grid.parse("1-J8")  # type: ignore[attr-defined]
    okeke = g.state.human("okeke")
    assert okeke.condition is Condition.DECEASED and okeke.grid == Grid.parse("1-J8")
    assert not okeke.killed_by_alien
    assert okeke in agents_not_killed_by_an_alien(g.state, g.content)
    assert g.state.human("ortiz").condition is Condition.INJURED  # well: injured
    assert g.state.human("hyun").condition is Condition.WELL  # outside: untouched


def test_h1a_immunity_shrugs_it_off_and_h2_a_tank_recharges_the_system() -> None:
    """Design test 5: an Immune alien in the room is tallied but not injured, and
    Immunity is revealed. With the system empty, `purge` is refused until Ortiz carries
    the 0-T8 tank to 2-W3 and plays `recharge ortiz`."""
    g = game(
        "alien alien1 Hunter 1-J9 piperun abilities=Immunity",
        HYUN,
        "crew ortiz 2-W4 role=Pilot skill=Athlete carries=tank1",
        "item tank1 HalonTank examined=alien,crew",
        *LAB_DOORS,
        rng=rigged((6, 5)),
    )
    events = g.play("crew", "purge hyun Lab")
    assert [e.ability for e in of(AbilityRevealed, events)] == ["Immunity"]  # type: ignore[attr-defined]
    assert of(HalonImmune, events) and not of(Injured, events)
    alien = g.state.alien("alien1")
    assert not alien.pipe_running and not alien.injured
    with pytest.raises(GameError, match="the fire suppression system is empty"):
        g.play("crew", "purge hyun Lab")
    with pytest.raises(GameError, match="obstructed Command Deck grid"):
        g.play("crew", "recharge ortiz")
    g.play("crew", "move ortiz 2-W3")
    events = g.play("crew", "recharge ortiz")
    assert [e.item for e in of(Recharged, events)] == ["tank1"]  # type: ignore[attr-defined]
    assert "tank1" not in g.state.items  # the tank leaves play
    panel = g.state.halon
    assert panel is not None and panel.charged and panel.purges == 1


def test_h1_a_failed_roll_spends_the_actions_and_keeps_the_charge() -> None:
    g = game("alien alien1 Hunter 1-J9 piperun", HYUN, *LAB_DOORS, rng=rigged((6, 0)))
    events = g.play("crew", "purge hyun Lab +1")
    assert of(PurgeFailed, events) and not of(Purged, events)
    assert g.state.alien("alien1").pipe_running
    panel = g.state.halon
    assert panel is not None and panel.charged and panel.purges == 0
    assert g.state.human("hyun").actions == 1


def test_h1_a_second_injury_kills_and_a_visible_alien_is_caught_too() -> None:
    g = game("alien alien1 Hunter 1-J9 injured", HYUN, *LAB_DOORS, rng=rigged((6, 5)))
    events = g.play("crew", "purge hyun Lab")
    assert not of(Surfaced, events)  # it was in sight: nothing to tally
    assert g.state.alien("alien1").dead and [d.who.id for d in of(Died, events)] == ["alien1"]  # type: ignore[attr-defined]


@pytest.mark.parametrize(
    ("lines", "command", "refusal"),
    [
        ((HYUN.replace("2-V3", "2-T5"),), "purge hyun Lab", "obstructed Command Deck grid"),
        (
            (HYUN, "door 1-K8/1-L8 smashed", LAB_DOORS[0]),
            "purge hyun Lab",
            "1-K8/1-L8 \\(smashed\\)",
        ),
        ((HYUN, "door 2-E3/space open"), "purge hyun 'Air Lock'", "door 2-E3/space is open"),
        ((HYUN,), "purge hyun 'Life Pod 1'", "a life pod cannot be flooded"),
        ((HYUN,), "purge hyun Head", "two rooms are called the Head"),
        ((HYUN,), "purge hyun Bridge", "'Bridge' is no room of the ship"),
        ((HYUN, "halon purges=3"), "purge hyun Lab", "no purge is left"),
        ((HYUN,), "recharge hyun", "already charged"),
        ((HYUN, "halon empty"), "recharge hyun", "carries no Halon Tank"),
        ((HYUN, *LAB_DOORS), "purge hyun Lab +3", "has 4 actions left; a purge with \\+3 costs 5"),
    ],
)
def test_h1_h2_refusals_say_why_and_change_nothing(
    lines: tuple[str, ...], command: str, refusal: str
) -> None:
    g = game("alien alien1 Hunter 2-B5", *lines)
    before = g.state.clone()
    with pytest.raises(GameError, match=refusal):
        g.play("crew", command)
    assert g.state == before


def test_h1_the_alien_cannot_purge() -> None:
    g = game("alien alien1 Hunter 2-V3", HYUN.replace("2-V3", "0-B5"), turn="5 alien")
    with pytest.raises(GameError, match="only the crew works the fire suppression system"):
        g.play("alien", "purge alien Lab")


def test_the_air_lock_is_sealed_with_both_doors_closed_and_two_heads_by_key() -> None:
    g = game("alien alien1 Hunter 1-B5", HYUN, "door 2-Q4/2-Q5 closed", rng=rigged((6, 5)))
    assert of(Purged, g.play("crew", "purge hyun 'Air Lock'"))  # closed from the start
    g = game("alien alien1 Hunter 1-B5", HYUN, "door 2-Q4/2-Q5 closed", rng=rigged((6, 5)))
    [purged] = of(Purged, g.play("crew", "purge hyun 2q"))
    assert (purged.room, purged.key) == ("Head", "2q")  # type: ignore[attr-defined]


def test_h3_the_tanks_lie_face_up_as_set_up_ends_and_no_die_is_drawn() -> None:
    """H.3 and 0.2: two Halon Tanks at 0-T8 and 0-A6, face up to both sides, the panel
    charged; set-up's dice are those of a game without the variant."""
    plain, halon = quick_game(4), Game.new(4, variants=frozenset({"halon"}))
    halon.play("crew", "quick")
    events = halon.play("alien", "quick")
    [stowed] = of(HalonTanksStowed, events)
    assert stowed.grids == (Grid.parse("0-T8"), Grid.parse("0-A6"))  # type: ignore[attr-defined]
    tanks = [i for i in halon.state.items.values() if i.kind == "HalonTank"]
    assert sorted(str(t.grid) for t in tanks) == ["0-A6", "0-T8"]
    assert all(t.examined_by == {"crew", "alien"} for t in tanks)
    assert halon.state.rng == plain.state.rng
    for viewer in Viewer:
        shown = view(halon.state, viewer, halon.ship, halon.content)
        assert shown.halon is not None and (shown.halon.charged, shown.halon.left) == (True, 3)
        assert shown.board.halon == (True, 3)
        labels = {m.label for m in shown.board.markers if m.grid == Grid.parse("0-T8")}
        assert labels == {"HalonTank"}
    assert not [i for i in plain.state.items.values() if i.kind == "HalonTank"]
    assert (
        plain.state.halon is None
        and view(plain.state, Viewer.CREW, plain.ship, plain.content).halon is None
    )


def test_legal_lists_offer_a_purge_of_each_sealed_room_or_the_recharge() -> None:
    g = game("alien alien1 Hunter 2-B5", HYUN, *LAB_DOORS)
    mine = legal_commands(g.state, Side.CREW, g.ship, g.content, unit="hyun")
    purges = [cmd for cmd in mine if isinstance(cmd, Purge)]
    assert purges == [
        Purge("hyun", "Lab"),
        Purge("hyun", "Lab Quarantine"),
        Purge("hyun", "Air Lock"),
    ]
    assert not [cmd for cmd in mine if isinstance(cmd, Recharge)]
    empty = game("alien alien1 Hunter 2-B5", HYUN, "halon empty", *LAB_DOORS)
    mine = legal_commands(empty.state, Side.CREW, empty.ship, empty.content, unit="hyun")
    assert not [cmd for cmd in mine if isinstance(cmd, Purge)]
    assert not [cmd for cmd in mine if isinstance(cmd, Recharge)]  # it carries no tank


def test_the_command_round_trips_through_its_notation() -> None:
    for text in ("purge hyun Lab +2", "purge hyun 'Machinery Space'", "recharge ortiz"):
        assert parse(parse(text).notation()) == parse(text)
    assert parse("purge hyun machinery space") == Purge("hyun", "machinery space")


def test_the_hard_crew_purges_a_room_holding_its_belief_with_its_actions_committed() -> None:
    """The design's minimum AI: the hidden alien was last seen in the Lab (its belief
    lies there), the Lab is sealed: the hard crew purges it, committing all but the
    purge's own two actions; the untaught crew does not."""
    g = game("alien alien1 Hunter 1-J9 piperun=1-J9", HYUN, *LAB_DOORS)
    crew = HardCrew()
    crew.observe([], view(g.state, Viewer.CREW, g.ship, g.content), g.ship)
    assert crew.belief is not None
    crew.belief.where["alien1"] = frozenset({Grid.parse("1-J9"), Grid.parse("1-J8")})
    chosen = decide(g.state, Side.CREW, crew, g.ship, g.content, Rng(1))
    assert chosen == Purge("hyun", "Lab", 2)
    untaught = HardCrew(taught=False)
    untaught.observe([], view(g.state, Viewer.CREW, g.ship, g.content), g.ship)
    assert untaught.belief is not None
    untaught.belief.where["alien1"] = crew.belief.where["alien1"]
    other = decide(g.state, Side.CREW, untaught, g.ship, g.content, Rng(1))
    assert not isinstance(other, Purge)


def test_the_hard_crew_closes_the_rooms_open_door_before_purging() -> None:
    g = game(
        "alien alien1 Hunter 1-J9 piperun=1-J9",
        HYUN,
        "crew ortiz 1-H6 role=Pilot skill=Athlete",
        LAB_DOORS[1],
    )
    crew = HardCrew()
    crew.observe([], view(g.state, Viewer.CREW, g.ship, g.content), g.ship)
    assert crew.belief is not None
    crew.belief.where["alien1"] = frozenset({Grid.parse("1-J9")})
    chosen = decide(g.state, Side.CREW, crew, g.ship, g.content, Rng(1))
    assert chosen.notation() == "close ortiz 1-H6/1-H7"


def test_the_hard_alien_counts_a_sealed_room_as_dangerous_while_the_crew_can_purge() -> None:
    """Dangerous while charged and a human stands by the panel (it can purge next
    phase); a charge nobody stands by threatens nothing yet."""
    sealed = game("alien alien1 Hunter 2-B5", HYUN, *LAB_DOORS)
    shown = view(sealed.state, Viewer.ALIEN, sealed.ship, sealed.content)
    inside, outside = Grid.parse("1-J9"), Grid.parse("1-F6")
    assert Danger(shown, sealed.ship)(inside) > Danger(shown, sealed.ship)(outside) == 0
    assert Danger(shown, sealed.ship, taught=False)(inside) == 0
    away = game("alien alien1 Hunter 2-B5", HYUN.replace("2-V3", "0-B5"), *LAB_DOORS)
    shown = view(away.state, Viewer.ALIEN, away.ship, away.content)
    assert Danger(shown, away.ship)(inside) == 0  # nobody by the panel
    spent = game("alien alien1 Hunter 2-B5", "halon empty", *LAB_DOORS)
    shown = view(spent.state, Viewer.ALIEN, spent.ship, spent.content)
    assert Danger(shown, spent.ship)(inside) == 0  # nothing to flood it with


@settings(max_examples=4, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(1, 10_000))
def test_replay_rebuilds_the_same_state_with_the_variant(seed: int) -> None:
    g = play_game(seed, None, None, turn_cap=30, variants=frozenset({"halon"}))
    again = Game.replay(g.seed, [(e.side, e.command) for e in g.log], variants=g.state.variants)
    assert again.state == g.state


@pytest.mark.parametrize("seed", [3, 4])
def test_the_crews_options_never_hang_on_where_the_hidden_alien_is(seed: int) -> None:
    """The knowledge audit with the variant on: a purge's legality and refusals read
    doors and the panel, never the hidden alien."""
    pairs, found = audit_playout(
        seed, ai=False, every=5, last_turn=30, variants=frozenset({"halon"})
    )
    assert pairs > 0 and found == []


def test_the_variants_data_holds_its_constants() -> None:
    info = load_variants().halon
    assert info.tanks == ("0-T8", "0-A6") and info.max_purges == 3
    assert (info.purge_cost, info.recharge_cost, info.belief_share) == (2, 1, 0.6)


def test_h1a_a_regeneration_token_absorbs_the_purges_injury() -> None:
    """With a variant that gives Regeneration tokens (physiology, reactions: one pool),
    the purge's injury goes the one way every injury goes: a token is spent instead."""
    lines = "\n".join(("alien alien1 Hunter 1-J9 piperun", HYUN, *LAB_DOORS, "regeneration 1"))
    g = scenario_game(
        f"scenario\nseed 1\nvariants physiology halon\nrng {rigged((6, 4))}\n"
        f"turn 5 crew\n{lines}\nend\n"
    )
    events = g.play("crew", "purge hyun Lab +1")
    assert of(TokenSpent, events) and not of(Injured, events)
    alien = g.state.alien("alien1")
    assert not alien.pipe_running and not alien.injured and g.state.regeneration == 0
