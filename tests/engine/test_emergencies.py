"""The ``emergencies`` variant's rules E.1-E.7 (docs/rules-decisions.md, "Variants:
emergencies"): the design's five cases (activation delayed, escalation to critical, joint
repair, collapse, decay), the disabled functions and their refusals, the wall attack, the
ToolKit repair, compromised rooms, the deck shuffled as set-up ends, and replay."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.commands import Attack, Counteract, UseLift
from engine.content_models import LifeStage
from engine.context import Ctx
from engine.dice import Rng
from engine.emergencies.events import (
    Cause,
    Counteracted,
    EmergencyCreated,
    EmergencyCritical,
    EmergencyResolved,
    EmergencyRose,
    EmergencyTurnedUp,
    ShipBreaksUp,
    WallSmashed,
)
from engine.emergencies.rules import card_room, terminal_grids, walls_at
from engine.errors import GameError
from engine.escape.events import Countdown
from engine.events import Ending, Event, GameOver, Rolled
from engine.game import Game
from engine.hiding.piperun import search_range
from engine.legal import legal_commands
from engine.players.base import decide, play_game
from engine.players.hard_alien import HardAlien
from engine.players.hard_crew import HardCrew
from engine.records.scenario import scenario_game
from engine.secrecy import audit_playout
from engine.state import Phase, Side
from engine.variants import load_variants
from engine.views import Viewer, events_for, view

RULES = load_variants().emergencies
ENGINES_NEXUS = "0-E3"
ENGINES_DOOR = "0-E5/0-F5"


def rigged(*draws: tuple[int, int]) -> int:
    """A generator state whose next draws ``Rng.below(n)`` give these values (a d6
    showing k is ``(6, k - 1)``)."""
    for state in range(1, 2_000_000):
        rng = Rng(state)
        if all(rng.below(n) == value for n, value in draws):
            return state
    raise AssertionError("no such generator state below two million")


def game(*lines: str, turn: str = "5 alien", rng: int | None = None) -> Game:
    body = "\n".join(lines)
    dice = f"rng {rng}\n" if rng is not None else ""
    return scenario_game(
        f"scenario\nseed 1\nvariants emergencies\n{dice}turn {turn}\n{body}\nend\n"
    )


def of(kind: type[Event], events: list[Event]) -> list[Event]:
    return [e for e in events if isinstance(e, kind)]


def next_round(g: Game, crew_moves: tuple[str, ...] = ()) -> list[Event]:
    """The crew plays ``crew_moves`` and passes; the events of the alien phase's start."""
    for move in crew_moves:
        g.play("crew", move)
    return g.play("crew", "pass")


def test_every_card_names_one_room_of_the_ship() -> None:
    g = game("alien alien1 Hunter 2-B5")
    rooms = {card_room(g.ship, c.room) for c in load_variants().emergencies.cards}
    assert len(rooms) == 16  # sixteen cards, sixteen rooms


def test_e2a_activation_is_delayed_until_the_next_start_of_round() -> None:
    """Design test 1: the alien damages the Engines' critical nexus in the alien phase of
    turn 5: a face-down emergency lands in field 1, no countdown; counteracting it in the
    crew phase of turn 5 is refused; at turn 6 it turns up at level 1 with lift-a, and
    riding Lift A is refused, naming the emergency."""
    g = game(
        f"alien alien1 Hunter {ENGINES_NEXUS}",
        f"nexus {ENGINES_NEXUS} 'Life Support'",
        "crew hyun 0-J5 role='Chief Engineer' skill=Tactical",
        "crew ortiz 2-V3 role=Pilot skill=Cooking",
        "emergencies deck=1,2,3",
        rng=rigged((6, 5)),
    )
    events = g.play("alien", "attack alien1 nexus")
    created = of(EmergencyCreated, events)
    assert [(e.field, e.cause, e.room) for e in created] == [(1, Cause.NEXUS, "Engines")]  # type: ignore[attr-defined]
    assert not g.state.countdown
    events = g.play("alien", "pass")
    assert not of(Countdown, events) and not of(EmergencyTurnedUp, events)
    with pytest.raises(GameError, match="not yet active"):
        g.play("crew", "counteract ortiz 1")
    events = next_round(g)
    up = of(EmergencyTurnedUp, events)
    assert [(e.field, e.room, e.function, e.needed) for e in up] == [(1, "Engines", "lift-a", 3)]  # type: ignore[attr-defined]
    g.play("alien", "pass")
    with pytest.raises(GameError, match=r"Lift A is out of order: emergency 1 \(Engines"):
        g.play("crew", "lift hyun up")
    assert UseLift("hyun", "up") not in legal_commands(g.state, Side.CREW, g.ship, g.content)


def test_e3_escalation_to_critical_compromises_the_room_and_an_open_door_makes_more() -> None:
    """Design test 2: unworked, level 2 at turn 7, 3 at turn 8, critical at turn 9; the
    Engines compromised, Lift A disabled for good, no ship destroyed; the Engines door
    open at turn 10 gives a new emergency; closed, none at turn 11."""
    g = game(
        "alien alien1 Hunter 2-B5",
        "crew hyun 0-F5 role='Chief Engineer' skill=Tactical",
        f"emergency 1 1 nexus={ENGINES_NEXUS}",
        "emergencies deck=2,3,4,5",
        turn="6 crew",
    )
    levels = []
    for turn in (7, 8):
        events = next_round(g)
        levels += [(turn, e.level) for e in of(EmergencyRose, events)]  # type: ignore[attr-defined]
        g.play("alien", "pass")
    assert levels == [(7, 2), (8, 3)]
    events = next_round(g)  # turn 9
    assert [(e.field, e.room, e.function) for e in of(EmergencyCritical, events)] == [  # type: ignore[attr-defined]
        (1, "Engines", "lift-a")
    ]
    assert g.state.phase is Phase.ALIEN and not g.state.ship_destroyed
    panel = g.state.emergencies
    assert panel is not None and panel.fields[0] is not None and panel.fields[0].critical
    assert not of(EmergencyCreated, events)  # the crew has turn 9's phase to seal it
    g.play("alien", "pass")
    events = next_round(g)  # turn 10: still open
    created = of(EmergencyCreated, events)
    assert [(e.cause, e.source) for e in created] == [(Cause.COMPROMISED, "Engines")]  # type: ignore[attr-defined]
    g.play("alien", "pass")
    g.play("crew", f"close hyun {ENGINES_DOOR}")
    events = next_round(g)  # turn 11
    assert not of(EmergencyCreated, events)


def test_e4_joint_repair_one_try_each_and_the_function_restored() -> None:
    """Design test 3: a 3-point card; an Engineer at 2-V3 commits 2 and rolls 5: 5+1+2 = 8,
    1 point; the same human may not try again; another rolls 6 with 3 committed and
    Command adjacent: 6+3+1 = 10, 2 points: resolved, Lift A works again."""
    g = game(
        "alien alien1 Hunter 0-B5",
        "crew hyun 2-V3 role='Chief Engineer' skill=Cooking",
        "crew ortiz 2-W3 role=Cook skill=Athlete",
        "crew okeke 2-W4 role=Captain skill=Tactical",
        "emergency 1 1",
        turn="6 crew",
        rng=rigged((6, 4), (6, 5)),
    )
    events = g.play("crew", "counteract hyun 1 +2")
    [c] = of(Counteracted, events)
    assert (c.roll.die, c.roll.total, c.points, c.total, c.needed) == (5, 8, 1, 1, 3)  # type: ignore[attr-defined]
    with pytest.raises(GameError, match="already tried emergency 1"):
        g.play("crew", "counteract hyun 1")
    events = g.play("crew", "counteract ortiz 1 +3")
    [c] = of(Counteracted, events)
    assert (c.roll.die, c.roll.total, c.points) == (6, 10, 2)  # type: ignore[attr-defined]
    assert [(e.field, e.function) for e in of(EmergencyResolved, events)] == [(1, "lift-a")]  # type: ignore[attr-defined]
    panel = g.state.emergencies
    assert panel is not None and panel.fields[0] is None and panel.discard == [0]
    assert events_for(events, Viewer.SPECTATOR) == events  # every word of it is public


def test_e4_counteracting_needs_a_terminal_grid() -> None:
    g = game(
        "alien alien1 Hunter 0-B5",
        "crew hyun 2-T5 role='Chief Engineer' skill=Cooking",
        "emergency 1 1",
        turn="6 crew",
    )
    with pytest.raises(GameError, match="terminal grid"):
        g.play("crew", "counteract hyun 1")
    assert len(terminal_grids(g.ship)) == 13


def test_e7_collapse_when_every_field_is_taken_and_a_wall_falls() -> None:
    """Design test 4: four fields occupied; the alien's wall attack succeeds: the game
    ends at once, every human aboard dead, not by the alien."""
    g = game(
        "alien alien1 Hunter 1-D6",
        "crew hyun 2-V3 role='Chief Engineer' skill=Cooking",
        "crew ortiz 0-B5 role=Cook skill=Athlete",
        "emergency 1 1",
        "emergency 2 2",
        "emergency 3 3 critical level=3",
        "emergency 4 4 level=0",
        rng=rigged((6, 5)),
    )
    side = walls_at(g.ship, g.state.alien("alien1").grid)[0]  # type: ignore[arg-type]
    events = g.play("alien", f"attack alien1 wall {side} +5")
    assert of(WallSmashed, events) and of(ShipBreaksUp, events)
    over = of(GameOver, events)
    assert [e.ending for e in over] == [Ending.COLLAPSE]  # type: ignore[attr-defined]
    assert g.state.phase is Phase.OVER and g.state.result == "the Quicksilver breaks up"
    assert all(not h.alive and not h.killed_by_alien for h in g.state.humans.values() if h.role)


def test_e3_4_decay_creates_an_emergency_from_its_turn() -> None:
    """Design test 5: at turn ``decay_from_turn`` one emergency is created as the alien
    phase starts, though nothing was attacked; the turn before, none."""
    start = f"{RULES.decay_from_turn - 2} crew"
    g = game("alien alien1 Hunter 2-B5", "crew hyun 1-B5 role=Cook skill=Athlete", turn=start)
    assert not of(EmergencyCreated, next_round(g))  # the turn before
    g.play("alien", "pass")
    events = next_round(g)  # the orbit decays
    created = of(EmergencyCreated, events)
    assert [e.cause for e in created] == [Cause.DECAY]  # type: ignore[attr-defined]
    assert [e.field for e in of(EmergencyTurnedUp, events)] == [1]  # type: ignore[attr-defined]


def test_e2b_a_wall_needs_no_door_and_another_region_beyond() -> None:
    g = game("alien alien1 Hunter 1-D6", rng=rigged((6, 0)))
    sides = walls_at(g.ship, g.state.alien("alien1").grid)  # type: ignore[arg-type]
    with pytest.raises(GameError, match="no wall"):
        g.play("alien", "attack alien1 wall x")
    events = g.play("alien", f"attack alien1 wall {sides[0]}")
    [rolled] = of(Rolled, events)
    assert rolled.roll.total == 1 + 3 - RULES.wall_resilience  # type: ignore[attr-defined]
    assert not of(EmergencyCreated, events)


def test_e5_a_toolkit_repair_of_the_nexus_resolves_its_emergency() -> None:
    g = game(
        "alien alien1 Hunter 2-B5",
        f"crew hyun {ENGINES_NEXUS} role='Chief Engineer' skill=Tactical carries=toolkit1",
        f"nexus {ENGINES_NEXUS} 'Life Support' revealed",
        f"emergency 1 1 nexus={ENGINES_NEXUS} level=2",
        turn="6 crew",
        rng=rigged((6, 5)),
    )
    events = g.play("crew", "repair hyun nexus")
    [resolved] = of(EmergencyResolved, events)
    assert resolved.toolkit and resolved.field == 1  # type: ignore[attr-defined]


def test_e3_6_a_human_in_a_compromised_room_is_attacked_not_by_the_alien() -> None:
    g = game(
        "alien alien1 Hunter 2-B5",
        "crew hyun 0-B5 role=Cook skill=Athlete injured",
        f"emergency 1 1 critical level=3 nexus={ENGINES_NEXUS}",
        f"door {ENGINES_DOOR} closed",
        turn="6 crew",
        rng=rigged((6, 5)),
    )
    events = next_round(g)
    [rolled] = of(Rolled, events)
    assert rolled.roll.total == 6 + 3 - 0  # type: ignore[attr-defined]
    assert not g.state.human("hyun").alive and not g.state.human("hyun").killed_by_alien


@pytest.mark.parametrize(
    ("card", "where", "command", "refusal"),
    [
        (3, "2-V3 role=Pilot", "close hyun 1-D4/1-D5", "remote control"),
        (4, "2-V3 role=Pilot", "launch hyun 1", "remote control"),
        (6, '1-K3 role="Ship\'s Surgeon"', "heal hyun ortiz", "bed healing"),
        (3, "2-F5 role=Captain", "open hyun outer", "Air Lock Controls"),
        (1, "0-J4 role=Captain", "move hyun 1-J4", "Lift A"),
    ],
)
def test_e3_5_a_disabled_function_is_refused_naming_the_emergency(
    card: int, where: str, command: str, refusal: str
) -> None:
    g = game(
        "alien alien1 Hunter 0-B5",
        f"crew hyun {where} skill=Cooking",
        "crew ortiz 1-K4 role=Cook skill=Athlete injured",
        f"emergency 2 {card}",
        turn="6 crew",
    )
    with pytest.raises(GameError, match=f"{refusal}.*emergency 2"):
        g.play("crew", command)


def test_e1_the_deck_is_shuffled_as_set_up_ends_and_none_without_the_variant() -> None:
    plain = Game.new(seed=7)
    plain.play("crew", "quick")
    plain.play("alien", "quick")
    varied = Game.new(seed=7, variants=frozenset({"emergencies"}))
    varied.play("crew", "quick")
    before = varied.state.rng.state
    varied.play("alien", "quick")
    panel = varied.state.emergencies
    assert panel is not None and sorted(panel.deck) == list(range(16))
    assert plain.state.emergencies is None
    assert before != varied.state.rng.state
    # set-up's dice are the same: the same crew in the same places
    assert [h.grid for h in plain.state.humans.values()] == [
        h.grid for h in varied.state.humans.values()
    ]


def test_views_never_show_a_face_down_card() -> None:
    g = game("alien alien1 Hunter 2-B5", "emergency 1 5 level=0", "emergency 2 1")
    for viewer in Viewer:
        table = view(g.state, viewer, g.ship, g.content).emergencies
        assert table is not None
        assert table.fields[0] is not None and table.fields[0].function == ""
        assert table.fields[0].room == "" and table.fields[1] is not None
        assert table.fields[1].function == "lift-a"


@settings(max_examples=5, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(1, 10_000))
def test_replay_rebuilds_the_same_state_with_the_variant(seed: int) -> None:
    """A game is its seed and its commands: random play with the variant on (walls,
    counteracting, decay and all) replays to the very same state."""
    g = play_game(seed, None, None, turn_cap=35, variants=frozenset({"emergencies"}))
    again = Game.replay(g.seed, [(e.side, e.command) for e in g.log], variants=g.state.variants)
    assert again.state == g.state


@pytest.mark.parametrize("seed", [3, 4])
def test_no_side_learns_a_face_down_card_nor_the_deck(seed: int) -> None:
    """The knowledge audit with the variant on: twins whose face-down cards and deck are
    dealt otherwise (engine.secrecy) give the crew the same legal lists and refusals."""
    pairs, found = audit_playout(
        seed, ai=False, every=5, last_turn=35, variants=frozenset({"emergencies"})
    )
    assert pairs > 0 and found == []


def test_legal_lists_offer_counteract_on_a_terminal_and_walls_to_the_alien() -> None:
    g = game(
        "alien alien1 Hunter 1-D6",
        "crew hyun 2-V3 role='Chief Engineer' skill=Cooking",
        "emergency 1 1",
        "emergency 2 2 level=0",
        turn="6 crew",
    )
    crew = legal_commands(g.state, Side.CREW, g.ship, g.content)
    assert [cmd for cmd in crew if isinstance(cmd, Counteract)] == [Counteract("hyun", 1)]
    g.play("crew", "pass")
    alien = legal_commands(g.state, Side.ALIEN, g.ship, g.content)
    walls = sorted(cmd.door for cmd in alien if isinstance(cmd, Attack) and cmd.target == "wall")
    assert walls == sorted(walls_at(g.ship, g.state.alien("alien1").grid))  # type: ignore[arg-type]
    assert walls


def test_e3_5_disabled_sensors_take_the_scanners_reach_away() -> None:
    g = game(
        "alien alien1 Hunter 2-B5 piperun",
        "crew hyun 1-D6 role=Cook skill=Athlete carries=scanner1",
        "emergency 1 16",
        turn="6 crew",
    )
    ctx = Ctx(g.state, g.ship, g.content)
    assert search_range(ctx, "hyun", 2) == 2
    panel = g.state.emergencies
    assert panel is not None and panel.fields[0] is not None
    panel.fields[0].level = 0  # face down: it disables nothing yet
    assert search_range(ctx, "hyun", 2) == 4


def test_e2_a_spent_deck_is_made_again_from_the_cards_off_the_panel() -> None:
    g = game(
        "alien alien1 Hunter 2-B5",
        "crew hyun 1-B5 role=Cook skill=Athlete",
        "emergency 1 1",
        "emergencies deck=none discard=2,3",
        turn=f"{RULES.decay_from_turn - 1} crew",
    )
    events = next_round(g)  # the orbit decays
    assert [e.field for e in of(EmergencyCreated, events)] == [2]  # type: ignore[attr-defined]
    panel = g.state.emergencies
    assert panel is not None and panel.discard == []
    assert sorted([*panel.deck, *(e.card for e in panel.fields if e)]) == list(range(16))


def test_e3_6_a_human_carried_behind_the_pipes_is_out_of_the_rooms_reach() -> None:
    g = game(
        "alien alien1 Hunter 0-B5 piperun carries=hyun",
        "crew hyun injured role=Cook skill=Athlete",
        f"emergency 1 1 critical level=3 nexus={ENGINES_NEXUS}",
        f"door {ENGINES_DOOR} closed",
        turn="6 crew",
    )
    g.play("crew", "pass")
    assert g.state.human("hyun").alive


def test_the_hard_crew_counteracts_from_a_terminal_with_its_actions_committed() -> None:
    """The design's minimum AI: a human on a terminal grid with actions to spare
    counteracts the most advanced emergency, committing all but one action."""
    g = game(
        "alien alien1 Hunter 0-B5",
        "crew hyun 2-V3 role='Chief Engineer' skill=Cooking",
        "emergency 1 1",
        "emergency 2 2 level=2",
        turn="6 crew",
    )
    chosen = decide(g.state, Side.CREW, HardCrew(), g.ship, g.content, Rng(1))
    assert chosen == Counteract("hyun", 2, 3)
    untaught = decide(g.state, Side.CREW, HardCrew(taught=False), g.ship, g.content, Rng(1))
    assert not isinstance(untaught, Counteract)  # the benchmark's null arm ignores it


def test_the_hard_alien_smashes_a_wall_only_out_of_the_crews_search_and_no_nexus_near() -> None:
    far = game("alien alien1 Hunter 0-F10", "crew hyun 2-T5 role=Cook skill=Athlete")
    chosen = decide(far.state, Side.ALIEN, HardAlien(), far.ship, far.content, Rng(1))
    assert isinstance(chosen, Attack) and chosen.target == "wall" and chosen.boost == 5
    untaught = decide(far.state, Side.ALIEN, HardAlien(taught=False), far.ship, far.content, Rng(1))
    assert not (isinstance(untaught, Attack) and untaught.target == "wall")
    near = game("alien alien1 Hunter 0-F10", "crew hyun 0-F12 role=Cook skill=Athlete")
    chosen = decide(near.state, Side.ALIEN, HardAlien(), near.ship, near.content, Rng(1))
    assert not (isinstance(chosen, Attack) and chosen.target == "wall")


def test_the_hard_crew_hurries_its_tries_when_the_panel_is_near_collapse() -> None:
    """Three fields taken (a fifth emergency breaks the ship up, E.7): a human with two
    actions tries at once instead of waiting for a full boost; with one field taken it
    waits."""
    crowded = game(
        "alien alien1 Hunter 0-B5",
        "crew hyun 2-V3 role='Chief Engineer' skill=Cooking actions=2",
        "emergency 1 1",
        "emergency 2 2 level=2",
        "emergency 3 3",
        turn="6 crew",
    )
    chosen = decide(crowded.state, Side.CREW, HardCrew(), crowded.ship, crowded.content, Rng(1))
    assert chosen == Counteract("hyun", 2, 1)
    calm = game(
        "alien alien1 Hunter 0-B5",
        "crew hyun 2-V3 role='Chief Engineer' skill=Cooking actions=2",
        "emergency 1 1",
        turn="6 crew",
    )
    waits = decide(calm.state, Side.CREW, HardCrew(), calm.ship, calm.content, Rng(1))
    assert not isinstance(waits, Counteract)


def test_the_hard_alien_leaves_a_wall_it_cannot_break() -> None:
    """E.2b: a Larva's ferocity and every action committed cannot reach the wall's
    resilience, so the taught alien spends its phase otherwise; a Hunter can, and does."""
    larva = game("alien alien1 Larva 0-F10", "crew hyun 2-T5 role=Cook skill=Athlete")
    alien = larva.state.alien("alien1")
    ferocity = larva.content.life_stages[LifeStage.LARVA].ferocity
    assert ferocity + alien.actions - 1 - RULES.wall_resilience + 6 < 7  # a 6 is not enough
    chosen = decide(larva.state, Side.ALIEN, HardAlien(), larva.ship, larva.content, Rng(1))
    assert not (isinstance(chosen, Attack) and chosen.target == "wall")
    hunter = game("alien alien1 Hunter 0-F10", "crew hyun 2-T5 role=Cook skill=Athlete")
    chosen = decide(hunter.state, Side.ALIEN, HardAlien(), hunter.ship, hunter.content, Rng(1))
    assert isinstance(chosen, Attack) and chosen.target == "wall"
