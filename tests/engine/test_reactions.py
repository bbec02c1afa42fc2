"""The ``reactions`` variant's rules W.1-W.4 (docs/rules-decisions.md, "Variants:
reactions"): the deck shuffled as set-up ends, a card for each injury an alien survives
(crew attack, Poison Bait), each card carried out at once and shown to everyone, the
forced moves the bot makes, the Regeneration tokens, the roll terms the cards add, and
replay. The design's five tests are the first five here."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.board.geometry import Mover, grid_range, reachable
from engine.commands import Search, parse
from engine.context import Ctx
from engine.efforts import Shown
from engine.events import Audience, Event
from engine.fighting.events import Died, Injured
from engine.fighting.ferocity import alien_ferocity, resilience
from engine.fighting.regeneration import TokenSpent
from engine.game import Game
from engine.hiding.events import Declared, HiddenAt, PipeRun
from engine.legal import legal_commands
from engine.players.base import play_game
from engine.players.hard_crew import HardCrew
from engine.reactions.events import (
    Bloodlust,
    Hissed,
    ReactionDrawn,
    Regenerating,
    Slain,
    Transformed,
)
from engine.secrecy import audit_playout
from engine.state import Condition, GameState, Phase, ReactionsState, Side
from engine.views import Viewer, events_for, view
from tests.positions import (
    CONTENT,
    SHIP,
    Beast,
    Crew,
    g,
    play,
    position,
    put,
    rolls,
    told,
)

REACTIONS = frozenset({"reactions"})


def reacting(state: GameState, *deck: str, tokens: int = 0) -> GameState:
    """The position with the variant on and the deck stacked, top first."""
    state.variants = REACTIONS
    state.reactions = ReactionsState(deck=list(deck))
    state.regeneration = tokens  # the alien side's one pool (engine.fighting.regeneration)
    return state


def drawn(events: list[Event]) -> list[str]:
    return [e.card for e in told(events, ReactionDrawn)]


# --- the design's five tests -----------------------------------------------------------------
def test_w3_3_rage_is_public_and_shows_in_the_hunters_next_attack_roll() -> None:
    hunter = Beast("0-H5", stage="Hunter")
    state = reacting(
        position({"hyun": Crew("0-H5", items=("Carbine",))}, hunter, dice=(6,)), "rage"
    )
    after, events = play(state, "crew", "attack hyun alien1")
    assert after.aliens["alien1"].injured and drawn(events) == ["rage"]
    assert told(events, ReactionDrawn)[0].audience is Audience.PUBLIC
    after.phase, after.aliens["alien1"].actions = Phase.ALIEN, 6
    after.humans["hyun"].actions = 0
    again, events = play(after, "alien", "attack alien1 0-H5")
    assert "+3 Rage!" in rolls(events)[0]
    assert again.reactions is not None and not again.reactions.rage  # one attack only


def test_w3_9_flee_hides_the_hunter_at_no_cost_and_declares_each_step() -> None:
    crew = {"hyun": Crew("1-F6", items=("Carbine",)), "ortiz": Crew("1-D6")}
    state = reacting(position(crew, Beast("1-F6", stage="Hunter"), dice=(6,)), "flee")
    game = Game(1, SHIP, CONTENT, state)
    events = game.play("crew", "attack hyun alien1")
    alien = game.state.aliens["alien1"]
    assert alien.pipe_running and alien.actions == 0  # no pipe-run cost was paid
    assert [e.cost for e in events if isinstance(e, PipeRun)] == [0]
    moved = [e for e in events if isinstance(e, Declared)]
    assert 1 <= len(moved) <= 6 and all(e.call.value == "Move" for e in moved)
    crew_sees = events_for(events, Viewer.CREW)
    assert not any(isinstance(e, HiddenAt) for e in crew_sees)  # the route is the alien's
    assert [e.grid for e in events_for(events, Viewer.ALIEN) if isinstance(e, HiddenAt)] == [
        alien.grid
    ]
    far = reachable(SHIP, g("1-F6"), 10**6, Mover.ALIEN, game.state.doors)
    assert alien.grid is not None and far[alien.grid] == len(moved)  # walked, not teleported
    assert game.can_undo(Side.CREW) is not None  # the draw ends undo
    # afterwards an ordinary pipe-run: the crew may search for it
    legal = legal_commands(game.state, Side.CREW, SHIP, CONTENT)
    assert any(isinstance(c, Search) for c in legal)


def test_w3_11_good_aim_kills_a_larva_despite_a_store_and_the_energy_order() -> None:
    larva = Beast("0-H5")
    state = reacting(
        position({"hyun": Crew("0-H5", items=("Carbine",))}, larva, energy=1, dice=(6,)), "good-aim"
    )
    assert state.standing.spend_energy_on_seven
    after, events = play(state, "crew", "attack hyun alien1")
    assert drawn(events) == ["good-aim"]
    assert after.aliens["alien1"].dead and after.phase is Phase.OVER
    assert [e.who.alien for e in told(events, Died)] == [True]


def test_w3_1_regeneration_on_5_gives_a_token_that_absorbs_the_next_hit_without_a_card() -> None:
    hunter = Beast("0-H5", stage="Hunter")
    crew = {"hyun": Crew("0-H5", items=("Carbine",)), "ortiz": Crew("0-H5", items=("Carbine",))}
    state = reacting(position(crew, hunter, dice=(6, 5, 6)), "regeneration", "rage")
    after, events = play(state, "crew", "attack hyun alien1")
    [regen] = told(events, Regenerating)
    assert (regen.die, regen.gained, regen.tokens) == (5, True, 1)
    assert after.regeneration == 1
    again, events = play(after, "crew", "attack ortiz alien1")
    assert rolls(events)[0].endswith("success")
    assert told(events, TokenSpent)[0].pool == 0
    assert drawn(events) == [] and not told(events, Died)  # no injury, no card
    assert again.aliens["alien1"].injured and not again.aliens["alien1"].dead


def test_w3_5_bloodlust_reaches_injured_okeke_seven_steps_away_and_attacks_for_free() -> None:
    """Okeke stands 5 alien steps off (1-F6 to 1-D4, the appendix's path); 3 + 4 = 7."""
    crew = {
        "hyun": Crew("1-F6", items=("Carbine",)),
        "okeke": Crew("1-D4", condition=Condition.INJURED),
    }
    state = reacting(position(crew, Beast("1-F6", stage="Hunter"), dice=(6, 3, 4, 6)), "bloodlust")
    after, events = play(state, "crew", "attack hyun alien1")
    [lust] = told(events, Bloodlust)
    assert lust.dice == (3, 4) and lust.target is not None and lust.target.id == "okeke"
    assert after.aliens["alien1"].grid == g("1-D4")
    assert after.aliens["alien1"].actions == 0  # no action spent
    attack = rolls(events)[-1]
    assert attack.startswith("The Hunter attacks Okeke") and "actions" not in attack
    assert after.humans["okeke"].condition is Condition.DECEASED  # 6 + 3 - 1 >= 7


# --- more of W.2-W.4 ---------------------------------------------------------------------------
def test_w2_an_injury_a_store_absorbs_draws_no_card() -> None:
    """Exactly 7 with a store and the order on: the store burns, nothing is drawn."""
    state = reacting(position({"hyun": Crew("0-H5")}, Beast("0-H5"), energy=1, dice=(6,)), "rage")
    after, events = play(state, "crew", "attack hyun alien1")
    assert rolls(events)[0].endswith("= 7: success")
    assert not after.aliens["alien1"].injured and drawn(events) == []


def test_w2_a_lethal_injury_draws_no_card() -> None:
    state = reacting(
        position(
            {"hyun": Crew("0-H5", items=("Carbine",))}, Beast("0-H5", injured=True), dice=(6,)
        ),
        "rage",
    )
    after, events = play(state, "crew", "attack hyun alien1")
    assert after.aliens["alien1"].dead and drawn(events) == []


def test_w2_the_poison_bait_injury_draws_a_card_too() -> None:
    """G.2.2: the bait's failed attack injures the Hunter as its phase begins (6 + 1 - 1
    = 6): the common injury path draws, once the crew's pass has begun the phase."""
    state = reacting(
        position({"hyun": Crew("2-B5")}, Beast("0-H5", stage="Hunter"), dice=(1,)), "ferocious"
    )
    put(state, "PoisonBait", "0-H5")
    after, events = play(state, "crew", "pass")
    assert any(isinstance(e, Injured) for e in events)
    assert drawn(events) == ["ferocious"]
    assert after.reactions is not None and after.reactions.ferocious == {"alien1": 1}


def test_w3_4_fear_adds_three_resilience_to_the_next_crew_attack_and_retreats() -> None:
    crew = {"hyun": Crew("1-F6", items=("Carbine",)), "ortiz": Crew("1-D5", items=("Carbine",))}
    state = reacting(position(crew, Beast("1-F6", stage="Hunter"), dice=(6, 6)), "fear")
    after, events = play(state, "crew", "attack hyun alien1")
    alien = after.aliens["alien1"]
    assert alien.grid is not None and alien.grid != g("1-F6") and not alien.pipe_running
    steps = reachable(SHIP, g("1-F6"), 3, Mover.ALIEN, after.doors)
    assert alien.grid in steps  # up to 3 steps
    assert rolls(events)[0].endswith("success")
    assert after.reactions is not None and after.reactions.fear == {"alien1"}


def test_w3_10_critical_hit_lowers_ferocity_and_resilience_not_below_zero() -> None:
    """A Larva has resilience 0: Critical Hit! leaves it at 0, shown as no term."""
    state = reacting(
        position({"hyun": Crew("0-H5", items=("Carbine",))}, Beast("0-H5"), dice=(6,)), "critical"
    )
    after, _events = play(state, "crew", "attack hyun alien1")
    assert after.reactions is not None and after.reactions.critical == {"alien1": 1}
    ctx = Ctx(after, SHIP, CONTENT)
    ferocity = alien_ferocity(ctx, after.aliens["alien1"])
    assert [m.value for m in ferocity] == [2, -1]  # Larva 2, Critical Hit! -1
    assert [m.value for m in resilience(ctx, "alien1", Shown())] == [0]  # not below 0


def test_w3_8_engineered_to_slay_kills_a_well_human_outright() -> None:
    state = reacting(
        position(
            {"hyun": Crew("0-H5", items=("Carbine",))}, Beast("0-H5", stage="Hunter"), dice=(6, 6)
        ),
        "engineered",
    )
    after, _ = play(state, "crew", "attack hyun alien1")
    after.phase, after.aliens["alien1"].actions = Phase.ALIEN, 6
    after.humans["hyun"].actions = 0
    again, events = play(after, "alien", "attack alien1 0-H5")
    assert told(events, Slain) and again.humans["hyun"].condition is Condition.DECEASED


def test_w3_12_hssssss_steps_the_attacker_back_for_free() -> None:
    crew = {"hyun": Crew("1-F6", items=("Carbine",))}
    state = reacting(position(crew, Beast("1-E6", stage="Hunter"), dice=(6,)), "hssssss")
    actions = state.humans["hyun"].actions
    after, events = play(state, "crew", "attack hyun alien1")
    [hiss] = told(events, Hissed)
    here = after.humans["hyun"].grid
    assert hiss.grid == here and here is not None
    assert grid_range(here, g("1-E6")) == 2  # one step farther than before
    assert after.humans["hyun"].actions == actions - 1  # the attack's action only


def test_w3_7_sudden_transformation_replaces_every_ability_marker() -> None:
    hunter = Beast("0-H5", stage="Hunter", abilities=("Agile", "Venom"))
    state = reacting(
        position({"hyun": Crew("0-H5", items=("Carbine",))}, hunter, dice=(6,)), "transformation"
    )
    after, events = play(state, "crew", "attack hyun alien1")
    [shed] = told(events, Transformed)
    assert shed.abilities == ("Agile", "Venom")
    assert len(after.aliens["alien1"].abilities) == 2


def test_w1_an_empty_deck_is_the_discards_shuffled() -> None:
    state = reacting(
        position(
            {"hyun": Crew("0-H5", items=("Carbine",))}, Beast("0-H5", stage="Hunter"), dice=(6,)
        )
    )
    assert state.reactions is not None
    state.reactions.discard = ["ferocious"]
    _after, events = play(state, "crew", "attack hyun alien1")
    assert drawn(events) == ["ferocious"] and told(events, ReactionDrawn)[0].shuffled


def test_w1_the_deck_is_shuffled_as_set_up_ends_and_none_without_the_variant() -> None:
    plain = Game.new(seed=7)
    plain.play("crew", "quick")
    plain.play("alien", "quick")
    varied = Game.new(seed=7, variants=REACTIONS)
    varied.play("crew", "quick")
    varied.play("alien", "quick")
    table = varied.state.reactions
    assert table is not None and len(table.deck) == 12 and len(set(table.deck)) == 12
    assert plain.state.reactions is None
    assert [h.grid for h in plain.state.humans.values()] == [
        h.grid for h in varied.state.humans.values()
    ]


def test_the_view_shows_the_active_card_and_tokens_to_everyone_alike() -> None:
    state = reacting(
        position(
            {"hyun": Crew("0-H5", items=("Carbine",))}, Beast("0-H5", stage="Hunter"), dice=(6,)
        ),
        "rage",
    )
    after, _ = play(state, "crew", "attack hyun alien1")
    assert after.reactions is not None
    after.regeneration = 2
    tables = {v: view(after, v, SHIP, CONTENT).reactions for v in Viewer}
    assert len(set(tables.values())) == 1
    table = tables[Viewer.SPECTATOR]
    assert table is not None and (table.active, table.number, table.tokens) == ("rage", 3, 2)
    board = view(after, Viewer.SPECTATOR, SHIP, CONTENT).board
    assert board.reacting == ((g("0-H5"), 3),)


@settings(max_examples=4, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(1, 10_000))
def test_replay_rebuilds_the_same_state_with_the_variant(seed: int) -> None:
    g_ = play_game(seed, None, None, turn_cap=30, variants=REACTIONS)
    again = Game.replay(g_.seed, [(e.side, e.command) for e in g_.log], variants=g_.state.variants)
    assert again.state == g_.state


@pytest.mark.parametrize("card", ["flee", "bloodlust", "fear", "critical", "hssssss"])
def test_every_forced_move_costs_the_mover_nothing(card: str) -> None:
    crew = {
        "hyun": Crew("1-F6", items=("Carbine",)),
        "okeke": Crew("1-D4", condition=Condition.INJURED),
    }
    state = reacting(position(crew, Beast("1-F6", stage="Hunter"), dice=(6, 1, 1, 1)), card)
    after, _ = play(state, "crew", "attack hyun alien1")
    assert after.aliens["alien1"].actions == 0
    assert after.humans["hyun"].actions == state.humans["hyun"].actions - 1


@pytest.mark.parametrize("taught", [True, False])
def test_the_hard_crew_counts_regeneration_tokens_in_its_kill_estimate(taught: bool) -> None:
    """Minimum AI: each token absorbs one hit, so an attack kills less often; the
    untaught crew (the null arm) ignores the tokens."""
    crew = {"hyun": Crew("0-H5", items=("Carbine",))}
    scores = []
    for tokens in (0, 2):
        state = reacting(position(crew, Beast("0-H5", stage="Hunter")), tokens=tokens)
        shown = view(state, Viewer.CREW, SHIP, CONTENT)
        score = HardCrew(taught=taught).scorer(shown, SHIP, CONTENT)
        scores.append(score(parse("attack hyun alien1")))
    assert (scores[0] > scores[1]) is taught
    assert taught or scores[0] == scores[1]


@pytest.mark.parametrize("seed", [3, 4])
def test_no_side_learns_a_secret_through_the_reactions(seed: int) -> None:
    """The knowledge audit with the variant on (engine.secrecy): twins whose hidden
    alien ran elsewhere (a Flee!'s route included) give the crew the same legal lists
    and refusals, and the crew's secrets dealt otherwise the alien the same."""
    pairs, found = audit_playout(seed, ai=True, every=5, last_turn=30, variants=REACTIONS)
    assert pairs > 0 and found == []
