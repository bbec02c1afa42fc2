"""Turn panel choices: every option is a legal command, and the crew's panel
knows nothing of the hidden alien (C.3)."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from bot.client.panels.choices import (
    SELECT_MAX,
    Choice,
    UnitChoices,
    choices_for,
    odds_words,
    page,
)
from engine import commands as c
from engine.board.grid import Grid
from engine.dice import Rng
from engine.game import Game
from engine.legal import is_legal, legal_commands, ready_units
from engine.odds import attack_modifier
from engine.records.scenario import scenario_game
from engine.state import Phase, Side
from engine.views import view
from tests.games import quick_game, staged


def panel_choices(game: Game, side: Side, unit: str) -> UnitChoices:
    state = game.state
    legal = legal_commands(state, side, game.ship, game.content, unit=unit)

    def odds(command: c.Attack) -> int | None:
        return attack_modifier(state, command, game.ship, game.content)

    return choices_for(
        view(state, side.value, game.ship, game.content), unit, legal, game.ship, odds
    )


def offered(choices: UnitChoices) -> list[Choice]:
    return [*choices.moves, *choices.attacks, *choices.others, *choices.buttons]


def _wander(seed: int, steps: int) -> Game:
    """A quick game played ``steps`` random legal commands on."""
    game = quick_game(seed)
    rng = Rng(seed)
    for _ in range(steps):
        if game.state.phase is Phase.OVER:
            break
        side = Side.ALIEN if game.state.phase is Phase.ALIEN else Side.CREW
        legal = legal_commands(game.state, side, game.ship, game.content)
        game.play(side, rng.choice(legal))
    return game


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 10_000), steps=st.integers(0, 30))
def test_every_panel_option_is_accepted_by_the_engine(seed: int, steps: int) -> None:
    game = _wander(seed, steps)
    if game.state.phase is Phase.OVER:
        return
    side = Side.ALIEN if game.state.phase is Phase.ALIEN else Side.CREW
    for unit in ready_units(game.state, side):
        choices = panel_choices(game, side, unit)
        for choice in offered(choices):
            command = c.parse(choice.command)
            assert is_legal(game.state, side, command, game.ship, game.content), choice
            assert choice.label and len(choice.label) <= 100 and len(choice.command) <= 100


@settings(max_examples=20, deadline=None)
@given(count=st.integers(0, 80), number=st.integers(0, 10))
def test_a_select_never_holds_more_than_25_options_and_pages_reach_every_one(
    count: int, number: int
) -> None:
    options = [Choice(f"grid {i}", f"move hyun {i}") for i in range(count)]
    seen: set[str] = set()
    page_number = 0
    for _ in range(10):
        shown, page_number = page(options, page_number, "page:m")
        assert len(shown) <= SELECT_MAX
        seen |= {o.command for o in shown if not o.command.startswith("page:")}
        more = [o for o in shown if o.command.startswith("page:")]
        if not more:
            break
        page_number = int(more[0].command.split(":")[-1])
    assert seen == {o.command for o in options}


@settings(max_examples=15, deadline=None)
@given(
    seed=st.integers(0, 40),
    first=st.sampled_from(["1-F5", "0-H10", "2-D4", "1-K8"]),
    second=st.sampled_from(["0-J11", "1-C5", "2-F9", "0-E3"]),
)
def test_c3_the_crews_panel_is_the_same_wherever_the_hidden_alien_is(
    seed: int, first: str, second: str
) -> None:
    crew = {"hyun": "1-B5", "mehta": "1-D6"}
    one = staged(seed, crew=crew, alien=first, phase=Phase.CREW, pipe_running=True)
    two = staged(seed, crew=crew, alien=second, phase=Phase.CREW, pipe_running=True)
    assert one.state.alien("alien1").grid != two.state.alien("alien1").grid
    for unit in crew:
        assert panel_choices(one, Side.CREW, unit) == panel_choices(two, Side.CREW, unit)


def test_crew_options_cover_moves_with_cost_and_room_and_a_search_button() -> None:
    game = staged(3, crew={"hyun": "1-B5"}, alien="0-H10", phase=Phase.CREW, pipe_running=True)
    choices = panel_choices(game, Side.CREW, "hyun")
    room = game.ship.region_of(Grid.parse("1-B5")).name
    assert any(room in m.label and "action" in m.label for m in choices.moves)
    assert any(b.command == "search hyun 1" for b in choices.buttons)
    assert any(b.command == "end hyun" for b in choices.buttons)


def test_c1_an_attacks_odds_are_worded_from_the_roll_it_needs() -> None:
    assert odds_words(3) == "needs 4+ (50%)"
    assert odds_words(6) == "cannot fail (100%)" and odds_words(0) == "cannot succeed (0%)"


def test_n5_a_creeping_step_is_listed_apart_from_the_moves_of_the_same_grid() -> None:
    """The noise variant's creep (N.5): offered among the other commands, by its own
    words, so the move list keeps one entry per grid."""
    game = scenario_game(
        "scenario\nseed 1\nvariants noise\nturn 3 alien\n"
        "crew hyun 0-E3 role=Captain skill=Tactical\nalien alien1 Hunter 1-H6 piperun\nend\n"
    )
    choices = panel_choices(game, Side.ALIEN, "alien1")
    assert any(o.command == "move alien1 1-H7 creep" and "creep" in o.label for o in choices.others)
    grids = [d.to for d in choices.destinations]
    assert len(grids) == len(set(grids)) and Grid.parse("1-H7") in grids
    assert not any("creep" in m.command for m in choices.moves)


def test_e4_counteract_and_e2b_the_wall_attack_are_on_the_panels_by_their_words() -> None:
    """The emergencies variant: a human on a terminal finds each emergency it may
    counteract among the other commands; the alien, each wall beside it among its
    attacks, by side, never a unit's name."""
    game = scenario_game(
        "scenario\nseed 1\nvariants emergencies\nturn 6 crew\n"
        "crew hyun 2-V3 role=Captain skill=Tactical\nalien alien1 Hunter 1-D6\n"
        "emergency 1 1\nend\n"
    )
    crew = panel_choices(game, Side.CREW, "hyun")
    assert [(o.label, o.command) for o in crew.others if "ounteract" in o.command] == [
        ("Counteract emergency 1", "counteract hyun 1")
    ]
    game.play("crew", "pass")
    alien = panel_choices(game, Side.ALIEN, "alien1")
    walls = [a for a in alien.attacks if " wall " in a.command]
    assert walls and all(a.label.startswith("Attack the wall on side ") for a in walls)


def test_h1_h2_the_purge_of_each_sealed_room_and_the_recharge_are_in_the_do_menu() -> None:
    """The halon variant: a human on an obstructed Command Deck grid finds "Purge the Lab
    with halon" for each sealed room among the other commands while the system is
    charged, and "Recharge the halon" with a tank once it is empty."""
    head = "scenario\nseed 1\nvariants halon\nturn 6 crew\nalien alien1 Hunter 2-B5\n"
    doors = "door 1-H6/1-H7 closed\ndoor 1-K8/1-L8 closed\n"
    game = scenario_game(f"{head}crew hyun 2-V3 role=Captain skill=Tactical\n{doors}end\n")
    crew = panel_choices(game, Side.CREW, "hyun")
    assert [(o.label, o.command) for o in crew.others if o.command.startswith("purge")] == [
        ("Purge the Lab with halon", "purge hyun Lab"),
        ("Purge the Lab Quarantine with halon", "purge hyun 'Lab Quarantine'"),
        ("Purge the Air Lock with halon", "purge hyun 'Air Lock'"),
    ]
    empty = scenario_game(
        f"{head}crew hyun 2-V3 role=Captain skill=Tactical carries=tank1\n"
        f"item tank1 HalonTank examined=alien,crew\nhalon empty purges=1\n{doors}end\n"
    )
    crew = panel_choices(empty, Side.CREW, "hyun")
    assert [(o.label, o.command) for o in crew.others if "recharge" in o.command] == [
        ("Recharge the halon", "recharge hyun")
    ]
    assert not [o for o in crew.others if o.command.startswith("purge")]


def test_p4_the_do_menu_offers_an_autopsy_studying_each_face_down_card() -> None:
    """The physiology variant: beside the plain autopsy (which studies the first face-down
    card, Fire first), **Do…** lists one autopsy per other card the crew may study, by
    the card's type; the attack's odds count only the cards the crew can see."""
    game = scenario_game(
        "scenario\nseed 1\nvariants physiology\nturn 6 crew\n"
        "crew mehta 1-J9 role='Science Officer' skill=Science carries=scikit1\n"
        "cadaver hyun 1-J9\nalien alien1 Hunter 2-B5\nphysiology up=melee\nend\n"
    )
    crew = panel_choices(game, Side.CREW, "mehta")
    studies = sorted(o.label for o in crew.others if " study " in o.command and "+" not in o.label)
    assert studies == [
        "autopsy Hyun, study the Ballistic card",
        "autopsy Hyun, study the Biochemical card",
    ]
    assert any(o.command == "autopsy mehta hyun" for o in crew.others)
