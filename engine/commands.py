"""The one command language: typed values that round-trip through text.

``parse("move hyun 1-F6")`` gives ``Move("hyun", (Grid(1, 5, 5),))`` and
``notation()`` gives the text back. Discord, the terminal table and test scripts
all speak it; a bad line raises :class:`ParseError` saying what was wrong and
what the verb expects.
"""

from __future__ import annotations

import shlex
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import ClassVar, Self

from engine.board.grid import Grid, GridParseError
from engine.errors import ParseError, RoomNamed


@dataclass(frozen=True, slots=True)
class Command:
    verb: ClassVar[str] = ""
    usage: ClassVar[str] = ""
    help: ClassVar[str] = ""

    def args(self) -> list[str]:
        return []

    def notation(self) -> str:
        return " ".join([self.verb, *(_quote(a) for a in self.args())])

    def __str__(self) -> str:
        return self.notation()

    @classmethod
    def from_args(cls, args: list[str]) -> Self:
        _expect_count(cls, args, 0, 0)
        return cls()


def _quote(word: str) -> str:
    return shlex.quote(word) if (" " in word or not word) else word


def whole(word: str, digits: int = 6) -> int | None:
    """``word`` as a whole number when it is 1 to ``digits`` ASCII digits (0-9), else
    None: ``²``, ``٣`` and their kind pass ``str.isdigit`` but are no numbers we read."""
    if 0 < len(word) <= digits and all("0" <= ch <= "9" for ch in word):
        return int(word)
    return None


def _expect_count(cls: type[Command], args: Sequence[str], least: int, most: int | None) -> None:
    if len(args) < least or (most is not None and len(args) > most):
        raise ParseError(f"'{cls.verb}' takes: {cls.usage}")


def _grid(cls: type[Command], word: str) -> Grid:
    try:
        return Grid.parse(word)
    except GridParseError as err:
        raise ParseError(f"{err} (in '{cls.usage}')") from None


def _is_grid(word: str) -> bool:
    try:
        Grid.parse(word)
    except GridParseError:
        return False
    return True


def _unit(word: str) -> str:
    return "alien1" if word.lower() == "alien" else word.lower()


def _door_spec(word: str) -> str:
    """A door id in its canonical spelling ("0-H4/0-H5"), or a word (n, inner, nexus …)."""
    if "/" not in word:
        return _unit(word)
    try:
        return "/".join(p if p.lower() == "space" else str(Grid.parse(p)) for p in word.split("/"))
    except GridParseError:
        return word.lower()


def _target(word: str) -> str:
    """A unit id, a grid in its canonical spelling ("0-G7"), or a keyword."""
    try:
        return str(Grid.parse(word))
    except GridParseError:
        return _unit(word)


def _boost(cls: type[Command], args: list[str]) -> tuple[list[str], int]:
    """Split off a '+N' token: the actions committed to a roll (C.1)."""
    rest, boost = [], 0
    for word in args:
        if word.startswith("+"):
            number = whole(word[1:])
            if number is None:
                raise ParseError(f"'{word}' is not a number of actions like +2 ({cls.usage})")
            boost = number
        else:
            rest.append(word)
    return rest, boost


def _unit_other_boost(cls: type[Command], args: list[str]) -> tuple[str, str, int]:
    """``UNIT [OTHER] [+N]``: the shape of heal, autopsy and spawn."""
    args, boost = _boost(cls, args)
    _expect_count(cls, args, 1, 2)
    return _unit(args[0]), _unit(args[1]) if len(args) == 2 else "", boost


def _boost_word(boost: int) -> list[str]:
    return [f"+{boost}"] if boost else []


# --- setup (B.1) --------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class HumansCommand(Command):
    """A set-up choice of exactly ``count`` humans."""

    count: ClassVar[int] = 0
    humans: tuple[str, ...]

    def args(self) -> list[str]:
        return list(self.humans)

    @classmethod
    def from_args(cls, args: list[str]) -> Self:
        _expect_count(cls, args, cls.count, cls.count)
        return cls(tuple(_unit(a) for a in args))


@dataclass(frozen=True, slots=True)
class ChooseDead(HumansCommand):
    verb = "dead"
    usage = "dead HUMAN HUMAN HUMAN HUMAN"
    help = "choose the four humans killed on the planet (B.1.2)"
    count = 4


@dataclass(frozen=True, slots=True)
class ChooseInjured(HumansCommand):
    verb = "injured"
    usage = "injured HUMAN HUMAN"
    help = "choose the two injured survivors in the Infirmary beds (B.1.2)"
    count = 2


@dataclass(frozen=True, slots=True)
class AssignRole(Command):
    verb = "role"
    usage = "role HUMAN ROLE"
    help = "give a survivor one of the eight remaining roles (B.1.2)"
    human: str
    role: str

    def args(self) -> list[str]:
        return [self.human, self.role]

    @classmethod
    def from_args(cls, args: list[str]) -> Self:
        _expect_count(cls, args, 2, None)
        return cls(_unit(args[0]), " ".join(args[1:]))


@dataclass(frozen=True, slots=True)
class PlaceHuman(Command):
    verb = "place"
    usage = "place HUMAN GRID"
    help = "place a survivor (at most three per deck, one per room: B.1.2)"
    human: str
    grid: Grid

    def args(self) -> list[str]:
        return [self.human, str(self.grid)]

    @classmethod
    def from_args(cls, args: list[str]) -> Self:
        _expect_count(cls, args, 2, 2)
        return cls(_unit(args[0]), _grid(cls, args[1]))


@dataclass(frozen=True, slots=True)
class PlaceSupplies(Command):
    verb = "supplies"
    usage = "supplies GRID×9 (six in the Cargo Hold, three in the Store)"
    help = "place the nine face-down supplies crates (B.1.2)"
    grids: tuple[Grid, ...]

    def args(self) -> list[str]:
        return [str(g) for g in self.grids]

    @classmethod
    def from_args(cls, args: list[str]) -> Self:
        _expect_count(cls, args, 9, 9)
        return cls(tuple(_grid(cls, a) for a in args))


@dataclass(frozen=True, slots=True)
class ChooseAbility(Command):
    verb = "ability"
    usage = "ability NAME"
    help = "choose the alien's secret first ability (B.1.3)"
    ability: str

    def args(self) -> list[str]:
        return [self.ability]

    @classmethod
    def from_args(cls, args: list[str]) -> Self:
        _expect_count(cls, args, 1, None)
        return cls(" ".join(args))


@dataclass(frozen=True, slots=True)
class PlaceLarva(Command):
    verb = "larva"
    usage = "larva GRID"
    help = "place the Larva in the Loading Bay or on a cadaver (B.1.3)"
    grid: Grid

    def args(self) -> list[str]:
        return [str(self.grid)]

    @classmethod
    def from_args(cls, args: list[str]) -> Self:
        _expect_count(cls, args, 1, 1)
        return cls(_grid(cls, args[0]))


@dataclass(frozen=True, slots=True)
class QuickSetup(Command):
    verb = "quick"
    usage = "quick"
    help = "make every remaining setup choice of your side at random, legally"


# --- units in play ---------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class UnitCommand(Command):
    unit: str

    def args(self) -> list[str]:
        return [self.unit]

    @classmethod
    def from_args(cls, args: list[str]) -> Self:
        _expect_count(cls, args, 1, 1)
        return cls(_unit(args[0]))


@dataclass(frozen=True, slots=True)
class Move(Command):
    verb = "move"
    usage = "move UNIT GRID [GRID …] [creep]"
    help = "walk to each grid in turn by the cheapest way (C.4); creep: noise variant, N.5"
    unit: str
    route: tuple[Grid, ...]
    creep: bool = False

    def args(self) -> list[str]:
        return [self.unit, *(str(g) for g in self.route), *(["creep"] if self.creep else [])]

    @classmethod
    def from_args(cls, args: list[str]) -> Self:
        creep = len(args) > 2 and args[-1].lower() == "creep"
        if creep:
            args = args[:-1]
        _expect_count(cls, args, 2, None)
        try:
            return cls(_unit(args[0]), tuple(_grid(cls, a) for a in args[1:]), creep)
        except ParseError as err:
            if any(_is_grid(a) for a in args[1:]):
                raise
            raise RoomNamed(_unit(args[0]), " ".join(args[1:]), err.message) from None


@dataclass(frozen=True, slots=True)
class UseLift(Command):
    verb = "lift"
    usage = "lift UNIT up|down"
    help = "ride the turbo lift one deck (C.4.5)"
    unit: str
    direction: str

    def args(self) -> list[str]:
        return [self.unit, self.direction]

    @classmethod
    def from_args(cls, args: list[str]) -> Self:
        _expect_count(cls, args, 2, 2)
        if args[1].lower() not in ("up", "down"):
            raise ParseError(f"a lift goes up or down, not '{args[1]}'", legal=[cls.usage])
        return cls(_unit(args[0]), args[1].lower())


@dataclass(frozen=True, slots=True)
class UseHatch(UnitCommand):
    verb = "hatch"
    usage = "hatch UNIT"
    help = "go through the maintenance hatch in your grid (C.4.6)"


@dataclass(frozen=True, slots=True)
class Feint(UnitCommand):
    verb = "feint"
    usage = "feint UNIT"
    help = "pipe-running: bang on the lift or hatch here without using it (C.7.1)"


@dataclass(frozen=True, slots=True)
class Wait(UnitCommand):
    verb = "wait"
    usage = "wait UNIT"
    help = "alien: spend an action doing nothing (declared 'Move', C.7.3)"


@dataclass(frozen=True, slots=True)
class DoorCommand(Command):
    unit: str
    door: str  # a door id, a direction (n/e/s/w) from the unit, or "inner"/"outer"

    def args(self) -> list[str]:
        return [self.unit, self.door] if self.door else [self.unit]

    @classmethod
    def from_args(cls, args: list[str]) -> Self:
        _expect_count(cls, args, 1, 2)
        return cls(_unit(args[0]), _door_spec(args[1]) if len(args) > 1 else "")


@dataclass(frozen=True, slots=True)
class OpenDoor(DoorCommand):
    verb = "open"
    usage = "open UNIT [DOOR|n|e|s|w|inner|outer]"
    help = "open a door from a doorway grid (C.4.3), the Air Lock Controls or Ops (G.3)"


@dataclass(frozen=True, slots=True)
class CloseDoor(DoorCommand):
    verb = "close"
    usage = "close UNIT [DOOR|n|e|s|w|inner|outer]"
    help = "close a door from a doorway grid (C.4.3), the Air Lock Controls or Ops (G.3)"


@dataclass(frozen=True, slots=True)
class StartPipeRun(UnitCommand):
    verb = "piperun"
    usage = "piperun UNIT"
    help = "vanish behind the pipes: secret movement (C.7)"


@dataclass(frozen=True, slots=True)
class Surface(UnitCommand):
    verb = "surface"
    usage = "surface UNIT"
    help = "end the pipe-run and show where the alien is (C.7.2)"


@dataclass(frozen=True, slots=True)
class Search(Command):
    verb = "search"
    usage = "search UNIT ACTIONS"
    help = "spend actions to search that many grids around (C.8)"
    unit: str
    actions: int

    def args(self) -> list[str]:
        return [self.unit, str(self.actions)]

    @classmethod
    def from_args(cls, args: list[str]) -> Self:
        _expect_count(cls, args, 2, 2)
        actions = whole(args[1])
        if actions is None or actions < 1:
            raise ParseError(f"search range must be 1 or more actions, not '{args[1]}'")
        return cls(_unit(args[0]), actions)


@dataclass(frozen=True, slots=True)
class Attack(Command):
    verb = "attack"
    usage = "attack UNIT TARGET|GRID|door [DOOR]|wall SIDE [with WEAPON] [+N]"
    help = "attack a unit, a grid (alien), a closed door (alien) or a wall (emergencies) (D)"
    unit: str
    target: str  # a unit id, a grid, or "door"
    door: str = ""
    weapon: str = ""
    boost: int = 0

    def args(self) -> list[str]:
        words = [self.unit, self.target]
        if self.door:
            words.append(self.door)
        if self.weapon:
            words += ["with", self.weapon]
        return words + _boost_word(self.boost)

    @classmethod
    def from_args(cls, args: list[str]) -> Self:
        args, boost = _boost(cls, args)
        weapon = ""
        if "with" in args:
            at = args.index("with")
            if at + 2 != len(args):
                raise ParseError("write 'with WEAPON' last, e.g. with carbine", legal=[cls.usage])
            weapon, args = args[at + 1].lower(), args[:at]
        _expect_count(cls, args, 2, 3)
        target = _target(args[1])
        door = _door_spec(args[2]) if len(args) == 3 else ""
        if door and target not in ("door", "wall"):
            raise ParseError(f"'{args[2]}' after the target: did you mean 'door {args[2]}'?")
        return cls(_unit(args[0]), target, door, weapon, boost)


@dataclass(frozen=True, slots=True)
class Heal(Command):
    verb = "heal"
    usage = "heal UNIT [TARGET] [+N]"
    help = "heal an injured human (Medical: D.5, E.2.1) or the alien itself"
    unit: str
    target: str = ""
    boost: int = 0

    def args(self) -> list[str]:
        return [self.unit, *([self.target] if self.target else []), *_boost_word(self.boost)]

    @classmethod
    def from_args(cls, args: list[str]) -> Self:
        return cls(*_unit_other_boost(cls, args))


@dataclass(frozen=True, slots=True)
class Repair(Command):
    verb = "repair"
    usage = "repair UNIT [DOOR|nexus|HUMOID|room|ABILITY] [open|closed] [+N]"
    help = (
        "an Engineer with a ToolKit repairs a smashed door (D.2), a system (C.9) or a "
        "Humoid; raids variant: a damaged room or ability (R.6)"
    )
    unit: str
    target: str = ""  # a door spec (as for open/close), "nexus", or a Humoid's id
    leave: str = "open"  # a repaired door is left open or closed (D.2)
    boost: int = 0

    def args(self) -> list[str]:
        words = [self.unit, *([self.target] if self.target else [])]
        return words + ([self.leave] if self.leave != "open" else []) + _boost_word(self.boost)

    @classmethod
    def from_args(cls, args: list[str]) -> Self:
        args, boost = _boost(cls, args)
        leave = "open"
        if args and args[-1].lower() in ("open", "closed"):
            leave = args.pop().lower()
        _expect_count(cls, args, 1, 2)
        return cls(_unit(args[0]), _door_spec(args[1]) if len(args) == 2 else "", leave, boost)


@dataclass(frozen=True, slots=True)
class ItemsCommand(Command):
    unit: str
    items: tuple[str, ...]

    def args(self) -> list[str]:
        return [self.unit, *self.items]

    @classmethod
    def from_args(cls, args: list[str]) -> Self:
        _expect_count(cls, args, 2, None)
        return cls(_unit(args[0]), tuple(a.lower() for a in args[1:]))


@dataclass(frozen=True, slots=True)
class PickUp(ItemsCommand):
    verb = "pickup"
    usage = "pickup UNIT ITEM [ITEM …]"
    help = "pick up gear, supplies or a body from your grid for one action (E.3.2)"


@dataclass(frozen=True, slots=True)
class Drop(ItemsCommand):
    verb = "drop"
    usage = "drop UNIT ITEM [ITEM …]"
    help = "drop carried things into your grid, free (E.3.2)"


@dataclass(frozen=True, slots=True)
class Give(Command):
    verb = "give"
    usage = "give UNIT ITEM [ITEM …] to UNIT [for ITEM …]"
    help = "hand gear to (or exchange it with) a willing unit in your grid for one action (E.3.2)"
    unit: str
    items: tuple[str, ...]
    to: str
    back: tuple[str, ...] = ()  # what the other unit hands over in exchange

    def args(self) -> list[str]:
        return [self.unit, *self.items, "to", self.to, *(["for", *self.back] if self.back else [])]

    @classmethod
    def from_args(cls, args: list[str]) -> Self:
        words = [a.lower() for a in args]
        back: list[str] = []
        if "for" in words:
            at = words.index("for")
            words, back = words[:at], words[at + 1 :]
            if not back:
                raise ParseError(f"'{cls.verb}' takes: {cls.usage}")
        if "to" not in words or words.index("to") < 2 or words.index("to") != len(words) - 2:
            raise ParseError(f"'{cls.verb}' takes: {cls.usage}")
        return cls(_unit(words[0]), tuple(words[1:-2]), _unit(words[-1]), tuple(back))


@dataclass(frozen=True, slots=True)
class OpenLocker(UnitCommand):
    verb = "unlock"
    usage = "unlock UNIT"
    help = "open the locker in your grid (E.2.6); the TacKit needs Command or Tactical (E.3.6)"


@dataclass(frozen=True, slots=True)
class Launch(UnitCommand):
    verb = "launch"
    usage = "launch UNIT [POD]"
    help = "launch a life pod from inside, its entrance grid, or Ops (E.2.4, G.3)"
    pod: str = ""

    def args(self) -> list[str]:
        return [self.unit, *([self.pod] if self.pod else [])]

    @classmethod
    def from_args(cls, args: list[str]) -> Self:
        _expect_count(cls, args, 1, 2)
        return cls(_unit(args[0]), _door_spec(args[1]) if len(args) == 2 else "")


@dataclass(frozen=True, slots=True)
class Forage(Command):
    verb = "forage"
    usage = "forage UNIT ACTIONS [CADAVER|CRATE]"
    help = "the alien eats a cadaver or food crate in its grid: 1-4 energy stores (C.10.1)"
    unit: str
    actions: int
    target: str = ""

    def args(self) -> list[str]:
        return [self.unit, str(self.actions), *([self.target] if self.target else [])]

    @classmethod
    def from_args(cls, args: list[str]) -> Self:
        _expect_count(cls, args, 2, 3)
        actions = whole(args[1])
        if actions is None or actions < 1:
            raise ParseError(f"forage takes 1 or more actions, not '{args[1]}' ({cls.usage})")
        return cls(_unit(args[0]), actions, args[2].lower() if len(args) == 3 else "")


@dataclass(frozen=True, slots=True)
class _UnitAndCrate(Command):
    """The shape ``VERB UNIT [CRATE]`` that examining and contributing share."""

    unit: str
    crate: str = ""

    def args(self) -> list[str]:
        return [self.unit, *([self.crate] if self.crate else [])]

    @classmethod
    def from_args(cls, args: list[str]) -> Self:
        _expect_count(cls, args, 1, 2)
        return cls(_unit(args[0]), args[1].lower() if len(args) == 2 else "")


@dataclass(frozen=True, slots=True)
class Examine(_UnitAndCrate):
    verb = "examine"
    usage = "examine UNIT [CRATE]"
    help = "look at a face-down supplies crate in your grid; only your side learns it (C.3)"


@dataclass(frozen=True, slots=True)
class BoostedUnitCommand(Command):
    unit: str
    boost: int = 0

    def args(self) -> list[str]:
        return [self.unit, *_boost_word(self.boost)]

    @classmethod
    def from_args(cls, args: list[str]) -> Self:
        args, boost = _boost(cls, args)
        _expect_count(cls, args, 1, 1)
        return cls(_unit(args[0]), boost)


@dataclass(frozen=True, slots=True)
class Mutate(BoostedUnitCommand):
    verb = "mutate"
    usage = "mutate UNIT [+N]"
    help = "spend four energy stores on a roll to grow to the next life stage (C.10)"


@dataclass(frozen=True, slots=True)
class Spawn(Command):
    verb = "spawn"
    usage = "spawn UNIT [CADAVER] [+N]"
    help = "Queen: spend four energy stores and a cadaver here on a roll to spawn a Larva (G.4)"
    unit: str
    cadaver: str = ""
    boost: int = 0

    def args(self) -> list[str]:
        return [self.unit, *([self.cadaver] if self.cadaver else []), *_boost_word(self.boost)]

    @classmethod
    def from_args(cls, args: list[str]) -> Self:
        return cls(*_unit_other_boost(cls, args))


@dataclass(frozen=True, slots=True)
class Surge(UnitCommand):
    verb = "surge"
    usage = "surge UNIT"
    help = "Surge: burn one energy store for two more actions, once a turn (G.4)"


@dataclass(frozen=True, slots=True)
class Autopsy(Command):
    verb = "autopsy"
    usage = "autopsy UNIT [CADAVER] [study TYPE] [+N]"
    help = "a Science human autopsies a cadaver with a SciKit or in the Lab (E.2.2)"
    unit: str
    cadaver: str = ""
    boost: int = 0
    study: str = ""  # the physiology variant: the damage type whose card to study (P.4)

    def args(self) -> list[str]:
        studied = ["study", self.study] if self.study else []
        other = [self.cadaver] if self.cadaver else []
        return [self.unit, *other, *studied, *_boost_word(self.boost)]

    @classmethod
    def from_args(cls, args: list[str]) -> Self:
        study = ""
        if "study" in args:
            at = args.index("study")
            if at + 1 >= len(args):
                raise ParseError(f"name the damage type to study after 'study' ({cls.usage})")
            study, args = args[at + 1].lower(), args[:at] + args[at + 2 :]
        return cls(*_unit_other_boost(cls, args), study=study)


@dataclass(frozen=True, slots=True)
class Fabricate(Command):
    verb = "fabricate"
    usage = "fabricate UNIT DEVICE [+N]"
    help = "build an improvised device from a blueprint: skill, supplies and room (E.4.2)"
    unit: str
    device: str
    boost: int = 0

    def args(self) -> list[str]:
        return [self.unit, self.device, *_boost_word(self.boost)]

    @classmethod
    def from_args(cls, args: list[str]) -> Self:
        args, boost = _boost(cls, args)
        _expect_count(cls, args, 2, None)
        return cls(_unit(args[0]), "".join(args[1:]).lower(), boost)


@dataclass(frozen=True, slots=True)
class Switch(Command):
    verb = "switch"
    usage = "switch UNIT ITEM on|off"
    help = "switch carried Ultrasonics on (revealed) or off, free (G.2.5)"
    unit: str
    item: str
    on: bool

    def args(self) -> list[str]:
        return [self.unit, self.item, "on" if self.on else "off"]

    @classmethod
    def from_args(cls, args: list[str]) -> Self:
        _expect_count(cls, args, 3, 3)
        if args[2].lower() not in ("on", "off"):
            raise ParseError(f"switch it on or off, not '{args[2]}'", legal=[cls.usage])
        return cls(_unit(args[0]), args[1].lower(), args[2].lower() == "on")


@dataclass(frozen=True, slots=True)
class Drive(Command):
    verb = "drive"
    usage = "drive GRID|off"
    help = "crew standing order: where Ultrasonics drive the alien (G.2.5)"
    toward: Grid | None

    def args(self) -> list[str]:
        return [str(self.toward) if self.toward else "off"]

    @classmethod
    def from_args(cls, args: list[str]) -> Self:
        _expect_count(cls, args, 1, 1)
        return cls(None if args[0].lower() == "off" else _grid(cls, args[0]))


@dataclass(frozen=True, slots=True)
class EndUnit(UnitCommand):
    verb = "end"
    usage = "end UNIT"
    help = "this unit is done for the phase (C.2); leftover actions search if the alien hides"


@dataclass(frozen=True, slots=True)
class Counteract(Command):
    verb = "counteract"
    usage = "counteract UNIT EMERGENCY [+N]"
    help = "from a terminal grid, roll against an emergency (the emergencies variant, E.4)"
    unit: str
    field: int  # the emergency's field on the panel, numbered from 1
    boost: int = 0

    def args(self) -> list[str]:
        return [self.unit, str(self.field), *_boost_word(self.boost)]

    @classmethod
    def from_args(cls, args: list[str]) -> Self:
        args, boost = _boost(cls, args)
        _expect_count(cls, args, 2, 2)
        field = whole(args[1], digits=2)
        if field is None or field < 1:
            raise ParseError(f"'{args[1]}' is not an emergency's field number like 1 ({cls.usage})")
        return cls(_unit(args[0]), field, boost)


@dataclass(frozen=True, slots=True)
class Purge(Command):
    verb = "purge"
    usage = "purge UNIT ROOM [+N]"
    help = "from the Command Deck, flood a sealed room with halon (the halon variant, H.1)"
    unit: str
    room: str  # a room's name ("Lab", "Machinery Space") or its key ("2q")
    boost: int = 0

    def args(self) -> list[str]:
        return [self.unit, self.room, *_boost_word(self.boost)]

    @classmethod
    def from_args(cls, args: list[str]) -> Self:
        args, boost = _boost(cls, args)
        _expect_count(cls, args, 2, None)
        return cls(_unit(args[0]), " ".join(args[1:]), boost)


@dataclass(frozen=True, slots=True)
class Recharge(UnitCommand):
    verb = "recharge"
    usage = "recharge UNIT"
    help = "load a carried Halon Tank into the Command Deck's system (the halon variant, H.2)"


@dataclass(frozen=True, slots=True)
class EndPhase(Command):
    verb = "pass"
    usage = "pass"
    help = "end your phase: every unit not yet done stops (C.2)"


@dataclass(frozen=True, slots=True)
class SetOrder(Command):
    verb = "order"
    usage = "order energy|ambush|bunker on|off, or order raid-damage NAME[,NAME…]|default"
    help = "standing order: spend an energy store to shrug off an exact 7 (D.5)"
    name: str
    value: bool
    targets: tuple[str, ...] = ()  # the raids variant's damage order (R.5), in order

    def args(self) -> list[str]:
        if self.name == RAID_DAMAGE:
            return [self.name, ",".join(self.targets) or "default"]
        return [self.name, "on" if self.value else "off"]

    @classmethod
    def from_args(cls, args: list[str]) -> Self:
        if args and args[0].lower() == RAID_DAMAGE:
            if len(args) < 2:
                raise ParseError(f"'order raid-damage' takes: {cls.usage}", legal=[cls.usage])
            named = [w.strip() for w in " ".join(args[1:]).split(",") if w.strip()]
            default = [w.lower() for w in named] == ["default"]
            return cls(RAID_DAMAGE, True, () if default else tuple(named))
        _expect_count(cls, args, 2, 2)
        name = args[0].lower()
        if name not in ("energy", "ambush", "bunker") or args[1].lower() not in ("on", "off"):
            raise ParseError(f"the standing orders are: {cls.usage}", legal=[cls.usage])
        return cls(name, args[1].lower() == "on")


RAID_DAMAGE = "raid-damage"


@dataclass(frozen=True, slots=True)
class Contribute(_UnitAndCrate):
    verb = "contribute"
    usage = "contribute UNIT [CRATE]"
    help = "raids variant: one action and a crate or an energy store lower the repulse value (R.8)"


@dataclass(frozen=True, slots=True)
class Rekey(Command):
    """The referee's, never a player's: the game's dice re-keyed at a moderator's rollback
    from secure randomness, written in the log so a replay rolls the same dice. Players
    never see it offered, and the bot and the terminal table refuse it typed (README,
    "Seeds"); a script may carry it, as a finished game's export does."""

    verb = "rekey"
    usage = "rekey KEY"
    help = "the referee re-keys the dice (a moderator's rollback); never a player's"
    key: int

    def args(self) -> list[str]:
        return [str(self.key)]

    @classmethod
    def from_args(cls, args: list[str]) -> Self:
        _expect_count(cls, args, 1, 1)
        key = whole(args[0], digits=20)
        if key is None:
            raise ParseError(f"'{args[0]}' is not a key ({cls.usage})")
        return cls(key)


COMMAND_TYPES: tuple[type[Command], ...] = (
    ChooseDead,
    ChooseInjured,
    AssignRole,
    PlaceHuman,
    PlaceSupplies,
    ChooseAbility,
    PlaceLarva,
    QuickSetup,
    Move,
    UseLift,
    UseHatch,
    Feint,
    Wait,
    OpenDoor,
    CloseDoor,
    StartPipeRun,
    Surface,
    Search,
    Attack,
    Heal,
    Repair,
    PickUp,
    Drop,
    Give,
    OpenLocker,
    Launch,
    Forage,
    Examine,
    Mutate,
    Spawn,
    Surge,
    Autopsy,
    Fabricate,
    Switch,
    Drive,
    EndUnit,
    EndPhase,
    SetOrder,
    Counteract,
    Contribute,
    Purge,
    Recharge,
)
VERBS: dict[str, type[Command]] = {cls.verb: cls for cls in COMMAND_TYPES}
# Read from a log or a script, never offered to a player (not in VERBS: help and the
# lists of legal verbs leave it out).
REFEREE_VERBS: dict[str, type[Command]] = {Rekey.verb: Rekey}
Parser = Callable[[list[str]], Command]


LONGEST = 1000  # characters: a long route is a few hundred; nothing legal is longer


def parse(text: str) -> Command:
    """Read one command; raise ParseError saying what is wrong and what is legal."""
    if len(text) > LONGEST:  # reading it would take long for nothing (shlex is quadratic)
        raise ParseError(f"a command is at most {LONGEST} characters; this one has {len(text)}")
    try:
        words = shlex.split(text.strip())
    except ValueError as err:
        raise ParseError(f"cannot read '{text}': {err}") from None
    if not words:
        raise ParseError("empty command", legal=sorted(VERBS))
    verb = words[0].lower()
    cls = VERBS.get(verb) or REFEREE_VERBS.get(verb)
    if cls is None:
        raise ParseError(f"unknown command '{words[0]}'", legal=sorted(VERBS))
    return cls.from_args(words[1:])
