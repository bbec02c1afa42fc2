"""The crew's belief: every grid where each hidden alien can be, from public knowledge.

Like the "possible locations" of Scotland Yard's Mr X, the set starts at the grid
where the alien vanished (C.7) and is updated by each public event:

- a C.7.3 declaration "Move" (or a human's name) widens it by one alien walking step
  (or leaves it: waiting is declared "Move" too);
- a lift or hatch called ("Lift B2") keeps only the grids of that lift or hatch on that
  deck (a feint, C.7.1) and the grids at its other end (its use);
- any other declaration ("Forage", "Heal", "Bonus", "Mutate", …) leaves it;
- a C.7.1 sighting, a surfacing or a visible alien fixes it to one grid;
- a search that finds nothing removes the grids it covered (C.8), the searcher's own
  grid included, and a human who walks into a grid without tallying anything removes
  that grid (C.7.2);
- the halon variant's purge (H.1) removes the flooded room's grids: an alien there
  would have been tallied;
- the noise variant's doors heard as the alien phase ends (N.6) keep, for a lone hidden
  alien, only the grids within m steps of each door heard, m the steps it declared that
  phase (docs/rules-decisions.md, "Variants: noise"), unless the belief is kept
  ``taught=False``: the balance benchmark's player that ignores the variant.

Doors are all taken as open, so the set is a superset whatever their state: it
may hold a grid too many, never miss the true one. It reads only events the viewer
may see and that viewer's :class:`~engine.views.View`, so the crew's belief is
computed from public information alone; the alien keeps the same belief (fed the
public events) to know what the crew can deduce. It reads the events' fields, never
their words.
"""

from __future__ import annotations

from collections.abc import Iterable

from engine.board.geometry import Mover, StepKind, steps_from
from engine.board.grid import Grid
from engine.board.ship import Ship
from engine.board_view import MarkerKind
from engine.escape.events import HidingAboard
from engine.events import Event
from engine.halon.events import Purged
from engine.hiding.events import Call, Declared, Searched, Sighted
from engine.moving.events import Moved
from engine.noise.events import NoiseHeard
from engine.views import View

_OPEN: dict[str, object] = {}  # no door state known: every door counts as open
_WALKS = (Call.MOVE, Call.HUMAN)  # a walking step (or a wait, called "Move")
_STILL = frozenset({Call.FORAGE, Call.HEAL, Call.MUTATE, Call.SPAWN, Call.BONUS})


class Belief:
    """Possible grids of each hidden alien, kept up to date event by event."""

    def __init__(self, ship: Ship, taught: bool = True) -> None:
        self.ship = ship
        self.taught = taught  # reads the variants' events (N.6); False: as if unknown
        self.where: dict[str, frozenset[Grid]] = {}
        self._walks: dict[Grid, frozenset[Grid]] = {}
        self._ends: dict[Grid, frozenset[Grid]] = {}

    def observe(self, events: Iterable[Event], view: View) -> None:
        """Take in the events just seen and the view right after them."""
        last_alien: str | None = None
        for event in events:
            if isinstance(event, Declared) and event.who.id in self.where:
                last_alien = event.who.id
                self._declared(event)
            elif isinstance(event, (Sighted, HidingAboard)):
                who = last_alien or self._only_hidden()
                if who is not None:
                    self.where[who] = frozenset({event.grid})
            elif isinstance(event, Searched) and not event.found:
                self._searched(view)
            elif isinstance(event, Moved):
                self._walked_into(event.who.id, event.grid)
            elif isinstance(event, NoiseHeard) and self.taught:
                self._heard(event.doors, view)
            elif isinstance(event, Purged):
                self._flooded(event.key)
        self._sync(view)

    def grids(self, alien_id: str) -> frozenset[Grid]:
        return self.where.get(alien_id, frozenset())

    def all_grids(self) -> frozenset[Grid]:
        return frozenset().union(*self.where.values()) if self.where else frozenset()

    def _only_hidden(self) -> str | None:
        return next(iter(self.where)) if len(self.where) == 1 else None

    def _sync(self, view: View) -> None:
        """Visible aliens sit where they are seen; a newly hidden one starts at its
        last seen grid (or anywhere, if it was never seen)."""
        for alien in view.aliens:
            if not alien.hidden and alien.grid:
                self.where[alien.id] = frozenset({Grid.parse(alien.grid)})
            elif alien.id not in self.where:
                self.where[alien.id] = frozenset(self.ship.cells)
        gone = {a.id for a in view.aliens}
        for alien_id in [k for k in self.where if k not in gone]:
            del self.where[alien_id]

    def _declared(self, called: Declared) -> None:
        alien_id = called.who.id
        now = self.where[alien_id]
        if called.call in _WALKS:
            self.where[alien_id] = frozenset().union(now, *(self._walk(g) for g in now))
        elif called.call in (Call.LIFT, Call.HATCH):
            kept = {g for g in now if self._called(g, called)}
            ends = (self._end(g) for g in kept)
            self.where[alien_id] = frozenset().union(kept, *ends)

    def _walk(self, grid: Grid) -> frozenset[Grid]:
        found = self._walks.get(grid)
        if found is None:
            steps = steps_from(self.ship, grid, Mover.ALIEN, _OPEN)  # type: ignore[arg-type]
            found = frozenset(s.to for s in steps if s.kind is StepKind.WALK)
            self._walks[grid] = found
        return found

    def _end(self, grid: Grid) -> frozenset[Grid]:
        found = self._ends.get(grid)
        if found is None:
            steps = steps_from(self.ship, grid, Mover.ALIEN, _OPEN)  # type: ignore[arg-type]
            found = frozenset(s.to for s in steps if s.kind is not StepKind.WALK)
            self._ends[grid] = found
        return found

    def _called(self, grid: Grid, called: Declared) -> bool:
        """Is ``grid`` where the lift or hatch called is, on the deck called from?"""
        if grid.deck != called.deck:
            return False
        ride = self.ship.lift_at(grid) if called.call is Call.LIFT else self.ship.hatch_at(grid)
        return ride is not None and ride.letter == called.letter

    def _searched(self, view: View) -> None:
        """Every grid searched this crew phase is empty, the searchers' own included
        (C.8: range 0 is their own grid, always searched)."""
        covered = {m.grid for m in view.board.markers if m.kind is MarkerKind.SEARCHED}
        for alien in view.aliens:
            if alien.hidden and alien.id in self.where:
                self.where[alien.id] = self.where[alien.id] - covered

    def _heard(self, doors: tuple[str, ...], view: View) -> None:
        """N.6: a lone hidden alien crossed each door heard, then took at most one step
        for each call of the phase that could be a step (a walk, a wait, a lift or hatch
        ridden or feinted): it lies within that many steps of every such door."""
        hidden = [a.id for a in view.aliens if a.hidden and a.id in self.where]
        if len(hidden) != 1:
            return  # which alien crossed which door is not told
        still = {call.value for call in _STILL}
        steps = sum(1 for word in view.declarations if word not in still)
        kept = self.where[hidden[0]]
        for door_id in doors:
            door = self.ship.doors[door_id]
            near = frozenset(g for edge in door.edges for g in edge if g is not None)
            kept = kept & self._within(near, steps)
        if kept:  # never empty: the true grid is always kept (else the facts disagree)
            self.where[hidden[0]] = kept

    def _within(self, start: frozenset[Grid], steps: int) -> frozenset[Grid]:
        """Every grid an alien reaches from ``start`` in at most ``steps`` steps."""
        reached, edge = set(start), set(start)
        for _ in range(steps):
            edge = {n for g in edge for n in (*self._walk(g), *self._end(g))} - reached
            reached |= edge
        return frozenset(reached)

    def _flooded(self, room: str) -> None:
        """The halon variant (H.1): every alien in a flooded room is tallied, so every
        alien still hidden is elsewhere."""
        grids = self.ship.regions[room].grids
        for alien_id, where in self.where.items():
            kept = where - grids
            if kept:
                self.where[alien_id] = kept

    def _walked_into(self, unit: str, grid: Grid) -> None:
        if unit in self.where:
            return
        for alien_id, grids in self.where.items():
            if len(grids) > 1:
                self.where[alien_id] = grids - {grid}


class BeliefKeeper:
    """A player that remembers: it reads each command's public events into its belief."""

    belief: Belief | None = None
    taught = True  # knows the variants' rules; False: plays as if none were on

    def observe(self, events: list[Event], view: View, ship: Ship) -> None:
        if self.belief is None:
            self.belief = Belief(ship, self.taught)
        self.belief.observe(events, view)
