"""Scenarios: a whole game position as a small text block, like chess's FEN.

Tests and bug reports start from a scenario to begin exactly where a rule bites::

    scenario
    seed 42
    turn 3 crew active=hyun
    crew hyun 1-F6 role=Captain skill=Tactical actions=3 carries=carbine1,okeke
    crew okeke unconscious role="Chief Engineer" skill=Engineer
    cadaver ortiz 1-N1 role=Cook
    alien alien1 Hunter 0-H10 injured piperun=0-G10,0-H10 actions=2 energy=3
    alien-side abilities=Clever,Agile revealed=Agile order-energy=off
    item carbine2 Carbine 0-C4
    supplies supplies3 food 0-M2 examined=crew
    door 0-H4/0-H5 closed
    nexus 0-E3 "Life Support" revealed
    pod 01 launched=tanaka
    end

One thing per line, in any order between ``scenario`` and ``end``; words split as in
a shell (quote names with spaces), ``#`` starts a comment, names ignore case. The
grammar of every line is :data:`USAGE`. ``parse_scenario`` reads a block into a
:class:`GameState`; :func:`engine.records.scenario_writer.write_scenario` writes the
canonical block back, leaving out every line and word that says only what the defaults
say, so ``parse_scenario(write_scenario(s)) == s``.

Defaults: the block starts from ``new_game(seed)`` (B.1.1), so

* the nexus markers lie as the seed shuffled them; each ``nexus`` line pins one
  system to one grid (by swapping it with the grid that held it);
* the lockers hold their B.1.1 kits unless the block names any item (an ``item`` or
  ``supplies`` line, ``items none``, or gear in a ``carries=`` list): then the items
  are exactly those named. Gear named only in ``carries=`` takes its kind from its
  id (``carbine1`` is a Carbine);
* only the Air Lock doors are closed; ``door`` lines change single doors;
* a human with no line keeps the blank record set-up starts from: no role, no grid,
  so out of play. A listed human needs a role to act;
* without a ``turn`` line play is at turn 1, the alien phase (B.1.3: the alien goes
  first), set-up done;
* a unit without ``actions=`` has what its phase gave it: a live unit of the
  phasing side that is not ``done`` has its C.2 actions, every other unit none;
* the dice generator is the seed's after ``new_game`` unless an ``rng`` line says
  otherwise, so a scenario rolls the same dice every time it is read.
"""

from __future__ import annotations

import re
import shlex
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import NoReturn

from engine.board.floorplan import default_ship
from engine.board.grid import Grid, GridParseError
from engine.board.ship import DoorState, Feature, RegionKind, Ship
from engine.content import Content, load_content
from engine.dice import Rng
from engine.emergencies.events import Cause
from engine.emergencies.rules import card_room
from engine.errors import GameError
from engine.game import Game
from engine.raids.rules import new_raids
from engine.setup import new_game
from engine.state import (
    Alien,
    Condition,
    Emergency,
    EmergencyState,
    Fate,
    GameState,
    Item,
    Phase,
    PhysiologyState,
    RaidsState,
    SetupStep,
)
from engine.units import SUPPLIES, held_abilities, human_actions
from engine.variants import HEADER, VariantError, known, load_variants
from engine.variants import header as variants_line

USAGE: dict[str, str] = {
    "seed": "seed N  (may be left to the script's 'seed N' line)",
    "variants": "variants ID …  (the variants the game was created with; may be left to "
    "the script's 'variants' line)",
    "rng": "rng N  (the dice generator's exact state)",
    "turn": "turn N setup|alien|crew|over [active=UNIT: a living unit of the phasing "
    "side, on the board] [step=dead|injured|roles|place|supplies|done]",
    "crew": "crew HUMAN [GRID] [injured|unconscious] [escaped|lost] [role=ROLE] [skill=SKILL] "
    "[actions=N] [carries=ID,…] [revealed=role,skill] [done] [killed-by-alien]",
    "cadaver": "cadaver HUMAN [GRID] … (a deceased human; the words of a crew line)",
    "alien": "alien ID STAGE [GRID] [injured] [dead] [escaped|lost] [actions=N] "
    "[path=GRID,…] [piperun | piperun=GRID,…] [seen=injured|well] [abilities=A,…] "
    "[repelled-from=GRID] [energy=N] "
    "[carries=ID,…] [done]",
    "alien-side": "alien-side [abilities=ABILITY,… (alien1's, or in hand in set-up)] "
    "[revealed=ABILITY,…] "
    "[order-energy=on|off] [order-ambush=on|off] [surge-used] [royal-mutations=N]",
    "crew-side": "crew-side [blueprints=DEVICE,…] [fabricated=DEVICE,…] [autopsies=N] [drive=GRID]",
    "item": "item ID KIND [GRID] [in-locker] [active] [examined=crew,alien] [out-of-play]",
    "supplies": "supplies ID food|electronics|chemicals [GRID] … (the words of an item line)",
    "items": "items none",
    "door": "door DOOR open|closed|smashed|sealed",
    "nexus": "nexus GRID SYSTEM [revealed] [rotated=N] [repaired]",
    "pod": "pod KEY launched[=UNIT,…]",
    "declarations": "declarations WORD …  (C.7.3 calls this alien phase)",
    "sightings": "sightings GRID …  (C.7.1 reveals since the alien phase)",
    "searched": "searched GRID …  (grids searched this crew phase)",
    "destroyed": "destroyed SYSTEM[, SYSTEM …]",
    "noise": "noise [markers=DOOR,…] [bag=TOKEN,…] [aside=TOKEN,…] [reserve=TOKEN,…] "
    "[heard=DOOR,…]  "
    "(the noise variant's table; a list may be 'none')",
    "emergency": "emergency FIELD CARD [level=0-3] [critical] [points=N] [tried=HUMAN,…] "
    "[nexus=GRID] [cause=nexus|wall|compromised|decay]  (a field of the emergencies "
    "variant's panel, numbered from 1; CARD: its number in data/variants.toml, from 1)",
    "emergencies": "emergencies [deck=CARD,…] [discard=CARD,…] [collapsed]  (the "
    "emergencies variant's deck, top first; a list may be 'none')",
    "raids": "raids [deck=CARD,…] [early=N] [discard=CARD,…] [repulse=N] [defeats=N] "
    "[awards=CREW/ALIEN] [chips=CREW/ALIEN] [rooms=ROOM,…] [damaged=ALIEN:ABILITY,…] "
    "[tie=crew|alien] [ended=repulse|defeat] [admiral=crew|alien|both] [volley=SYSTEM] "
    "[crew-order=ROOM,…] [alien-order=ABILITY,…] [crew-bunker] [alien-bunker]  "
    "(the raids variant's table, in play; a list may be 'none')",
    "reactions": "reactions [deck=CARD,…] [discard=CARD,…] [active=CARD] [alien=ALIEN] "
    "[rage=ALIEN,…] [fear=ALIEN,…] [ferocious=ALIEN:N,…] [critical=ALIEN:N,…] "
    "[slain]  (the reactions variant's table; CARD: a card's id in data/variants.toml; "
    "a list may be 'none')",
    "halon": "halon [empty] [purges=N]  (the halon variant's panel: charged unless empty; "
    "its tanks are item lines, kind HalonTank)",
    "physiology": "physiology [melee=CARD] [ballistic=CARD] [biochemical=CARD] [fire=CARD] "
    "[up=TYPE,…] [studied=TYPE,…]  (the physiology variant's cards, in play; quote a card "
    "with a space: melee='No modifier'; the cards not named are dealt from the seed)",
    "regeneration": "regeneration N  (the alien side's Regeneration tokens)",
    "result": "result TEXT",
}
_ONCE = frozenset(
    {"seed", "variants", "rng", "turn", "alien-side", "crew-side", "items"}
    | {"declarations", "sightings", "searched", "destroyed", "result", "noise", "emergencies"}
    | {"raids", "reactions", "halon", "physiology", "regeneration"}
)
LINE_LIMIT = 2000  # characters a scenario's line may hold: every real line is far shorter
_ALIEN_ID = re.compile(r"^alien[0-9]+$")
_SIDES = ("crew", "alien")
_REVEALABLE = ("role", "skill")


class ScenarioError(GameError):
    """A scenario line that cannot be read: names the line and what is wrong."""

    def __init__(self, line: int, message: str, *, legal: Sequence[str] = ()) -> None:
        self.line = line
        super().__init__(message, legal=legal)

    def describe(self) -> str:
        return f"line {self.line}: {super().describe()}"


# --- reading -----------------------------------------------------------------------
@dataclass
class _Line:
    """One line's words; handlers take options and flags, then positional words."""

    number: int
    words: list[str]

    @property
    def keyword(self) -> str:
        return self.words[0].lower()

    def fail(self, message: str, legal: Sequence[str] = ()) -> NoReturn:
        raise ScenarioError(self.number, message, legal=legal)

    def option(self, key: str) -> str | None:
        for index, word in enumerate(self.words[1:], 1):
            if word.lower().startswith(f"{key}="):
                del self.words[index]
                return word[len(key) + 1 :]
        return None

    def flag(self, name: str) -> bool:
        for index, word in enumerate(self.words[1:], 1):
            if word.lower() == name:
                del self.words[index]
                return True
        return False

    def flags(self, names: Sequence[str]) -> str | None:
        """At most one of ``names`` (e.g. injured or unconscious)."""
        found = [name for name in names if self.flag(name)]
        if len(found) > 1:
            self.fail(f"'{found[0]}' and '{found[1]}' cannot both hold")
        return found[0] if found else None

    def peek(self) -> str | None:
        return self.words[1] if len(self.words) > 1 else None

    def take(self, what: str) -> str:
        if len(self.words) < 2:
            self.fail(f"'{self.keyword}' needs {what}: {USAGE[self.keyword]}")
        return self.words.pop(1)

    def rest(self) -> list[str]:
        words = self.words[1:]
        del self.words[1:]
        return words

    def finish(self) -> None:
        if len(self.words) > 1:
            self.fail(f"unexpected '{self.words[1]}': write {USAGE[self.keyword]}")


def _lines(text: str, first_line: int) -> list[_Line]:
    """The lines between ``scenario`` and ``end``, comments and blanks dropped."""
    found: list[_Line] = []
    for number, raw in enumerate(text.splitlines(), first_line):
        if len(raw) > LINE_LIMIT:
            raise ScenarioError(number, f"a line is at most {LINE_LIMIT} characters")
        try:
            words = shlex.split(raw, comments=True)
        except ValueError as err:
            raise ScenarioError(number, f"cannot read this line: {err}") from None
        if words:
            found.append(_Line(number, words))
    if not found or [w.lower() for w in found[0].words] != ["scenario"]:
        where = found[0].number if found else first_line
        raise ScenarioError(where, "a scenario block starts with a line 'scenario'")
    if len(found) < 2 or [w.lower() for w in found[-1].words] != ["end"]:
        raise ScenarioError(found[-1].number, "a scenario block ends with a line 'end'")
    body = found[1:-1]
    for line in body:
        if line.keyword in ("scenario", "end"):
            line.fail(f"'{line.keyword}' inside the scenario block")
    return body


def _choice(line: _Line, text: str, choices: Iterable[str], what: str) -> str:
    """``text`` as spelled in ``choices``, ignoring case."""
    options = list(choices)
    for choice in options:
        if choice.casefold() == text.casefold():
            return choice
    line.fail(f"'{text}' is not a known {what}", legal=options)


def _int(line: _Line, text: str, what: str) -> int:
    """A whole number of ASCII digits (0-9; ``²`` and ``٣`` pass ``str.isdigit`` but
    are refused), at most 20 of them (a 64-bit generator state)."""
    if not re.fullmatch(r"[0-9]{1,20}", text):
        line.fail(f"{what} must be a whole number (digits 0-9), not '{text}'")
    return int(text)


def _split(text: str) -> list[str]:
    return [part.strip() for part in text.split(",") if part.strip()]


def infer_kind(content: Content, item_id: str) -> str | None:
    """The gear kind an add_item-style id names: ``carbine1`` → Carbine."""
    base = item_id.rstrip("0123456789")
    return next((k.value for k in content.gear if k.value.lower() == base), None)


@dataclass
class _Carry:
    line: _Line
    carrier: str
    ids: list[str]


@dataclass
class _ItemLine:
    line: _Line
    item: Item
    out_of_play: bool


@dataclass
class _Builder:
    """Applies lines to a fresh game; cross-references are settled in ``finish``."""

    ship: Ship
    content: Content
    state: GameState
    claimed: dict[str, int] = field(default_factory=dict)
    roles: dict[str, str] = field(default_factory=dict)
    carries: list[_Carry] = field(default_factory=list)
    explicit_actions: set[str] = field(default_factory=set)
    items: dict[str, _ItemLine] = field(default_factory=dict)
    items_none: _Line | None = None
    pods: list[tuple[_Line, str]] = field(default_factory=list)  # checked once units are known
    active: tuple[_Line, str] | None = None
    turn_given: bool = False
    ability_lines: dict[str, int] = field(default_factory=dict)  # marker -> its line
    revealed: tuple[_Line, list[str]] | None = None  # checked once every holder is read

    def claim(self, line: _Line, key: str) -> None:
        """Each unit, item, door, grid … may be described once."""
        if key in self.claimed:
            line.fail(f"{key} is already given on line {self.claimed[key]}")
        self.claimed[key] = line.number

    def grid(self, line: _Line, text: str) -> Grid:
        try:
            grid = Grid.parse(text)
        except GridParseError as err:
            line.fail(str(err))
        if grid not in self.ship:
            line.fail(f"{grid} is not a grid of the ship")
        return grid

    def grids(self, line: _Line, words: Iterable[str]) -> list[Grid]:
        return [self.grid(line, word) for word in words]

    def grid_if_any(self, line: _Line) -> Grid | None:
        word = line.peek()
        if word is None:
            return None
        try:
            Grid.parse(word)
        except GridParseError:
            return None
        return self.grid(line, line.take("a grid"))

    def unit_words(self, line: _Line, unit_id: str) -> None:
        """``actions=``, ``carries=`` and ``done``: words humans and aliens share."""
        actions = line.option("actions")
        if actions is not None:
            self.explicit_actions.add(unit_id)
            self.actions_of(unit_id, _int(line, actions, "actions"))
        carries = line.option("carries")
        if carries is not None:
            self.carries.append(_Carry(line, unit_id, [w.lower() for w in _split(carries)]))
        if line.flag("done"):
            self.state.done_units.add(unit_id)

    def actions_of(self, unit_id: str, actions: int) -> None:
        if unit_id in self.state.aliens:
            self.state.aliens[unit_id].actions = actions
        else:
            self.state.humans[unit_id].actions = actions

    # --- one method per keyword -----------------------------------------------------
    def rng(self, line: _Line) -> None:
        self.state.rng = Rng(_int(line, line.take("a number"), "the rng state"))
        line.finish()

    def turn(self, line: _Line) -> None:
        active, step = line.option("active"), line.option("step")
        turn = _int(line, line.take("a turn number"), "the turn")
        phase = Phase(_choice(line, line.take("a phase"), [p.value for p in Phase], "phase"))
        line.finish()
        state = self.state
        state.turn, state.phase, self.turn_given = turn, phase, True
        steps = [s.value for s in SetupStep]
        state.setup = (
            SetupStep(_choice(line, step, steps, "set-up step")) if step else default_step(phase)
        )
        if active is not None:
            self.active = (line, active.lower())

    def crew(self, line: _Line) -> None:
        self.human(line, Condition(line.flags(("injured", "unconscious")) or "well"))

    def cadaver(self, line: _Line) -> None:
        self.human(line, Condition.DECEASED)

    def human(self, line: _Line, condition: Condition) -> None:
        role, skill, revealed = line.option("role"), line.option("skill"), line.option("revealed")
        fate = Fate(line.flags(("escaped", "lost")) or "aboard")
        killed = line.flag("killed-by-alien")
        human_id = _choice(line, line.take("a human"), list(self.state.humans), "human")
        self.claim(line, f"unit {human_id}")
        self.unit_words(line, human_id)
        human = self.state.humans[human_id]
        human.grid = self.grid_if_any(line)
        line.finish()
        human.condition, human.fate, human.killed_by_alien = condition, fate, killed
        if role is not None:
            human.role = self.role(line, human_id, role)
        if skill is not None:
            human.skill_marker = _choice(
                line, skill, [s.value for s in self.content.skills], "skill"
            )
        if revealed is not None:
            human.revealed = {_choice(line, w, _REVEALABLE, "revealable") for w in _split(revealed)}

    def role(self, line: _Line, human_id: str, text: str) -> str:
        role = _choice(line, text, [r.name for r in self.content.roles], "role")
        if role in self.roles:
            line.fail(f"{self.roles[role]} already holds the role {role}")
        self.roles[role] = human_id
        return role

    def alien(self, line: _Line) -> None:
        path, run = line.option("path"), line.option("piperun")
        repelled, seen = line.option("repelled-from"), line.option("seen")
        abilities, energy = line.option("abilities"), line.option("energy")
        running = run is not None or line.flag("piperun")
        if seen not in (None, "injured", "well") or (seen and not running):
            line.fail(f"seen={seen}: a pipe-runner is seen=injured or seen=well")
        injured, dead = line.flag("injured"), line.flag("dead")
        fate = Fate(line.flags(("escaped", "lost")) or "aboard")
        alien_id = line.take("an alien id").lower()
        if not _ALIEN_ID.match(alien_id):
            line.fail(f"'{alien_id}' is not an alien id like alien1")
        self.claim(line, f"unit {alien_id}")
        stages = [s.value for s in self.content.life_stages]
        stage = _choice(line, line.take("a life stage"), stages, "life stage")
        grid = self.grid_if_any(line)
        alien = Alien(alien_id, stage, grid, injured, fate, dead)
        if energy is not None:
            alien.energy = _int(line, energy, "energy")
        if abilities is not None:
            alien.abilities = self.abilities(line, abilities)
        if repelled is not None:
            alien.repelled_from = self.grid(line, repelled)
        self.state.aliens[alien_id] = alien
        self.unit_words(line, alien_id)
        line.finish()
        here = [grid] if grid else []
        before = self.grids(line, _split(path)) if path is not None else []
        if running:
            route = self.grids(line, _split(run)) if run is not None else here
            alien.path, alien.run_start = before + route, len(before)
            alien.injured_when_hidden = injured if seen is None else seen == "injured"
            _check_ends(line, route, grid, "the pipe-run")
        else:
            alien.path = before if path is not None else here
            _check_ends(line, alien.path, grid, "the path")

    def alien_side(self, line: _Line) -> None:
        if line.option("energy") is not None:
            line.fail(
                "energy stores are carried by each alien (C.10.1): write energy=N on the "
                "alien's own line, e.g. 'alien alien1 Larva 0-J11 energy=3'"
            )
        abilities = line.option("abilities")
        revealed, order = line.option("revealed"), line.option("order-energy")
        ambush = line.option("order-ambush")
        mutations = line.option("royal-mutations")
        self.state.surge_used = line.flag("surge-used")
        line.finish()
        state, secrets = self.state, self.state.alien_secrets
        if abilities is not None:
            secrets.abilities = self.abilities(line, abilities)
        if revealed is not None:
            self.revealed = (line, _split(revealed))
        if order is not None:
            state.standing.spend_energy_on_seven = (
                _choice(line, order, ("on", "off"), "order") == "on"
            )
        if mutations is not None:
            state.royal_mutations = _int(line, mutations, "royal-mutations")
        if ambush is not None:
            state.standing.ambush = _choice(line, ambush, ("on", "off"), "order") == "on"

    def abilities(self, line: _Line, text: str) -> list[str]:
        """Ability markers, each held once by the whole alien side (G.4)."""
        names = [a.value for a in self.content.abilities]
        found = [_choice(line, a, names, "ability") for a in _split(text)]
        for name in found:
            if name in self.ability_lines:
                line.fail(f"{name} is already held (line {self.ability_lines[name]})")
            self.ability_lines[name] = line.number
        return found

    def crew_side(self, line: _Line) -> None:
        blueprints, autopsies = line.option("blueprints"), line.option("autopsies")
        drive, fabricated = line.option("drive"), line.option("fabricated")
        line.finish()
        if fabricated is not None:
            devices = [d.value for d in self.content.blueprints]
            built = [_choice(line, b, devices, "device") for b in _split(fabricated)]
            self.state.crew_secrets.fabricated = built
        if drive is not None:
            self.state.drive_to = self.grid(line, drive)
        if blueprints is not None:
            devices = [d.value for d in self.content.blueprints]
            found = [_choice(line, b, devices, "device") for b in _split(blueprints)]
            self.state.crew_secrets.blueprints = found
        if autopsies is not None:
            self.state.autopsies = _int(line, autopsies, "autopsies")

    def noise(self, line: _Line) -> None:
        """The ``noise`` variant's markers and bag, each list as given ('none': empty)."""
        table = self.state.noise
        if table is None:
            line.fail("a 'noise' line needs the noise variant: add 'variants noise'")
        markers, bag = line.option("markers"), line.option("bag")
        aside, reserve = line.option("aside"), line.option("reserve")
        heard = line.option("heard")
        line.finish()
        doors = sorted(self.ship.doors)
        if markers is not None:
            table.markers = {_choice(line, d, doors, "door") for d in _none_or_split(markers)}
        if heard is not None:
            table.heard = {_choice(line, d, doors, "door") for d in _none_or_split(heard)}
        tokens = ["Blank", "1", "2", "3", "4"]
        for name, given in (("bag", bag), ("aside", aside), ("reserve", reserve)):
            if given is not None:
                found = [_choice(line, t, tokens, "token") for t in _none_or_split(given)]
                setattr(table, name, sorted(found) if name == "bag" else found)

    def panel(self, line: _Line) -> EmergencyState:
        panel = self.state.emergencies
        if panel is None:
            line.fail(f"'{line.keyword}' needs the emergencies variant: add 'variants emergencies'")
        return panel

    def card(self, line: _Line, text: str) -> int:
        number = _int(line, text, "a card")
        cards = len(load_variants().emergencies.cards)
        if not 1 <= number <= cards:
            line.fail(f"a card is numbered 1 to {cards}, not {number}")
        return number - 1

    def emergency(self, line: _Line) -> None:
        """One field of the ``emergencies`` panel (E.2-E.4)."""
        panel = self.panel(line)
        level, points = line.option("level"), line.option("points")
        tried, nexus, cause = line.option("tried"), line.option("nexus"), line.option("cause")
        critical = line.flag("critical")
        field = _int(line, line.take("a field"), "a field")
        card = self.card(line, line.take("a card"))
        line.finish()
        if not 1 <= field <= len(panel.fields):
            line.fail(f"the panel's fields are numbered 1 to {len(panel.fields)}, not {field}")
        self.claim(line, f"emergency field {field}")
        grid = self.grid(line, nexus) if nexus is not None else None
        printed = load_variants().emergencies.cards[card].room
        room = self.ship.region_of(grid).key if grid else card_room(self.ship, printed)
        causes = [c.value for c in Cause]
        panel.fields[field - 1] = Emergency(
            card=card,
            room=room,
            cause=_choice(line, cause, causes, "cause") if cause else Cause.NEXUS.value,
            level=_int(line, level, "level") if level is not None else 1,
            critical=critical,
            points=_int(line, points, "points") if points is not None else 0,
            nexus=grid,
            tried=set(_split(tried or "")),
        )

    def emergencies(self, line: _Line) -> None:
        """The ``emergencies`` deck and discards, each as given ('none': empty)."""
        panel = self.panel(line)
        deck, discard = line.option("deck"), line.option("discard")
        panel.collapsed = line.flag("collapsed")
        line.finish()
        if deck is not None:
            panel.deck = [self.card(line, c) for c in _none_or_split(deck)]
        if discard is not None:
            panel.discard = [self.card(line, c) for c in _none_or_split(discard)]

    def raids(self, line: _Line) -> None:
        """The ``raids`` variant's table: set-up's deck (from a generator of its own:
        the scenario's dice stay its ``rng`` line's) changed as the line says."""
        if "raids" not in self.state.variants:
            line.fail("a 'raids' line needs the raids variant: add 'variants raids'")
        table = self.raids_table()
        for name in ("deck", "discard"):
            given = line.option(name)
            if given is not None:
                setattr(table, name, [_card(line, c) for c in _none_or_split(given)])
        for name in ("early", "repulse", "defeats"):
            given = line.option(name)
            if given is not None:
                setattr(table, name, _int(line, given, name))
        for name in ("awards", "chips"):
            given = line.option(name)
            if given is not None:
                crew, _, alien = given.partition("/")
                setattr(
                    table, name, {"crew": _int(line, crew, name), "alien": _int(line, alien, name)}
                )
        worlds = load_variants().raids.worlds
        abilities = [a.value for a in self.content.abilities]
        rooms, damaged = line.option("rooms"), line.option("damaged")
        if rooms is not None:
            table.rooms = [_choice(line, r, worlds, "room") for r in _none_or_split(rooms)]
        if damaged is not None:
            table.abilities = {}
            for pair in _none_or_split(damaged):
                alien, _, ability = pair.partition(":")
                held = table.abilities.setdefault(alien.strip().lower(), [])
                held.append(_choice(line, ability.strip(), abilities, "ability"))
        for name, choices in (
            ("tie", ("crew", "alien")),
            ("ended", ("repulse", "defeat")),
            ("admiral", ("crew", "alien", "both")),
            ("volley", [s.value for s in self.content.systems]),
        ):
            given = line.option(name)
            if given is not None:
                setattr(
                    table, "tie_top" if name == "tie" else name, _choice(line, given, choices, name)
                )
        orders = line.option("crew-order"), line.option("alien-order")
        if orders[0] is not None:
            table.crew_damage = [
                _choice(line, r, worlds, "room") for r in _none_or_split(orders[0])
            ]
        if orders[1] is not None:
            table.alien_damage = [
                _choice(line, a, abilities, "ability") for a in _none_or_split(orders[1])
            ]
        table.crew_bunker, table.alien_bunker = line.flag("crew-bunker"), line.flag("alien-bunker")
        line.finish()

    def halon(self, line: _Line) -> None:
        """The ``halon`` variant's panel: charged unless ``empty``; the purges made."""
        panel = self.state.halon
        if panel is None:
            line.fail("a 'halon' line needs the halon variant: add 'variants halon'")
        panel.charged = not line.flag("empty")
        purges = line.option("purges")
        line.finish()
        if purges is not None:
            panel.purges = _int(line, purges, "purges")

    def physiology(self, line: _Line) -> None:
        """The ``physiology`` cards: set-up's deal (from a generator of its own: the
        scenario's dice stay its ``rng`` line's) changed as the line says (P.1, P.2, P.4)."""
        table = self.physiology_table(line)
        rules = load_variants().physiology
        for damage in rules.types:
            given = line.option(damage.lower())
            if given is not None:  # the card swaps places with the one it replaces
                card = _choice(line, given, rules.cards, "damage card")
                other = next((t for t, c in table.cards.items() if c == card), None)
                if other is not None:
                    table.cards[other] = table.cards[damage]
                table.cards[damage] = card
        for name in ("up", "studied"):
            given = line.option(name)
            if given is not None:
                found = {
                    _choice(line, t, rules.types, "damage type") for t in _none_or_split(given)
                }
                setattr(table, name, found)
        line.finish()
        table.aside = sorted(c for c in rules.cards if c not in table.cards.values())

    def physiology_table(self, line: _Line | None = None) -> PhysiologyState:
        if "physiology" not in self.state.variants:
            assert line is not None
            line.fail("a 'physiology' line needs the variant: add 'variants physiology'")
        if self.state.physiology is None or not self.state.physiology.cards:
            rules = load_variants().physiology
            deck: list[str] = Rng(self.state.seed).shuffled(list(rules.cards))
            table = PhysiologyState(cards=dict(zip(rules.types, deck, strict=False)))
            table.aside = sorted(deck[len(rules.types) :])
            self.state.physiology = table
        return self.state.physiology

    def regeneration(self, line: _Line) -> None:
        self.state.regeneration = _int(line, line.take("a number"), "the tokens")
        line.finish()

    def raids_table(self) -> RaidsState:
        if self.state.raids is None:
            self.state.raids = new_raids(Rng(self.state.seed), load_variants().raids)
        return self.state.raids

    def item(self, line: _Line) -> None:
        self.add_item(line, crate=False)

    def supplies(self, line: _Line) -> None:
        self.add_item(line, crate=True)

    def add_item(self, line: _Line, *, crate: bool) -> None:
        """An ``item`` line (gear) or a ``supplies`` line (a crate and its contents)."""
        in_locker, active = line.flag("in-locker"), line.flag("active")
        out_of_play, examined = line.flag("out-of-play"), line.option("examined")
        item_id = line.take("an item id").lower()
        self.claim(line, f"item {item_id}")
        if item_id in self.state.humans:
            line.fail(f"'{item_id}' is a human's id")
        if crate:
            contents = [k.value for k in self.content.supplies.markers]
            kind, supply = SUPPLIES, _choice(line, line.take("its contents"), contents, "supply")
        else:
            kinds = [k.value for k in self.content.gear]
            kind, supply = _choice(line, line.take("a gear kind"), kinds, "gear kind"), None
        grid = self.grid_if_any(line)
        line.finish()
        seen = {_choice(line, s, _SIDES, "side") for s in _split(examined or "")}
        if in_locker and grid not in self.ship.grids_with(Feature.LOCKER):
            line.fail("an item in-locker lies in a locker grid")
        if out_of_play and grid is not None:
            line.fail("an out-of-play item has no grid")
        item = Item(item_id, kind, grid, None, in_locker, supply, seen, active)
        self.items[item_id] = _ItemLine(line, item, out_of_play)

    def items_line(self, line: _Line) -> None:
        _choice(line, line.take("'none'"), ("none",), "word here")
        line.finish()
        self.items_none = line

    def door(self, line: _Line) -> None:
        door_id = _choice(line, line.take("a door id"), self.ship.doors, "door")
        self.claim(line, f"door {door_id}")
        state = DoorState(
            _choice(line, line.take("its state"), [d.value for d in DoorState], "state")
        )
        line.finish()
        if state is DoorState.OPEN:
            self.state.doors.pop(door_id, None)
        else:
            self.state.doors[door_id] = state

    def nexus(self, line: _Line) -> None:
        repaired = line.flag("repaired")
        revealed = line.flag("revealed")
        rotated = line.option("rotated")
        grid = self.grid(line, line.take("a nexus grid"))
        if grid not in self.state.nexus:
            line.fail(
                f"{grid} is not a nexus grid", legal=[str(g) for g in sorted(self.state.nexus)]
            )
        systems = [s.value for s in self.content.systems]
        system = _choice(line, " ".join(line.rest()), systems, "system")
        self.claim(line, f"nexus {grid}")
        self.claim(line, f"system {system}")
        nexus = self.state.nexus
        holder = next(g for g, s in nexus.items() if s == system)
        nexus[holder], nexus[grid] = nexus[grid], system
        if revealed:
            self.state.nexus_revealed.add(grid)
        if rotated is not None:
            self.state.countdown[grid] = _int(line, rotated, "rotated")
        if repaired:  # C.9: a repaired system's marker is removed from play
            del nexus[grid]
            self.state.nexus_revealed.discard(grid)
            self.state.countdown.pop(grid, None)

    def pod(self, line: _Line) -> None:
        units = line.option("launched")
        if units is None and not line.flag("launched"):
            line.fail(f"write {USAGE['pod']}")
        pods = [r.key for r in self.ship.regions.values() if r.kind is RegionKind.POD]
        key = _choice(line, line.take("a pod"), pods, "life pod")
        line.finish()
        self.claim(line, f"pod {key}")
        self.state.launched_pods[key] = _split(units or "")
        self.pods.append((line, key))

    def declarations(self, line: _Line) -> None:
        self.state.declarations = line.rest()

    def sightings(self, line: _Line) -> None:
        self.state.sightings = self.grids(line, line.rest())

    def searched(self, line: _Line) -> None:
        self.state.searched = set(self.grids(line, line.rest()))

    def destroyed(self, line: _Line) -> None:
        systems = [s.value for s in self.content.systems]
        names = " ".join(line.rest()).split(",")
        self.state.ship_destroyed = [_choice(line, n.strip(), systems, "system") for n in names]

    def result(self, line: _Line) -> None:
        self.state.result = " ".join(line.rest())

    def reactions(self, line: _Line) -> None:
        """The ``reactions`` variant's table (W.1-W.3), each part as given."""
        table = self.state.reactions
        if table is None:
            line.fail("a 'reactions' line needs the reactions variant: add 'variants reactions'")
        cards = [c.id for c in load_variants().reactions.cards]
        for name in ("deck", "discard"):
            given = line.option(name)
            if given is not None:
                found = [_choice(line, c, cards, "reaction card") for c in _none_or_split(given)]
                setattr(table, name, found)
        active, alien = line.option("active"), line.option("alien")
        if active is not None:
            table.active = _choice(line, active, cards, "reaction card")
        if alien is not None:
            table.active_alien = alien
        for name in ("rage", "fear"):
            given = line.option(name)
            if given is not None:
                setattr(table, name, set(_none_or_split(given)))
        for name in ("ferocious", "critical"):
            given = line.option(name)
            if given is not None:
                pairs = [p.partition(":") for p in _none_or_split(given)]
                setattr(table, name, {a: _int(line, n, name) for a, _, n in pairs})
        table.slay_spent = line.flag("slain")
        line.finish()

    # --- after every line --------------------------------------------------------
    def finish(self) -> GameState:
        state = self.state
        larva = state.aliens.get("alien1")
        if larva is not None and state.alien_secrets.abilities:  # the hand goes to the Larva
            larva.abilities[:0], state.alien_secrets.abilities = state.alien_secrets.abilities, []
        if self.revealed is not None:
            line, names = self.revealed
            held = held_abilities(state)
            state.alien_secrets.revealed_abilities = {
                _choice(line, a, held, "held ability") for a in names
            }
        if not self.turn_given:
            state.turn, state.phase, state.setup = 1, Phase.ALIEN, SetupStep.DONE
        if "raids" in state.variants and state.phase is not Phase.SETUP:
            self.raids_table()  # in play, the deck is built (0.2)
        if "physiology" in state.variants and state.phase is not Phase.SETUP:
            self.physiology_table()  # in play, the cards are dealt (P.1)
        carried = self.carried()
        self.finish_items(carried)
        for thing, carry in carried.items():
            if thing in state.humans:
                state.humans[thing].holder = carry.carrier
        self.finish_units([*state.humans, *state.aliens])
        return state

    def finish_units(self, units: list[str]) -> None:
        """Check the units other lines name; give each its default actions."""
        state = self.state
        if self.active is not None:
            line, unit = self.active
            state.active_unit = _choice(line, unit, units, "unit")
            _check_active(line, state, state.active_unit)
        for line, key in self.pods:
            state.launched_pods[key] = [
                _choice(line, u, units, "unit") for u in state.launched_pods[key]
            ]
        for unit in units:
            if unit not in self.explicit_actions:
                self.actions_of(unit, default_actions(state, self.content, unit))

    def carried(self) -> dict[str, _Carry]:
        """Each carried id and who carries it."""
        found: dict[str, _Carry] = {}
        for carry in self.carries:
            for thing in carry.ids:
                if thing in found:
                    carry.line.fail(f"'{thing}' is carried on line {found[thing].line.number} too")
                if thing == carry.carrier:
                    carry.line.fail(f"{thing} cannot carry itself")
                found[thing] = carry
        return found

    def finish_items(self, carried: dict[str, _Carry]) -> None:
        gear = [thing for thing in carried if thing not in self.state.humans]
        if not (self.items or gear or self.items_none):
            return  # the lockers keep their B.1.1 kits
        if self.items_none and (self.items or gear):
            self.items_none.fail("'items none' but the block names items")
        self.state.items = {}
        for item_id, entry in self.items.items():
            self.place_item(entry, carried.get(item_id))
        for thing in gear:
            if thing not in self.items:
                self.state.items[thing] = self.implied_item(carried[thing], thing)

    def place_item(self, entry: _ItemLine, carry: _Carry | None) -> None:
        item = entry.item
        if carry is not None and (item.grid is not None or entry.out_of_play):
            where = f"lies at {item.grid}" if item.grid else "is out of play"
            carry.line.fail(
                f"{carry.carrier} cannot carry {item.id}: it {where} (line {entry.line.number})"
            )
        if carry is None and item.grid is None and not entry.out_of_play:
            entry.line.fail(f"{item.id} needs a grid, a carrier's carries= or out-of-play")
        item.holder = carry.carrier if carry else None
        self.state.items[item.id] = item

    def implied_item(self, carry: _Carry, item_id: str) -> Item:
        kind = infer_kind(self.content, item_id)
        if kind is None:
            carry.line.fail(
                f"'{item_id}' is no human, item line or gear id like carbine1",
                legal=[k.value.lower() for k in self.content.gear],
            )
        return Item(item_id, kind, holder=carry.carrier)


def default_step(phase: Phase) -> SetupStep:
    return SetupStep.DEAD if phase is Phase.SETUP else SetupStep.DONE


def _check_ends(line: _Line, route: list[Grid], grid: Grid | None, what: str) -> None:
    if grid is not None and route and route[-1] != grid:
        line.fail(f"{what} ends at {route[-1]}, not at the alien's grid {grid}")


def default_actions(state: GameState, content: Content, unit_id: str) -> int:
    """The actions a unit holds if nothing was spent: its C.2 earnings in its own
    phase (live and not done), otherwise none."""
    if unit_id in state.done_units:
        return 0
    if unit_id in state.aliens:
        alien = state.aliens[unit_id]
        live = not alien.dead and alien.fate is Fate.ABOARD
        return content.alien_stats.actions if live and state.phase is Phase.ALIEN else 0
    human = state.humans[unit_id]
    live = human.alive and human.fate is Fate.ABOARD and human.role is not None
    return human_actions(content, human) if live and state.phase is Phase.CREW else 0


_HANDLERS: dict[str, Callable[[_Builder, _Line], None]] = {
    "rng": _Builder.rng,
    "turn": _Builder.turn,
    "crew": _Builder.crew,
    "cadaver": _Builder.cadaver,
    "alien": _Builder.alien,
    "alien-side": _Builder.alien_side,
    "crew-side": _Builder.crew_side,
    "item": _Builder.item,
    "supplies": _Builder.supplies,
    "items": _Builder.items_line,
    "door": _Builder.door,
    "nexus": _Builder.nexus,
    "pod": _Builder.pod,
    "declarations": _Builder.declarations,
    "sightings": _Builder.sightings,
    "searched": _Builder.searched,
    "destroyed": _Builder.destroyed,
    "result": _Builder.result,
    "noise": _Builder.noise,
    "emergency": _Builder.emergency,
    "emergencies": _Builder.emergencies,
    "raids": _Builder.raids,
    "reactions": _Builder.reactions,
    "halon": _Builder.halon,
    "physiology": _Builder.physiology,
    "regeneration": _Builder.regeneration,
}


def _seed(lines: list[_Line], given: int | None, block_start: int) -> int:
    found = [line for line in lines if line.keyword == "seed"]
    if not found:
        if given is None:
            raise ScenarioError(block_start, "a scenario needs a line 'seed N'")
        return given
    line = found[0]
    seed = _int(line, line.take("a number"), "the seed")
    line.finish()
    if given is not None and seed != given:
        line.fail(f"the scenario says seed {seed} but the script said seed {given}")
    return seed


def _variants(lines: list[_Line], given: frozenset[str]) -> frozenset[str]:
    """The block's ``variants`` line, or the script's when the block has none."""
    found = [line for line in lines if line.keyword == "variants"]
    if not found:
        return given
    line = found[0]
    names = line.words[1:]
    if not names:
        line.fail("name the variants: " + USAGE["variants"])
    try:
        chosen = known(names)
    except VariantError as err:
        line.fail(err.message, legal=err.legal)
    if given and chosen != given:
        line.fail("the scenario's variants are not the script's 'variants' line")
    return chosen


def _card(line: _Line, text: str) -> str:
    """A raid card as the data writes it: a whole number (may be negative) or M+X."""
    if not re.fullmatch(r"-?[0-9]{1,2}|M\+[0-9]", text):
        line.fail(f"'{text}' is not a raid card: a number like 3 or -1, or M+3")
    return text


def _none_or_split(text: str) -> list[str]:
    return [] if text.lower() == "none" else _split(text)


def _check_active(line: _Line, state: GameState, unit: str) -> None:
    """The acting unit (C.2) is a living unit of the side whose phase it is, on the board."""
    side = {Phase.ALIEN: "alien", Phase.CREW: "crew"}.get(state.phase)
    if side is None:
        line.fail(f"no unit acts in the {state.phase.value} phase: leave out active=")
    if state.side_of(unit).value != side:
        line.fail(f"the active unit {unit} is not the {side}'s, whose phase it is")
    if unit in state.aliens:
        alien = state.aliens[unit]
        alive = alien.fate is Fate.ABOARD and not alien.dead
    else:
        human = state.humans[unit]
        alive = human.fate is Fate.ABOARD and human.condition is not Condition.DECEASED
    if not alive or state.unit_grid(unit) is None:
        line.fail(f"the active unit {unit} is not on the board: give it a grid, or another unit")


def parse_scenario(
    text: str,
    ship: Ship | None = None,
    content: Content | None = None,
    *,
    seed: int | None = None,
    variants: frozenset[str] = frozenset(),
    first_line: int = 1,
) -> GameState:
    """Read a ``scenario … end`` block; raise ScenarioError naming the bad line.

    ``seed`` and ``variants`` are the script's, for a block without its own ``seed`` or
    ``variants`` line; ``first_line`` numbers the block's first line, so errors name file
    lines."""
    ship = ship or default_ship()
    content = content or load_content()
    lines = _lines(text, first_line)
    seen: dict[str, int] = {}
    for line in lines:
        if line.keyword not in USAGE:
            line.fail(f"unknown line '{line.words[0]}'", legal=list(USAGE))
        if line.keyword in _ONCE and line.keyword in seen:
            line.fail(f"a second '{line.keyword}' line (the first is line {seen[line.keyword]})")
        seen[line.keyword] = line.number
    start = new_game(_seed(lines, seed, first_line), ship, content, _variants(lines, variants))
    builder = _Builder(ship, content, start)
    for line in lines:
        if line.keyword not in ("seed", "variants"):
            _HANDLERS[line.keyword](builder, line)
    return builder.finish()


def scenario_game(
    text: str,
    ship: Ship | None = None,
    content: Content | None = None,
    *,
    seed: int | None = None,
    variants: frozenset[str] = frozenset(),
    first_line: int = 1,
) -> Game:
    """A game that starts from a scenario instead of set-up. Its log holds only the
    commands played after, so keep the scenario text with the script to replay it."""
    ship = ship or default_ship()
    content = content or load_content()
    state = parse_scenario(text, ship, content, seed=seed, variants=variants, first_line=first_line)
    return Game(state.seed, ship, content, state)


def opening_game(
    seed: int, opening: str, ship: Ship | None = None, content: Content | None = None
) -> Game:
    """A game where its log begins: set-up from ``seed`` (``opening`` empty, or only a
    ``variants …`` line), or the scenario block ``opening`` (a tutorial's prepared
    position, an imported script)."""
    chosen = setup_variants(opening)
    if chosen is not None:
        return Game.new(seed, ship, content, chosen)
    return scenario_game(opening, ship, content)


def setup_opening(variants: frozenset[str]) -> str:
    """The opening of a game that starts at set-up with ``variants``: '' for none, else
    the ``variants …`` line (what a store keeps beside the seed)."""
    return variants_line(variants)


def opening_variants(opening: str) -> frozenset[str]:
    """The variants a stored opening names (its ``variants`` line, in a scenario block
    or alone), without building its game: what a lobby shows before the game starts."""
    for raw in opening.splitlines():
        head, *rest = raw.split(maxsplit=1) or [""]
        if head.lower() == HEADER:
            return known(rest)
    return frozenset()


def script_head(seed: int, opening: str) -> str:
    """A stored game's script up to its first command: ``seed N`` and its variants line,
    or its scenario block."""
    if setup_variants(opening) is None:
        return opening
    return "".join(f"{line}\n" for line in (f"seed {seed}", opening) if line)


def setup_variants(opening: str) -> frozenset[str] | None:
    """The variants of an opening that starts at set-up, or None for a scenario block."""
    text = opening.strip()
    if not text:
        return frozenset()
    head, *rest = text.split(maxsplit=1)
    if head.lower() != HEADER or "\n" in text:
        return None
    return known(rest)
