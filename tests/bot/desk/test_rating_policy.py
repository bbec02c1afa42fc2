"""The rating policy for fair play (README, "Ratings and deadlines"; docs/rules-decisions.md,
"Ratings"): leaving is resigning, each person is rated for the share of the side's
phases they played in person, and the advisor leaves only the side that asked unrated."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bot.desk import ratings
from bot.desk.ratings import fresh, rate, shares, side_unrated, take
from bot.store.ratings import GameFacts
from tests.bot import rated_games


def finished(**changes: object) -> GameFacts:
    return rated_games.finished(**{"band": "marginal-alien", **changes})


def marks(user: int, side: str, own: int, stood: int) -> tuple[tuple[int, str, int, str], ...]:
    """``own`` phases played in person, then ``stood`` played by the computer."""
    kinds = ["on_time"] * own + ["stand_in"] * stood
    return tuple((user, side, 10 * i, mark) for i, mark in enumerate(kinds))


def moved(game: GameFacts) -> dict[tuple[int, str], tuple[float, float]]:
    """(mu, sigma) after ``game`` of everyone it moved, from fresh ratings."""
    taking = take({}, [game], 1)
    return {key: (row.mu, row.sigma) for key, row in taking.ratings.items()}


def test_suggest_leaves_only_the_side_that_asked_unrated():
    game = finished(hints_used=True, hints_sides=("crew",))
    assert ratings.counts_for_ratings(game)
    assert side_unrated(game, "crew") == "hints"
    assert side_unrated(game, "alien") is None
    after = moved(game)
    assert (1, "crew") not in after  # the side that asked: unrated
    (_,), ((alien_mu, _),) = rate([fresh(1, "crew")], [fresh(2, "alien")], game.band)
    assert after[(2, "alien")][0] == pytest.approx(alien_mu)  # the other: rated in full
    taken = take({}, [game], 1).games[0]
    assert taken.unrated == "crew:hints" and taken.hints == "crew"


def test_leaving_a_running_game_is_rated_as_resigning_even_if_the_side_then_wins():
    game = finished(
        band="decisive-human",  # the crew won in the end, with the substitute
        seatings=((1, "crew", "sub"), (3, "crew", None), (2, "alien", None)),
    )
    after = moved(game)
    assert after[(1, "crew")][0] < 25.0  # the leaver: a loss
    assert after[(3, "crew")][0] > 25.0  # the substitute: the win
    assert after[(2, "alien")][0] < 25.0
    rows = take({}, [game], 1).ratings
    assert rows[(1, "crew")].lost == 1 and rows[(3, "crew")].won == 1


def test_a_leaver_is_rated_as_resigning_whatever_the_game_s_end():
    for band in ("draw", "decisive-alien", "marginal-human"):
        game = finished(band=band, seatings=((1, "crew", None), (2, "alien", "left")))
        resigned = finished(band="decisive-human")
        # nobody sits at the alien side when it ended: the alien is rated as resigning
        assert moved(game)[(2, "alien")] == pytest.approx(moved(resigned)[(2, "alien")])


def test_stand_in_phases_are_not_the_away_player_s():
    whole = finished(marks=marks(1, "crew", 10, 0) + marks(2, "alien", 10, 0))
    half = finished(marks=marks(1, "crew", 5, 5) + marks(2, "alien", 10, 0))
    assert shares(half, "crew") == {1: 0.5}
    full_step = 25.0 - moved(whole)[(1, "crew")][0]
    half_step = 25.0 - moved(half)[(1, "crew")][0]
    assert half_step == pytest.approx(full_step / 2)
    assert moved(half)[(2, "alien")] == pytest.approx(moved(whole)[(2, "alien")])


def test_a_side_the_computer_played_throughout_is_unrated():
    game = finished(marks=marks(1, "crew", 0, 8) + marks(2, "alien", 8, 0))
    assert side_unrated(game, "crew") == "stand-in"
    assert set(moved(game)) == {(2, "alien")}


def test_a_substitute_is_rated_for_the_phases_they_played():
    seat = ((1, "crew", "sub"), (3, "crew", None), (2, "alien", None))
    before = tuple((1, "crew", 10 * i, "on_time") for i in range(9))
    after_sub = ((3, "crew", 90, "on_time"),)
    game = finished(seatings=seat, band="decisive-human", marks=before + after_sub)
    assert shares(game, "crew") == {3: pytest.approx(0.1)}
    alone = finished(seatings=((3, "crew", None), (2, "alien", None)), band="decisive-human")
    assert moved(game)[(3, "crew")][0] - 25.0 == pytest.approx(
        (moved(alone)[(3, "crew")][0] - 25.0) * 0.1
    )


@given(
    own=st.integers(min_value=0, max_value=12),
    stood=st.integers(min_value=0, max_value=12),
    band=st.sampled_from(["decisive-human", "marginal-human", "draw", "decisive-alien"]),
)
def test_a_share_moves_a_rating_no_further_than_the_whole_game(own, stood, band):
    whole = moved(finished(band=band))[(1, "crew")]
    game = finished(band=band, marks=marks(1, "crew", own, stood) + marks(2, "alien", 1, 0))
    part = moved(game).get((1, "crew"), (25.0, 25.0 / 3))
    assert abs(part[0] - 25.0) <= abs(whole[0] - 25.0) + 1e-9
    assert whole[1] <= part[1] <= 25.0 / 3 + 1e-9
