"""The `expert` players: the `hard` players, with a planned set-up
(:mod:`engine.players.setup_plan`, rather than ``quick``) and a search where it pays.

Each wraps its side's `hard` player, which keeps the belief from the public events and
proposes a move. Where :mod:`engine.players.expert.choices` finds a decision worth a
search, the expert weighs the `hard` choice against a few others over sampled worlds
(:mod:`engine.players.expert.search`); elsewhere it plays the `hard` choice as is. Like
every level, it decides from its side's view, the legal commands and the public events
only: the worlds are built from the view (:mod:`engine.players.expert.worlds`).

After each decision :attr:`last` holds what the advisor explains: the choice, the
search's record (``None`` where `hard` decided alone) and, for a crew search command,
how much of the belief it covers.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine import commands as c
from engine.board.grid import Grid
from engine.board.ship import Ship
from engine.content import Content
from engine.dice import Rng
from engine.events import Event
from engine.players.belief import Belief
from engine.players.expert.choices import alien_candidates, covered, crew_candidates
from engine.players.expert.params import SearchParams
from engine.players.expert.reasons import PlanReason, reason_of
from engine.players.expert.rollout import rollout_players
from engine.players.expert.sampling import Hidden
from engine.players.expert.search import Outcome, search
from engine.players.expert.worlds import Secrets, build_world
from engine.players.hard_alien import Danger, HardAlien
from engine.players.hard_crew import HardCrew
from engine.players.setup_plan import SetupReason, alien_setup, crew_setup
from engine.state import GameState, Phase, Side
from engine.views import View


@dataclass(frozen=True, slots=True)
class Decision:
    """One expert decision, as the advisor explains it."""

    command: c.Command
    side: Side
    searched: Outcome | None  # None: the `hard` heuristics decided alone
    possible: int = 0  # grids the crew's belief holds (all hidden aliens)
    covered: int = 0  # of them, the ones this search command looks into
    setup: SetupReason | None = None  # why this set-up choice (B.1), in set-up only
    plan: PlanReason | None = None  # the plan's goal behind the choice, and its facts


class _Expert:
    side: Side
    hard: HardCrew | HardAlien
    last: Decision | None
    plans_setup = True  # its set-up is :mod:`engine.players.setup_plan`'s, not ``quick``

    def __init__(self, params: SearchParams | None = None) -> None:
        self.params = params or SearchParams()
        self.last = None

    @property
    def belief(self) -> Belief | None:
        return self.hard.belief

    def observe(self, events: list[Event], view: View, ship: Ship) -> None:
        self.hard.observe(events, view, ship)

    def _search(
        self,
        view: View,
        candidates: list[c.Command],
        hidden: Hidden | None,
        ship: Ship,
        content: Content,
        rng: Rng,
    ) -> Outcome:
        deadlines = getattr(self.hard, "deadlines", {})

        def world(gen: Rng) -> GameState:
            grids = hidden.draw(gen) if hidden is not None else {}
            return build_world(view, Secrets(grids), ship, content, gen, deadlines)

        belief = self.belief
        return search(
            self.side,
            candidates,
            world,
            lambda: rollout_players(ship, belief, deadlines, self.params.hard_rollouts),
            ship,
            content,
            self.params,
            Rng(rng.below(1 << 62)),
        )


class ExpertCrew(_Expert):
    """The crew at the `expert` level: make a fresh one for every game."""

    side = Side.CREW

    def __init__(self, params: SearchParams | None = None) -> None:
        super().__init__(params)
        self.hard = HardCrew(hunt=True)

    def __call__(
        self, view: View, legal: list[c.Command], ship: Ship, content: Content, rng: Rng
    ) -> c.Command:
        if view.phase == Phase.SETUP:
            choice, reason = crew_setup(view, legal, ship, content)
            self.last = Decision(choice, self.side, None, setup=reason)
            return choice
        hard = self.hard(view, legal, ship, content, rng)
        belief = self.hard.belief
        possible = {
            a.id: belief.grids(a.id) for a in view.aliens if a.hidden and belief is not None
        }
        hidden = Hidden(view, possible, ship, self.params) if possible else None
        found = crew_candidates(view, legal, hard, ship, hidden, self.params)
        outcome = None
        if len(found) > 1:
            outcome = self._search(view, found, hidden, ship, content, rng)
        choice = outcome.choice if outcome is not None else hard
        everywhere = frozenset().union(*possible.values()) if possible else frozenset()
        looked: set[Grid] = set()
        if isinstance(choice, c.Search) and everywhere:
            looked = covered(view, ship, choice, everywhere)
        why = reason_of(self.hard, view, choice, ship, content, len(everywhere))
        self.last = Decision(choice, self.side, outcome, len(everywhere), len(looked), plan=why)
        return choice


class ExpertAlien(_Expert):
    """The alien at the `expert` level: make a fresh one for every game."""

    side = Side.ALIEN

    def __init__(self, params: SearchParams | None = None) -> None:
        super().__init__(params)
        self.hard = HardAlien(careful=True)

    def __call__(
        self, view: View, legal: list[c.Command], ship: Ship, content: Content, rng: Rng
    ) -> c.Command:
        if view.phase == Phase.SETUP:
            choice, reason = alien_setup(view, legal, ship)
            self.last = Decision(choice, self.side, None, setup=reason)
            return choice
        hard = self.hard(view, legal, ship, content, rng)
        danger = Danger(view, ship)
        found = alien_candidates(view, legal, hard, danger, self.params.candidates)
        outcome = None
        if len(found) > 1:
            outcome = self._search(view, found, None, ship, content, rng)
        choice = outcome.choice if outcome is not None else hard
        why = reason_of(self.hard, view, choice, ship, content)
        self.last = Decision(choice, self.side, outcome, plan=why)
        return choice
