"""The ``physiology`` variant's rules P.1-P.4 (docs/rules-decisions.md, "Variants:
physiology"): the design's five cases (Immune turned up once, Extremely Vulnerable kills,
Regenerative tokens, Vulnerable and the exact 7, study), then each damage type of the
table, every card's effect on a hit, the Poison Bait, the deal as set-up ends, who sees
what, the odds, the twins, and replay."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.commands import Attack, Autopsy, parse
from engine.dice import Rng, Term
from engine.errors import GameError
from engine.events import Event, Rolled
from engine.fighting.events import Died, EnergySpent, Injured
from engine.fighting.regeneration import TokensGained, TokenSpent
from engine.game import Game
from engine.legal import legal_commands
from engine.odds import attack_modifier
from engine.physiology.events import (
    CardSeen,
    CardStudied,
    CardTurnedUp,
    HarmChanged,
    MarkerMutated,
    SensitivityRolled,
)
from engine.physiology.rules import redeal
from engine.players.base import play_game
from engine.players.hard_alien import HardAlien
from engine.players.hard_crew import HardCrew
from engine.players.strike import futile
from engine.records.scenario import scenario_game
from engine.records.scenario_writer import write_scenario
from engine.secrecy import alien_twins, audit_playout, crew_twins, same_view
from engine.state import Side
from engine.variants import load_variants
from engine.views import Viewer, events_for, view

RULES = load_variants().physiology


def rigged(*draws: tuple[int, int]) -> int:
    """A generator state whose next draws ``Rng.below(n)`` give these values (a d6
    showing k is ``(6, k - 1)``)."""
    for state in range(1, 2_000_000):
        rng = Rng(state)
        if all(rng.below(n) == value for n, value in draws):
            return state
    raise AssertionError("no such generator state below two million")


def d6(*faces: int) -> int:
    return rigged(*((6, f - 1) for f in faces))


def game(*lines: str, dice: tuple[int, ...] = (), turn: str = "5 crew") -> Game:
    rng = f"rng {d6(*dice)}\n" if dice else ""
    body = "\n".join(lines)
    return scenario_game(f"scenario\nseed 1\nvariants physiology\n{rng}turn {turn}\n{body}\nend\n")


def of(kind: type[Event], events: list[Event]) -> list[Event]:
    return [e for e in events if isinstance(e, kind)]


HYUN = "crew hyun 1-F6 role='Chief Engineer' skill=Tactical carries=handgun1"
OKEKE = "crew okeke 1-F6 role=Pilot skill=Cooking"
HUNTER = "alien alien1 Hunter 1-F6 abilities=Clever"


def test_p2_immune_turns_up_once_before_the_die_and_the_hit_does_nothing() -> None:
    """Design test 1: Ballistic is Immune. Hyun's Handgun at a well Hunter turns the card
    up for everyone before the die; the roll is 9, a hit, and the Hunter stays well. A
    second Ballistic attack turns up nothing new."""
    g = game(HYUN, HUNTER, "physiology ballistic=Immune", dice=(6, 6))
    events = g.play("crew", "attack hyun alien1 with handgun")
    up = of(CardTurnedUp, events)
    assert [(e.damage, e.card) for e in up] == [("Ballistic", "Immune")]  # type: ignore[attr-defined]
    roll = of(Rolled, events)[0].roll  # type: ignore[attr-defined]
    assert events.index(up[0]) < events.index(of(Rolled, events)[0])
    assert roll.total == 9 and roll.success
    assert [(e.card, e.harm) for e in of(HarmChanged, events)] == [("Immune", 0)]  # type: ignore[attr-defined]
    assert not g.state.alien("alien1").injured
    for viewer in ("crew", "alien", "spectator"):
        assert up[0] in events_for(events, viewer)
    again = g.play("crew", "attack hyun alien1 with handgun")
    assert not of(CardTurnedUp, again)


def test_p3_extremely_vulnerable_melee_kills_a_well_larva() -> None:
    """Design test 2: Melee is Extremely Vulnerable: Okeke's unarmed hit on a well Larva
    in the same grid kills it."""
    g = game(
        OKEKE,
        "alien alien1 Larva 1-F6 abilities=Clever",
        "physiology melee='Extremely Vulnerable'",
        dice=(6,),
    )
    events = g.play("crew", "attack okeke alien1")
    assert of(Rolled, events)[0].roll.success  # type: ignore[attr-defined]
    assert [(e.base, e.harm) for e in of(HarmChanged, events)] == [(1, 2)]  # type: ignore[attr-defined]
    assert g.state.alien("alien1").dead
    assert not of(Injured, events)  # killed at once, not injured first
    assert of(Died, events)


def test_p3_regenerative_gives_a_token_which_absorbs_the_next_injury() -> None:
    """Design test 3: Fire is Regenerative. A Flame Caster hit gives 1 token and no
    injury; a later Ballistic hit (No modifier) spends it: still no injury; the next
    Ballistic hit injures."""
    g = game(
        "crew hyun 1-F6 role=Pilot skill=Tactical carries=handgun1,flamecaster1 actions=4",
        HUNTER,
        "physiology fire=Regenerative ballistic='No modifier'",
        dice=(6, 6, 6),
    )
    events = g.play("crew", "attack hyun alien1 with flamecaster")
    assert [(e.count, e.pool) for e in of(TokensGained, events)] == [(1, 1)]  # type: ignore[attr-defined]
    assert not g.state.alien("alien1").injured and g.state.regeneration == 1
    events = g.play("crew", "attack hyun alien1 with handgun")
    assert of(TokenSpent, events) and not g.state.alien("alien1").injured
    assert g.state.regeneration == 0
    g.play("crew", "attack hyun alien1 with handgun")
    assert g.state.alien("alien1").injured


def test_p3_vulnerable_is_a_term_of_the_roll_and_an_exact_seven_burns_a_store() -> None:
    """Design test 4: Biochemical is Vulnerable. The roll shows "Vulnerable +2"; a total
    of exactly 7 with ``order energy on`` and a store burns the store: no injury (D.5
    applies after the modifier)."""
    g = game(
        "crew hyun 1-F6 role=Pilot skill=Science carries=handgun1,toxicammo1",
        "alien alien1 Hunter 1-F6 abilities=Clever energy=1",
        "physiology biochemical=Vulnerable",
        dice=(1,),
    )
    events = g.play("crew", "attack hyun alien1 with handgun")
    roll = of(Rolled, events)[0].roll  # type: ignore[attr-defined]
    assert [(m.name, m.value) for m in roll.modifiers if m.term is Term.PHYSIOLOGY] == [
        ("Vulnerable", 2)
    ]
    assert roll.total == 7
    assert of(EnergySpent, events) and g.state.alien("alien1").energy == 0
    assert not g.state.alien("alien1").injured


def scientist(known: str = "", dice: tuple[int, ...] = (6,)) -> Game:
    return game(
        "crew mehta 1-J9 role='Science Officer' skill=Science carries=scikit1",
        "cadaver hyun 1-J9",
        "alien alien1 Hunter 2-B5 abilities=Clever",
        f"physiology fire=Resistant {known}",
        dice=dice,
    )


def test_p4_study_tells_the_crew_the_card_and_the_others_only_the_type() -> None:
    """Design test 5: after a successful autopsy with ``study Fire`` the crew view shows
    "Fire: Resistant"; the alien and spectator views show "Fire: studied by the crew", and
    the alien's view of the card is unchanged until the first Fire attack."""
    g = scientist()
    before = view(g.state, Viewer.ALIEN, g.ship, g.content).physiology
    events = g.play("crew", "autopsy mehta hyun study fire")
    assert [e.damage for e in of(CardStudied, events)] == ["Fire"]  # type: ignore[attr-defined]
    seen = of(CardSeen, events)
    assert [(e.damage, e.card) for e in seen] == [("Fire", "Resistant")]  # type: ignore[attr-defined]
    assert seen[0] not in events_for(events, "alien") + events_for(events, "spectator")
    crew = view(g.state, Viewer.CREW, g.ship, g.content).physiology
    assert crew is not None and before is not None
    fire = {line.damage: line for line in crew.cards}["Fire"]
    assert (fire.card, fire.studied, fire.up) == ("Resistant", True, False)
    for viewer in (Viewer.ALIEN, Viewer.SPECTATOR):
        shown = view(g.state, viewer, g.ship, g.content).physiology
        assert shown is not None
        line = {line.damage: line for line in shown.cards}["Fire"]
        assert (line.card, line.studied) == ("", True)
    old = {line.damage: line for line in before.cards}["Fire"]
    assert old.card == "" and not old.up


def test_p4_the_default_study_is_the_first_face_down_card_fire_first() -> None:
    g = scientist()
    events = g.play("crew", "autopsy mehta hyun")
    assert [e.damage for e in of(CardStudied, events)] == ["Fire"]  # type: ignore[attr-defined]


def test_p4_a_card_face_up_or_studied_cannot_be_studied_and_nothing_changes() -> None:
    g = scientist("up=fire studied=ballistic")
    before = g.state.clone()
    for word in ("fire", "ballistic", "kinetic"):
        with pytest.raises(GameError, match="study a face-down card"):
            g.play("crew", f"autopsy mehta hyun study {word}")
    assert g.state == before


def test_p4_a_failed_autopsy_studies_nothing() -> None:
    g = scientist(dice=(1,))
    events = g.play("crew", "autopsy mehta hyun study fire")
    assert not of(CardStudied, events) and not g.state.physiology.studied  # type: ignore[union-attr]


def test_p4_the_legal_list_offers_each_card_to_study() -> None:
    g = scientist()
    listed = legal_commands(g.state, Side.CREW, g.ship, g.content)
    studies = {c.study for c in listed if isinstance(c, Autopsy) and c.boost == 0}
    assert studies == {"", "biochemical", "ballistic", "melee"}  # '': the default, Fire


def test_the_autopsy_command_reads_and_writes_its_study_option() -> None:
    cmd = parse("autopsy mehta hyun study Fire +1")
    assert cmd == Autopsy("mehta", "hyun", 1, "fire")
    assert cmd.notation() == "autopsy mehta hyun study fire +1"
    assert parse(cmd.notation()) == cmd


@pytest.mark.parametrize(
    ("carries", "weapon", "damage"),
    [
        ("", "", "Melee"),
        ("handgun1", "handgun", "Ballistic"),
        ("carbine1", "carbine", "Ballistic"),
        ("handgun1,toxicammo1", "handgun", "Biochemical"),
        ("carbine1,toxicammo1", "carbine", "Biochemical"),
        ("flamecaster1", "flamecaster", "Fire"),
    ],
)
def test_the_design_table_maps_each_weapon_to_its_damage_type(
    carries: str, weapon: str, damage: str
) -> None:
    held = f" carries={carries}" if carries else ""
    g = game(f"crew hyun 1-F6 role=Pilot skill=Cooking{held}", HUNTER, dice=(1,))
    named = f" with {weapon}" if weapon else ""
    events = g.play("crew", f"attack hyun alien1{named}")
    assert [e.damage for e in of(CardTurnedUp, events)] == [damage]  # type: ignore[attr-defined]


def test_p3_resistant_takes_two_from_the_roll() -> None:
    g = game(HYUN, HUNTER, "physiology ballistic=Resistant", dice=(6,))
    roll = of(Rolled, g.play("crew", "attack hyun alien1 with handgun"))[0].roll  # type: ignore[attr-defined]
    assert [(m.name, m.value) for m in roll.modifiers if m.term is Term.PHYSIOLOGY] == [
        ("Resistant", -2)
    ]
    assert roll.total == 7 and g.state.alien("alien1").injured


@pytest.mark.parametrize(("face", "dead"), [(2, True), (3, False)])
def test_p3_sensitivity_rolls_after_a_hit_and_an_even_die_adds_an_injury(
    face: int, dead: bool
) -> None:
    g = game(HYUN, HUNTER, "physiology ballistic=Sensitivity", dice=(6, face))
    events = g.play("crew", "attack hyun alien1 with handgun")
    assert [e.die for e in of(SensitivityRolled, events)] == [face]  # type: ignore[attr-defined]
    alien = g.state.alien("alien1")
    assert alien.dead is dead and (alien.injured or alien.dead)


def test_p3_mutagenic_swaps_a_marker_after_the_injury() -> None:
    """The lost marker is told to all; the new one is counted by the crew, named to the
    alien (the design's "Who learns what")."""
    g = game(HYUN, HUNTER, "physiology ballistic=Mutagenic", dice=(6,))
    events = g.play("crew", "attack hyun alien1 with handgun")
    assert [e.ability for e in of(MarkerMutated, events)] == ["Clever"]  # type: ignore[attr-defined]
    alien = g.state.alien("alien1")
    assert alien.injured and len(alien.abilities) == 1 and alien.abilities != ["Clever"]
    crew = view(g.state, Viewer.CREW, g.ship, g.content)
    assert alien.abilities[0] not in crew.abilities


def test_p3_a_miss_changes_nothing_and_still_turns_the_card_up() -> None:
    g = game(HYUN, HUNTER, "physiology ballistic='Extremely Vulnerable'", dice=(1,))
    events = g.play("crew", "attack hyun alien1 with handgun")
    assert of(CardTurnedUp, events) and not of(HarmChanged, events)
    assert not g.state.alien("alien1").injured


def test_p3_the_flame_caster_burns_crew_as_written() -> None:
    """The card acts on attacks against an alien: crew in the blast are hurt as G.2.1 says."""
    g = game(
        "crew hyun 1-F6 role=Pilot skill=Cooking carries=flamecaster1",
        "crew okeke 1-G6 role=Corpsman skill=Science",
        "alien alien1 Hunter 1-G6 abilities=Clever",
        "physiology fire=Immune",
        dice=(6, 6),
    )
    g.play("crew", "attack hyun alien1 with flamecaster")
    assert not g.state.alien("alien1").injured
    assert g.state.human("okeke").condition.value != "well"


@pytest.mark.parametrize(
    ("card", "face", "dead", "injured"),
    [
        ("'No modifier'", 6, True, False),  # G.2.2: a success kills
        ("'No modifier'", 1, False, True),  # a failure injures
        ("Immune", 6, False, False),
        ("Resistant", 1, False, True),
    ],
)
def test_p3_the_poison_bait_is_biochemical_and_turned_up_as_it_attacks(
    card: str, face: int, dead: bool, injured: bool
) -> None:
    g = game(
        "crew hyun 2-X2 role=Pilot skill=Cooking",
        "alien alien1 Hunter 1-F6 abilities=Clever",
        "item poisonbait1 PoisonBait 1-F5",
        f"physiology biochemical={card}",
        dice=(face,),
        turn="5 crew",
    )
    events = g.play("crew", "pass")
    assert [e.damage for e in of(CardTurnedUp, events)] == ["Biochemical"]  # type: ignore[attr-defined]
    alien = g.state.alien("alien1")
    assert (alien.dead, alien.injured and not alien.dead) == (dead, injured)


def test_p1_the_cards_are_dealt_as_set_up_ends_and_hidden_from_both_sides() -> None:
    game_ = play_game(3, HardCrew(), HardAlien(), turn_cap=2, variants=frozenset({"physiology"}))
    table = game_.state.physiology
    assert table is not None
    assert sorted([*table.cards.values(), *table.aside]) == sorted(RULES.cards)
    assert list(table.cards) == list(RULES.types)


def test_p1_a_game_without_the_variant_has_no_cards_and_no_type() -> None:
    g = scenario_game(f"scenario\nseed 1\nrng {d6(6)}\nturn 5 crew\n{HYUN}\n{HUNTER}\nend\n")
    events = g.play("crew", "attack hyun alien1 with handgun")
    assert g.state.physiology is None and not of(CardTurnedUp, events)
    assert g.state.alien("alien1").injured


def test_p1_the_final_reveal_shows_every_card_and_those_set_aside() -> None:
    g = game(HYUN, HUNTER)
    shown = view(g.state, Viewer.REFEREE, g.ship, g.content).physiology
    assert shown is not None and all(line.card for line in shown.cards)
    assert len(shown.aside) == len(RULES.cards) - 4
    for viewer in (Viewer.CREW, Viewer.ALIEN, Viewer.SPECTATOR):
        mid = view(g.state, viewer, g.ship, g.content).physiology
        assert mid is not None and not any(line.card for line in mid.cards) and not mid.aside


def test_odds_count_only_the_cards_the_crew_can_see() -> None:
    """The attack odds include a card only once it is face up or studied."""
    face_down = game(HYUN, HUNTER, "physiology ballistic=Vulnerable")
    studied = game(HYUN, HUNTER, "physiology ballistic=Vulnerable studied=ballistic")
    up = game(HYUN, HUNTER, "physiology ballistic=Vulnerable up=ballistic")
    plain = game(HYUN, HUNTER, "physiology ballistic='No modifier'")
    cmd = Attack("hyun", "alien1", weapon="handgun")
    odds = [
        attack_modifier(g.state, cmd, g.ship, g.content) for g in (face_down, studied, up, plain)
    ]
    assert odds[0] == odds[3] and odds[1] == odds[2] == odds[3] + 2  # type: ignore[operator]


def test_twins_redeal_what_each_side_cannot_see() -> None:
    """The crew's twins keep a studied card; the alien's redeal it (the design's secret)."""
    g = game(HYUN, HUNTER, "physiology studied=fire up=ballistic")
    rng = Rng(5)
    for twin in alien_twins(g.state, g.ship, rng, 6):
        assert twin.physiology.cards["Fire"] == g.state.physiology.cards["Fire"]  # type: ignore[union-attr]
        assert twin.physiology.cards["Ballistic"] == g.state.physiology.cards["Ballistic"]  # type: ignore[union-attr]
        assert same_view(g.state, twin, Side.CREW, g.ship, g.content)
    dealt = set()
    for twin in crew_twins(g.state, rng, 30):
        dealt.add(twin.physiology.cards["Fire"])  # type: ignore[union-attr]
        assert twin.physiology.cards["Ballistic"] == g.state.physiology.cards["Ballistic"]  # type: ignore[union-attr]
    assert len(dealt) > 1


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, 2**32))
def test_redeal_keeps_the_eight_cards_and_every_card_face_up(seed: int) -> None:
    g = game(HYUN, HUNTER, "physiology up=melee studied=fire")
    twin = g.state.clone()
    redeal(twin, Rng(seed), keep_studied=False)
    table = twin.physiology
    assert table is not None
    assert sorted([*table.cards.values(), *table.aside]) == sorted(RULES.cards)
    assert table.cards["Melee"] == g.state.physiology.cards["Melee"]  # type: ignore[union-attr]


def test_a_scenario_with_the_cards_is_written_and_read_back() -> None:
    g = game(HYUN, HUNTER, "physiology fire=Immune up=fire studied=melee", "regeneration 2")
    text = write_scenario(g.state, g.ship, g.content)
    assert "physiology " in text and "regeneration 2" in text
    again = scenario_game(text)
    assert again.state.physiology == g.state.physiology
    assert again.state.regeneration == 2


@settings(max_examples=5, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(1, 10_000))
def test_replay_rebuilds_the_same_state_with_the_variant(seed: int) -> None:
    """A game is its seed and its commands: random play with the cards replays exactly."""
    g = play_game(seed, None, None, turn_cap=30, variants=frozenset({"physiology"}))
    again = Game.replay(g.seed, [(e.side, e.command) for e in g.log], variants=g.state.variants)
    assert again.state == g.state


@pytest.mark.parametrize("seed", [3, 4])
def test_no_side_learns_a_face_down_card(seed: int) -> None:
    """The knowledge audit with the variant on: twins with the cards each side cannot see
    dealt otherwise give both sides the same legal lists and refusals."""
    pairs, found = audit_playout(
        seed, ai=False, every=5, last_turn=30, variants=frozenset({"physiology"})
    )
    assert pairs > 0 and found == []


def test_the_default_weapon_avoids_a_type_the_crew_knows_injures_nothing() -> None:
    """ "attack hyun alien1" picks the best weapon carried (combat's choice): the Flame
    Caster, unless its Fire card is face up Immune: then the Handgun."""
    lines = (
        "crew hyun 1-F6 role=Pilot skill=Cooking carries=handgun1,flamecaster1",
        "alien alien1 Hunter 1-G6 abilities=Clever",
    )
    unknown = game(*lines, "physiology fire=Immune", dice=(1,))
    events = unknown.play("crew", "attack hyun alien1")
    assert of(Rolled, events)[0].attempt.weapon == "FlameCaster"  # type: ignore[attr-defined]
    known = game(*lines, "physiology fire=Immune up=fire", dice=(1,))
    events = known.play("crew", "attack hyun alien1")
    assert of(Rolled, events)[0].attempt.weapon == "Handgun"  # type: ignore[attr-defined]


def test_the_hard_crew_does_not_attack_with_only_a_type_known_to_injure_nothing() -> None:
    """The taught hard crew scores an attack whose every type is face up Immune or
    Regenerative below anything useful (engine.players.strike.futile)."""
    beside = "alien alien1 Hunter 1-G6 abilities=Clever"
    g = game(HYUN, beside, "physiology up=ballistic ballistic=Immune")
    shown = view(g.state, Viewer.CREW, g.ship, g.content)
    hyun = next(line for line in shown.crew if line.id == "hyun")
    assert futile(shown, hyun, 1) and not futile(shown, hyun, 0)  # bare hands: Melee
    plain = game(HYUN, beside, "physiology ballistic=Immune")
    assert not futile(view(plain.state, Viewer.CREW, plain.ship, plain.content), hyun, 1)
