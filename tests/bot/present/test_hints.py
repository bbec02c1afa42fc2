"""The advisor's words: one sentence of why, from the decision's record."""

from __future__ import annotations

from bot.present.hints import GENERIC, GOAL_WHY, NOTHING, SETUP_WHY, hint_lines, why
from engine import commands as c
from engine.board.grid import Grid
from engine.players.expert import Decision
from engine.players.expert.reasons import Goal, PlanReason
from engine.players.expert.search import Arm, Outcome
from engine.players.setup_plan import SetupReason
from engine.state import Side


def test_a_search_is_explained_by_the_grids_of_the_belief_it_covers() -> None:
    decision = Decision(c.Search("hyun", 3), Side.CREW, None, possible=14, covered=11)
    assert hint_lines(decision) == [
        "💡 Suggestion: `search hyun 3`",
        "Searching 3 from here covers 11 of the 14 grids the alien can be in.",
    ]


def test_a_searched_choice_says_how_it_fared_against_the_others() -> None:
    best, other = Arm(c.EndUnit("alien1"), 4, 3.0), Arm(c.Surface("alien1"), 4, 1.0)
    outcome = Outcome(best.command, (best, other), iterations=8, worlds=4, seconds=0.1)
    decision = Decision(best.command, Side.ALIEN, outcome)
    assert why(decision) == (
        "Played out against 1 other choice in 4 situations the crew may be in, "
        "it did best (75% of its playouts went your way)."
    )
    kept = Outcome(other.command, (other, best), iterations=8, worlds=4, seconds=0.1)
    assert "none did clearly better than this plan (25%" in why(
        Decision(other.command, Side.ALIEN, kept)
    )


def test_nothing_to_choose_says_so() -> None:
    assert hint_lines(None) == [NOTHING]


def test_every_set_up_choice_of_the_expert_has_its_sentence_of_why() -> None:
    """B.1.2, B.1.3: the advisor explains each kind of set-up choice the expert makes."""
    assert set(SETUP_WHY) == set(SetupReason)
    place = c.PlaceHuman("hyun", Grid.parse("0-F1"))
    placed = Decision(place, Side.CREW, None, setup=SetupReason.TOOLKIT)
    assert hint_lines(placed) == [
        "💡 Suggestion: `place hyun 0-F1`",
        "Start your best Engineer on the ToolKit's locker: a critical system struck early "
        "counts down over only four crew phases (C.9).",
    ]


def test_every_goal_of_a_plan_has_its_sentence() -> None:
    assert set(GOAL_WHY) == set(Goal)


def test_a_move_is_explained_by_its_goal_and_the_facts_behind_it() -> None:
    reason = PlanReason(Goal.TOOLKIT, "okeke", "Okeke", "Workshop")
    decision = Decision(c.Move("okeke", (Grid.parse("1-F3"),)), Side.CREW, None, plan=reason)
    assert hint_lines(decision) == [
        "💡 Suggestion: `move okeke 1-F3`",
        "Okeke walks to the Workshop: the ToolKit is there and no Engineer carries it.",
    ]


def test_the_aliens_reason_names_it_by_its_life_stage_and_adds_the_search() -> None:
    """The alien's plan, then how the choice fared against the others in the search."""
    best, other = Arm(c.EndUnit("alien1"), 4, 3.0), Arm(c.Surface("alien1"), 4, 1.0)
    outcome = Outcome(best.command, (best, other), iterations=8, worlds=4, seconds=0.1)
    reason = PlanReason(Goal.STAY, "alien1", "Larva", "Galley")
    said = why(Decision(best.command, Side.ALIEN, outcome, plan=reason))
    assert said.startswith("The Larva stays in the Galley: no move gets it safer")
    assert said.endswith("it did best (75% of its playouts went your way).")


def test_the_generic_sentence_is_left_for_a_choice_with_no_plan_and_no_search() -> None:
    assert why(Decision(c.EndPhase(), Side.CREW, None)) == GENERIC
