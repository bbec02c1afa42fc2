"""Read the ship from its hand-editable text file (format: ``data/ship.txt``'s header).

Structural mistakes (a ragged row, an unknown room letter, a door with no wall
behind it …) raise :class:`FloorplanError` naming the file line. The rulebook's
requirements on the finished ship live in :mod:`engine.board.brief`.
"""

from __future__ import annotations

import re
import shlex
from collections import defaultdict
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path

from engine.board.brief import check_brief
from engine.board.grid import COLUMN_LETTERS, Grid
from engine.board.ship import (
    KNOWN_TAGS,
    TAG_AIRLOCK,
    Cell,
    Deck,
    Door,
    DoorKind,
    Feature,
    Hatch,
    Lift,
    Region,
    RegionKind,
    Ship,
)

DEFAULT_SHIP_PATH = Path(__file__).resolve().parents[2] / "data" / "ship.txt"

VOID = "."
DOOR_ARROWS = {"^": (0, -1), ">": (1, 0), "v": (0, 1), "<": (-1, 0)}
SIMPLE_FEATURES = {"L": Feature.LOCKER, "N": Feature.NEXUS, "b": Feature.BED}
LIFT_LETTERS = "AB"
KNOWN_KITS = frozenset({"AidKit", "SciKit", "ToolKit", "TacKit", "Dunsel"})

_ROW_RE = re.compile(r"^\s*(\d+)\s+(\S+)\s+(\S+)\s*$")
_HEADER_RE = re.compile(r"^\s+([A-Z]+)\s+([A-Z]+)\s*$")


class FloorplanError(ValueError):
    """A floorplan file that cannot be read; says which line and why."""

    def __init__(self, source: str, line: int, problem: str) -> None:
        self.source = source
        self.line = line
        self.problem = problem
        where = f"{source} line {line}" if line else source
        super().__init__(f"{where}: {problem}")


@dataclass
class _DeckBlock:
    number: int
    line: int
    rows: list[tuple[int, str, str]] = field(default_factory=list)  # line, rooms, features
    regions: dict[str, tuple[int, list[str]]] = field(default_factory=dict)  # code -> line, words


@dataclass
class _Reader:
    source: str
    name: str = ""
    decks: dict[int, _DeckBlock] = field(default_factory=dict)
    current: _DeckBlock | None = None

    def fail(self, line: int, problem: str) -> FloorplanError:
        return FloorplanError(self.source, line, problem)

    def read_line(self, number: int, raw: str) -> None:
        text = raw.split("#", 1)[0].rstrip()
        if not text.strip():
            return
        words = text.split()
        keyword = words[0]
        if keyword == "ship":
            self.name = " ".join(shlex.split(text)[1:])
        elif keyword == "deck":
            self.start_deck(number, words)
        elif keyword == "region":
            self.add_region(number, text)
        elif _HEADER_RE.match(text):
            self.check_header(number, text)
        elif _ROW_RE.match(text):
            self.add_row(number, text)
        else:
            raise self.fail(number, f"cannot read {text.strip()!r}")

    def start_deck(self, number: int, words: list[str]) -> None:
        if len(words) != 2 or not words[1].isdigit():
            raise self.fail(number, "write a deck header as 'deck N' (N = 0 for Deck 00)")
        deck = int(words[1])
        if deck in self.decks:
            raise self.fail(number, f"deck {deck} is defined twice")
        self.current = _DeckBlock(deck, number)
        self.decks[deck] = self.current

    def block(self, number: int) -> _DeckBlock:
        if self.current is None:
            raise self.fail(number, "grid rows and regions must follow a 'deck N' line")
        return self.current

    def check_header(self, number: int, text: str) -> None:
        match = _HEADER_RE.match(text)
        assert match is not None
        for letters in match.groups():
            if letters != COLUMN_LETTERS[: len(letters)]:
                raise self.fail(number, f"column header {letters!r} must read A, B, C … in order")

    def add_row(self, number: int, text: str) -> None:
        block = self.block(number)
        match = _ROW_RE.match(text)
        assert match is not None
        row_no, rooms, features = match.groups()
        expected = len(block.rows) + 1
        if int(row_no) != expected:
            raise self.fail(number, f"row {row_no} out of order: expected row {expected}")
        if len(rooms) != len(features):
            raise self.fail(
                number,
                f"the rooms layer has {len(rooms)} grids but the features layer {len(features)}",
            )
        if block.rows and len(rooms) != len(block.rows[0][1]):
            raise self.fail(
                number, f"row is {len(rooms)} grids wide; the deck is {len(block.rows[0][1])}"
            )
        if len(rooms) > len(COLUMN_LETTERS):
            raise self.fail(number, f"at most {len(COLUMN_LETTERS)} columns")
        block.rows.append((number, rooms, features))

    def add_region(self, number: int, text: str) -> None:
        block = self.block(number)
        try:
            words = shlex.split(text)[1:]
        except ValueError as err:
            raise self.fail(number, f"cannot split region line: {err}") from err
        if len(words) < 3:
            raise self.fail(number, 'write a region as: region CODE KIND "Name" [key=value …]')
        code = words[0]
        if len(code) != 1 or code == VOID or not code.isalnum():
            raise self.fail(number, f"region code {code!r} must be one letter or digit")
        if code.lower() in block.regions:
            raise self.fail(number, f"region code {code!r} is used twice on deck {block.number}")
        block.regions[code.lower()] = (number, words)


def _region_code(char: str) -> str:
    return char.lower()


def _build_regions(reader: _Reader, block: _DeckBlock) -> dict[str, Region]:
    grids_by_code: dict[str, set[Grid]] = defaultdict(set)
    for row, (line, rooms, _features) in enumerate(block.rows):
        for col, char in enumerate(rooms):
            if char == VOID:
                continue
            code = _region_code(char)
            if code not in block.regions:
                grid = Grid(block.number, col, row)
                raise reader.fail(line, f"grid {grid} uses room letter {char!r}, not defined")
            grids_by_code[code].add(Grid(block.number, col, row))
    regions: dict[str, Region] = {}
    for code, (line, words) in block.regions.items():
        region = _region_from_words(reader, block.number, line, words, grids_by_code[code])
        regions[region.key] = region
    return regions


def _region_from_words(
    reader: _Reader, deck: int, line: int, words: list[str], grids: set[Grid]
) -> Region:
    code, kind_word, name, *options = words
    try:
        kind = RegionKind(kind_word)
    except ValueError:
        kinds = ", ".join(k.value for k in RegionKind)
        raise reader.fail(line, f"region kind {kind_word!r} is not one of {kinds}") from None
    if not grids:
        raise reader.fail(line, f"region {code!r} ({name}) has no grids on deck {deck}")
    tags: set[str] = set()
    locker: tuple[str, ...] = ()
    for option in options:
        key, _, value = option.partition("=")
        if key == "tags":
            tags.update(t for t in value.split(",") if t)
        elif key == "locker":
            locker = tuple(k for k in value.split("+") if k)
        else:
            raise reader.fail(line, f"unknown region option {key!r} (use tags= or locker=)")
    unknown = sorted(tags - KNOWN_TAGS)
    if unknown:
        raise reader.fail(line, f"unknown tag(s) {', '.join(unknown)}")
    bad_kits = sorted(set(locker) - KNOWN_KITS)
    if bad_kits:
        raise reader.fail(line, f"unknown kit(s) {', '.join(bad_kits)} in locker")
    if not _connected(grids):
        raise reader.fail(line, f"region {code!r} ({name}) is split into separate pieces")
    return Region(
        key=f"{deck}{code.lower()}",
        deck=deck,
        code=code.lower(),
        name=name,
        kind=kind,
        tags=frozenset(tags),
        grids=frozenset(grids),
        locker=locker,
        line=line,
    )


def _connected(grids: set[Grid]) -> bool:
    start = next(iter(grids))
    seen = {start}
    todo = [start]
    while todo:
        for nxt in todo.pop().orthogonal_neighbours():
            if nxt in grids and nxt not in seen:
                seen.add(nxt)
                todo.append(nxt)
    return len(seen) == len(grids)


@dataclass
class _Features:
    cells: dict[Grid, Cell] = field(default_factory=dict)
    door_edges: list[tuple[int, Grid, Grid | None]] = field(default_factory=list)
    space_sides: dict[Grid, tuple[int, int]] = field(default_factory=dict)  # arrow to space
    lifts: dict[str, dict[int, Grid]] = field(default_factory=lambda: defaultdict(dict))
    hatches: dict[str, list[tuple[int, Grid]]] = field(default_factory=lambda: defaultdict(list))


def _read_features(reader: _Reader, block: _DeckBlock, found: _Features) -> None:
    height, width = len(block.rows), len(block.rows[0][1])
    for row, (line, rooms, features) in enumerate(block.rows):
        for col, (room_char, char) in enumerate(zip(rooms, features, strict=True)):
            grid = Grid(block.number, col, row)
            if room_char == VOID:
                if char != VOID:
                    raise reader.fail(line, f"feature {char!r} at {grid} lies outside the hull")
                continue
            feature, letter = _classify_feature(reader, line, grid, char, found)
            if char in DOOR_ARROWS:
                dcol, drow = DOOR_ARROWS[char]
                other = grid.shifted(dcol, drow)
                inside = 0 <= other.col < width and 0 <= other.row < height
                found.door_edges.append((line, grid, other if inside else None))
                found.space_sides[grid] = (dcol, drow)
            found.cells[grid] = Cell(
                grid=grid,
                region=f"{block.number}{_region_code(room_char)}",
                obstructed=room_char.isupper(),
                feature=feature,
                letter=letter,
            )


def _classify_feature(
    reader: _Reader, line: int, grid: Grid, char: str, found: _Features
) -> tuple[Feature | None, str]:
    if char == VOID or char in DOOR_ARROWS:
        return None, ""
    if char in SIMPLE_FEATURES:
        return SIMPLE_FEATURES[char], ""
    if char in LIFT_LETTERS:
        if grid.deck in found.lifts[char]:
            raise reader.fail(line, f"lift {char} appears twice on deck {grid.deck}")
        found.lifts[char][grid.deck] = grid
        return Feature.LIFT, char
    if char.islower() and char.isalpha():
        letter = char.upper()
        found.hatches[letter].append((line, grid))
        return Feature.HATCH, letter
    raise reader.fail(
        line,
        f"feature {char!r} at {grid} is unknown: use . A B (lifts) L N b, "
        "a lower-case hatch letter, or a door arrow ^ > v <",
    )


def _resolve_void_edges(reader: _Reader, found: _Features) -> list[tuple[int, Grid, Grid | None]]:
    """A door arrow pointing at a void grid opens to space, like one off the deck."""
    edges = []
    for line, a, b in found.door_edges:
        if b is not None and b not in found.cells:
            b = None
        if b is not None and found.cells[a].region == found.cells[b].region:
            raise reader.fail(line, f"door between {a} and {b}: there is no wall there")
        edges.append((line, a, b))
    return edges


def _build_doors(reader: _Reader, found: _Features, regions: dict[str, Region]) -> dict[str, Door]:
    edges = _resolve_void_edges(reader, found)
    seen: dict[frozenset[Grid | None], int] = {}
    for line, a, b in edges:
        key = frozenset((a, b))
        if key in seen:
            raise reader.fail(line, f"door between {a} and {b} is also marked on line {seen[key]}")
        seen[key] = line
    groups = _group_edges(edges, found)
    doors: dict[str, Door] = {}
    for group in groups:
        door = _make_door(reader, group, found, regions)
        doors[door.id] = door
    return doors


def _edge_regions(found: _Features, a: Grid, b: Grid | None) -> tuple[str, str | None]:
    return found.cells[a].region, None if b is None else found.cells[b].region


def _canonical(
    found: _Features, a: Grid, b: Grid | None
) -> tuple[Grid, Grid | None, tuple[str, str | None]]:
    """Orient an edge so its regions read in a fixed order (space last)."""
    ra, rb = _edge_regions(found, a, b)
    if b is not None and rb is not None and rb < ra:
        return b, a, (rb, ra)
    return a, b, (ra, rb)


def _group_edges(
    edges: list[tuple[int, Grid, Grid | None]], found: _Features
) -> list[list[tuple[int, Grid, Grid | None]]]:
    """Join side-by-side door segments between the same two regions into one door."""
    oriented = [(line, *_canonical(found, a, b)) for line, a, b in edges]
    oriented.sort(key=lambda e: (e[1], e[2] or e[1]))
    groups: list[list[tuple[int, Grid, Grid | None]]] = []
    for line, a, b, regs in oriented:
        for group in groups:
            if any(_adjacent_segments(a, b, regs, ga, gb, found) for _, ga, gb in group):
                group.append((line, a, b))
                break
        else:
            groups.append([(line, a, b)])
    return groups


def _adjacent_segments(
    a: Grid,
    b: Grid | None,
    regs: tuple[str, str | None],
    ga: Grid,
    gb: Grid | None,
    found: _Features,
) -> bool:
    if _canonical(found, ga, gb)[2] != regs:
        return False
    if (b is None) != (gb is None):
        return False
    direction = None if b is None else (b.col - a.col, b.row - a.row)
    other_dir = None if gb is None else (gb.col - ga.col, gb.row - ga.row)
    if direction != other_dir:
        return False
    return abs(a.col - ga.col) + abs(a.row - ga.row) == 1


def _make_door(
    reader: _Reader,
    group: list[tuple[int, Grid, Grid | None]],
    found: _Features,
    regions: dict[str, Region],
) -> Door:
    line, a, b = group[0]
    ra, rb = _edge_regions(found, a, b)
    kinds = {regions[ra].kind} | ({regions[rb].kind} if rb else set())
    airlock = TAG_AIRLOCK in regions[ra].tags or (
        rb is not None and TAG_AIRLOCK in regions[rb].tags
    )
    if b is None and not airlock:
        raise reader.fail(line, f"door at {a} opens to space, but only the Air Lock may")
    if RegionKind.POD in kinds:
        kind = DoorKind.POD
    elif b is None:
        kind = DoorKind.AIRLOCK_OUTER
    elif airlock:
        kind = DoorKind.AIRLOCK_INNER
    elif len(group) > 1:
        kind = DoorKind.LARGE
    else:
        kind = DoorKind.NORMAL
    name = f"{a}/space" if b is None else "/".join(str(g) for g in sorted((a, b)))
    return Door(
        id=name,
        kind=kind,
        edges=tuple((ga, gb) for _, ga, gb in group),
        regions=(ra, rb),
        space_side=found.space_sides[a] if b is None else None,
    )


def _build_lifts(reader: _Reader, found: _Features, decks: list[int]) -> dict[str, Lift]:
    lifts = {}
    for letter, by_deck in sorted(found.lifts.items()):
        missing = [d for d in decks if d not in by_deck]
        if missing:
            raise reader.fail(0, f"lift {letter} has no grid on deck(s) {missing}")
        lifts[letter] = Lift(letter, dict(sorted(by_deck.items())))
    return lifts


def _build_hatches(reader: _Reader, found: _Features) -> dict[str, Hatch]:
    hatches = {}
    for letter, ends in sorted(found.hatches.items()):
        line = ends[0][0]
        if len(ends) != 2:
            raise reader.fail(line, f"hatch {letter} must appear on exactly two decks")
        (_, g1), (_, g2) = sorted(ends, key=lambda e: e[1].deck)
        if g2.deck - g1.deck != 1:
            raise reader.fail(line, f"hatch {letter} must join adjacent decks, not {g1} and {g2}")
        hatches[letter] = Hatch(letter, lower=g1, upper=g2)
    return hatches


def parse_floorplan(text: str, source: str = "floorplan") -> Ship:
    """Build a :class:`Ship` from floorplan text; raise FloorplanError on any mistake."""
    reader = _Reader(source)
    for number, raw in enumerate(text.splitlines(), start=1):
        reader.read_line(number, raw)
    if not reader.decks:
        raise reader.fail(0, "no 'deck N' blocks found")
    decks: dict[int, Deck] = {}
    regions: dict[str, Region] = {}
    found = _Features()
    for number, block in sorted(reader.decks.items()):
        if not block.rows:
            raise reader.fail(block.line, f"deck {number} has no grid rows")
        decks[number] = Deck(number, width=len(block.rows[0][1]), height=len(block.rows))
        regions.update(_build_regions(reader, block))
        _read_features(reader, block, found)
    return Ship(
        name=reader.name or "unnamed ship",
        decks=decks,
        cells=found.cells,
        regions=regions,
        doors=_build_doors(reader, found, regions),
        lifts=_build_lifts(reader, found, sorted(decks)),
        hatches=_build_hatches(reader, found),
    )


def read_floorplan(path: Path) -> Ship:
    return parse_floorplan(path.read_text(encoding="utf-8"), source=path.name)


@lru_cache(maxsize=1)
def default_ship() -> Ship:
    """The CFS Quicksilver from ``data/ship.txt``, checked against the brief."""
    ship = read_floorplan(DEFAULT_SHIP_PATH)
    require_brief(ship, source=DEFAULT_SHIP_PATH.name)
    return ship


def require_brief(ship: Ship, source: str) -> None:
    """Raise FloorplanError listing every violation of the brief, if there is any."""
    violations = check_brief(ship)
    if violations:
        lines = "\n  ".join(str(v) for v in violations)
        raise FloorplanError(source, violations[0].line, f"violates the brief:\n  {lines}")
