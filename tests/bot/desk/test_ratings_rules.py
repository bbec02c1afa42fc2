"""The rating rules (docs/rules-decisions.md "Ratings"): which finished games
count, who is on each side's team, how an F.1 band becomes openskill ranks, and a crew
of several rated as one player."""

from __future__ import annotations

import random
import statistics

import pytest
from openskill.models import PlackettLuce

from bot.desk import ratings
from bot.desk.ratings import fresh, ranks_of, rate, teams, unrated_because
from bot.store.ratings import RatingRow
from tests.bot.rated_games import finished


def test_f1_a_finished_game_between_people_counts():
    assert ratings.counts_for_ratings(finished())


@pytest.mark.parametrize(
    ("changes", "reason"),
    [
        ({"seeded": True}, "seeded"),
        ({"computer": "alien:hard"}, "computer"),
        ({"rolled_back": True}, "rolled-back"),
        ({"kind": "tutorial:crew"}, "tutorial"),
        ({"kind": "tutorial:alien"}, "tutorial"),
        ({"kind": "imported"}, "imported"),
        ({"kind": "imported", "seeded": True}, "imported"),  # as an import is stored
        ({"status": "local-over", "channel_id": 0}, "not-a-channel-game"),
        ({"status": "tutorial-over"}, "not-a-channel-game"),
        ({"channel_name": "local:alien:hard"}, "not-a-channel-game"),
        ({"seatings": ((2, "alien", None),)}, "no-crew"),
        ({"seatings": ((1, "crew", None),)}, "no-alien"),
        ({"seatings": ((1, "crew", "left"), (1, "alien", None))}, "both-sides"),
    ],
)
def test_games_kept_out_of_the_ratings_say_why(changes, reason):
    game = finished(**changes)
    assert unrated_because(game) == reason
    assert not ratings.counts_for_ratings(game)


def test_a_team_is_who_sat_at_the_end_and_leavers_are_apart():
    game = finished(
        seatings=(
            (1, "crew", None),
            (3, "crew", "left"),  # walked away: rated as resigning
            (4, "crew", "sub"),  # handed the seat to a substitute: rated as resigning
            (5, "crew", None),  # that substitute
            (6, "crew", "replaced"),
            (7, "crew", "removed"),
            (2, "alien", None),
        )
    )
    assert teams(game) == ((1, 5), (2,))
    assert ratings.leavers(game) == ((3, "crew"), (4, "crew"))


@pytest.mark.parametrize(
    ("band", "ranks"),
    [
        ("decisive-human", (1, 2)),
        ("marginal-human", (1, 2)),
        ("draw", (1, 1)),
        ("marginal-alien", (2, 1)),
        ("decisive-alien", (2, 1)),
    ],
)
def test_f1_bands_become_ranks_winner_first_and_a_draw_a_tie(band, ranks):
    assert ranks_of(band) == ranks


def test_f1_a_decisive_victory_weighs_what_a_marginal_one_does():
    crew, alien = [fresh(1, "crew")], [fresh(2, "alien")]
    assert rate(crew, alien, "decisive-human") == rate(crew, alien, "marginal-human")
    assert rate(crew, alien, "decisive-alien") == rate(crew, alien, "marginal-alien")


def test_a_draw_between_equals_moves_no_mu_and_pulls_unequals_together():
    (crew,), (alien,) = rate([fresh(1, "crew")], [fresh(2, "alien")], "draw")
    assert crew[0] == pytest.approx(25.0) and alien[0] == pytest.approx(25.0)
    assert crew[1] < fresh(1, "crew").sigma  # still learned something
    strong = RatingRow(1, "crew", 32.0, 3.0)
    weak = RatingRow(2, "alien", 20.0, 3.0)
    (crew,), (alien,) = rate([strong], [weak], "draw")
    assert crew[0] < 32.0 and alien[0] > 20.0


def test_a_crew_of_one_is_openskills_own_one_to_one_game():
    model = PlackettLuce()
    crew, alien = RatingRow(1, "crew", 27.0, 5.0), RatingRow(2, "alien", 22.0, 6.0)
    [[c], [a]] = model.rate(
        [[model.rating(mu=27.0, sigma=5.0)], [model.rating(mu=22.0, sigma=6.0)]], ranks=[2, 1]
    )
    (mine,), (theirs,) = rate([crew], [alien], "marginal-alien")
    assert mine == pytest.approx((c.mu, c.sigma)) and theirs == pytest.approx((a.mu, a.sigma))


def test_a_crew_of_three_equal_players_moves_each_as_a_crew_of_one_would():
    (alone,), (alien_v_one,) = rate([fresh(1, "crew")], [fresh(9, "alien")], "marginal-human")
    three, (alien_v_three,) = rate(
        [fresh(u, "crew") for u in (1, 2, 3)], [fresh(9, "alien")], "marginal-human"
    )
    assert three == [pytest.approx(alone)] * 3
    assert alien_v_three == pytest.approx(alien_v_one)


def _crew_mus(team_rating: str) -> tuple[float, float]:
    """Equal players, half of them always in crews of three, half always alone; every
    game a coin toss. Their mean crew mu after 1,500 games: (in threes, alone)."""
    model = PlackettLuce()
    rng = random.Random(7)
    mus = {(p, s): (25.0, 25.0 / 3) for p in range(12) for s in ("crew", "alien")}
    for _ in range(1500):
        crew = rng.sample(range(6), 3) if rng.random() < 0.5 else [rng.randrange(6, 12)]
        alien = rng.choice([p for p in range(12) if p not in crew])
        band = rng.choice(["marginal-human", "marginal-alien"])
        rows = [RatingRow(p, "crew", *mus[(p, "crew")]) for p in crew]
        them = RatingRow(alien, "alien", *mus[(alien, "alien")])
        if team_rating == "ours":
            moved, (theirs,) = rate(rows, [them], band)
        else:  # openskill's own team: the members' skills added up
            after = model.rate(
                [
                    [model.rating(mu=r.mu, sigma=r.sigma) for r in rows],
                    [model.rating(them.mu, them.sigma)],
                ],
                ranks=[float(r) for r in ranks_of(band)],
            )
            moved = [(p.mu, p.sigma) for p in after[0]]
            theirs = (after[1][0].mu, after[1][0].sigma)
        for p, new in zip(crew, moved, strict=True):
            mus[(p, "crew")] = new
        mus[(alien, "alien")] = theirs
    return (
        statistics.fmean(mus[(p, "crew")][0] for p in range(6)),
        statistics.fmean(mus[(p, "crew")][0] for p in range(6, 12)),
    )


def test_equal_players_are_not_rated_lower_for_playing_in_bigger_crews():
    """Why the crew plays as one: with openskill's added-up team, the same coin tosses
    leave players of crews of three far below players who crew alone."""
    in_threes, alone = _crew_mus("ours")
    assert abs(in_threes - alone) < 2.0
    added_in_threes, added_alone = _crew_mus("openskill's sum")
    assert added_alone - added_in_threes > 10.0


def test_a_new_rating_shows_as_the_skill_estimate_and_is_provisional():
    assert ratings.shown(fresh(1, "crew")) == pytest.approx(25.0)
    assert not ratings.settled(fresh(1, "crew"))
    assert ratings.settled(RatingRow(1, "crew", 20.0, ratings.SETTLED_SIGMA))
