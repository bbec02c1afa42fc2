"""What a turn panel offers for one unit, sorted into Discord's shapes (no discord here).

Every choice is a command ``legal_commands`` gave for the unit: this module only
labels and groups them. Labels are built from the presser's :class:`View` (where the
unit stands, its actions, the doors it may see) and the ship's geometry, so a panel
never shows what its viewer may not know. Odds come from :mod:`engine.odds`, which
knows only what the attacking side knows.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass

from bot.present.locale import _, ngettext
from bot.present.names import in_words, numbered, the_alien, unit_labels
from engine import commands as c
from engine.board.geometry import Mover, reachable
from engine.board.grid import Grid
from engine.board.ship import Ship
from engine.odds import DIE_FACES, chance, needed_roll
from engine.views import View

SELECT_MAX = 25  # Discord: options per select menu
ROWS_MAX = 5  # Discord: action rows per message
BUTTONS_PER_ROW = 5
ID_MAX = 100  # Discord: custom_id and option value length

# Commands that get a button of their own (the rest go in the "Do…" select).
BUTTON_KINDS: tuple[type[c.Command], ...] = (
    c.Search,
    c.StartPipeRun,
    c.Surface,
    c.Feint,
    c.UseLift,
    c.UseHatch,
    c.Wait,
    c.EndUnit,
)
# The "Do…" select lists doors, lifts, hatches and items first.
OTHER_ORDER: tuple[type[c.Command], ...] = (
    c.OpenDoor,
    c.CloseDoor,
    c.UseLift,
    c.UseHatch,
    c.PickUp,
    c.Drop,
    c.Give,
)

Odds = Callable[[c.Attack], int | None]


@dataclass(frozen=True, slots=True)
class Choice:
    label: str
    command: str  # the command's notation: what a press plays


@dataclass(frozen=True, slots=True)
class Destination:
    """A legal move: where to, what it costs, the command that plays it."""

    to: Grid
    cost: int
    command: str


@dataclass(frozen=True, slots=True)
class UnitChoices:
    """One unit's legal commands in the panel's groups."""

    unit: str
    moves: tuple[Choice, ...] = ()  # every legal move, cheapest first
    destinations: tuple[Destination, ...] = ()  # the same moves, for sorting into places
    attacks: tuple[Choice, ...] = ()
    others: tuple[Choice, ...] = ()
    buttons: tuple[Choice, ...] = ()


def unit_grid(v: View, unit: str) -> tuple[str, int | None]:
    """Where ``unit`` stands and its actions left, as the viewer sees them."""
    for line in v.crew:
        if line.id == unit:
            return line.grid, line.actions
    for alien in v.aliens:
        if alien.id == unit:
            return alien.grid, alien.actions
    return "", None


def unit_name(v: View, unit: str) -> str:
    for line in v.crew:
        if line.id == unit:
            return line.name
    for alien in v.aliens:
        if alien.id == unit:
            return the_alien(alien.id, alien.stage)
    return unit


def choices_for(
    v: View,
    unit: str,
    legal: Sequence[c.Command],
    ship: Ship,
    odds: Odds,
    markers: Mapping[str, str] | None = None,
) -> UnitChoices:
    """Sort ``legal`` (the unit's legal commands) into moves, attacks, buttons and the
    rest; ``markers``: what the presser calls each marker (``engine.views.marker_names``),
    so that no label shows an id."""
    grid, actions = unit_grid(v, unit)
    words = {w for cmd in legal for w in cmd.notation().split(" ")}
    labels = numbered(words & set(markers or {}), markers or {}) | unit_labels(v)
    costs = _move_costs(v, unit, grid, actions, ship)
    moves: list[tuple[int, str, Choice]] = []
    destinations: list[Destination] = []
    attacks: list[Choice] = []
    buttons: list[Choice] = []
    others: list[tuple[int, Choice]] = []
    for command in legal:
        text = command.notation()
        if len(text) > ID_MAX:  # pragma: no cover - notations are short
            continue
        if isinstance(command, c.Move) and not command.creep:  # a creep is listed below
            to = command.route[-1]
            cost = costs.get(to)
            moves.append((cost or 0, str(to), Choice(move_label(to, cost, ship), text)))
            destinations.append(Destination(to, cost or 0, text))
        elif isinstance(command, c.Attack):
            attacks.append(Choice(attack_label(v, command, odds(command)), text))
        elif isinstance(command, BUTTON_KINDS):
            buttons.append(Choice(button_label(v, command), text))
        elif not isinstance(command, c.EndPhase):
            rank = next((i for i, k in enumerate(OTHER_ORDER) if isinstance(command, k)), 99)
            others.append((rank, Choice(other_label(command, labels), text)))
    moves.sort(key=lambda m: (m[0], m[1]))
    others.sort(key=lambda o: o[0])
    return UnitChoices(
        unit,
        tuple(m[2] for m in moves),
        tuple(sorted(destinations, key=lambda d: (d.cost, str(d.to)))),
        tuple(attacks),
        tuple(o[1] for o in others),
        tuple(buttons),
    )


def _move_costs(v: View, unit: str, grid: str, actions: int | None, ship: Ship) -> dict[Grid, int]:
    if not grid:
        return {}
    mover = Mover.HUMAN if any(line.id == unit for line in v.crew) else Mover.ALIEN
    budget = actions if actions is not None else 0
    return reachable(ship, Grid.parse(grid), budget, mover, v.board.doors)


def move_label(to: Grid, cost: int | None, ship: Ship) -> str:
    """ "1-F6 Infirmary, 2 actions"."""
    room = ship.region_of(to).name
    if cost is None:
        return f"{to} {room}"
    return f"{to} {room}, " + ngettext("{n} action", "{n} actions", cost).format(n=cost)


def attack_label(v: View, command: c.Attack, modifier: int | None) -> str:
    if command.target == "door":
        return _("Attack door {door}").format(door=command.door)
    if command.target == "wall":  # the emergencies variant (E.2b)
        side = _("Attack the wall on side {side}").format(side=command.door)
        return side + (f" +{command.boost}" if command.boost else "")
    target = command.target
    named = unit_name(v, target) if not _is_grid(target) else target
    boost = f" +{command.boost}" if command.boost else ""
    odds = f": {odds_words(modifier)}" if modifier is not None else ""
    return _("Attack {target}").format(target=named) + boost + odds


def odds_words(modifier: int) -> str:
    """ "needs 4+ (50%)", "cannot fail (100%)", "cannot succeed (0%)"."""
    need = needed_roll(modifier)
    if need <= 1:
        return _("cannot fail (100%)")
    if need > DIE_FACES:
        return _("cannot succeed (0%)")
    percent = round(chance(modifier) * 100)
    return _("needs {need}+ ({percent}%)").format(need=need, percent=percent)


def _is_grid(word: str) -> bool:
    return "-" in word and word[0].isdigit()


def button_label(v: View, command: c.Command) -> str:
    if isinstance(command, c.Search):
        return _("Search {actions}").format(actions=command.actions)
    if isinstance(command, c.UseLift):
        return _("Lift up") if command.direction == "up" else _("Lift down")
    if isinstance(command, c.EndUnit):
        return _("End {unit}").format(unit=unit_name(v, command.unit))
    words: dict[type[c.Command], str] = {
        c.StartPipeRun: _("Pipe-run"),
        c.Surface: _("Surface"),
        c.Feint: _("Feint"),
        c.UseHatch: _("Hatch"),
        c.Wait: _("Wait"),
    }
    return words.get(type(command), command.verb.capitalize())


def other_label(command: c.Command, labels: Mapping[str, str]) -> str:
    """The command without its unit, things by name (``labels``: ids to names):
    "open 0-H4/0-H5", "pickup Gear 2", "give Okeke AidKit"."""
    if isinstance(command, c.Counteract):  # the emergencies variant (E.4)
        said = _("Counteract emergency {field}").format(field=command.field)
        return said + (f" +{command.boost}" if command.boost else "")
    if isinstance(command, c.Purge):  # the halon variant (H.1)
        said = _("Purge the {room} with halon").format(room=command.room)
        return said + (f" +{command.boost}" if command.boost else "")
    if isinstance(command, c.Recharge):  # the halon variant (H.2)
        return _("Recharge the halon")
    if isinstance(command, c.Autopsy) and command.study:  # the physiology variant (P.4)
        said = _("autopsy {cadaver}, study the {damage} card").format(
            cadaver=labels.get(command.cadaver, command.cadaver), damage=command.study.title()
        )
        return (said + (f" +{command.boost}" if command.boost else ""))[:ID_MAX]
    if isinstance(command, c.Give):
        items = ", ".join(labels.get(i, i) for i in command.items)
        to = labels.get(command.to, command.to)
        if command.back:
            back = ", ".join(labels.get(i, i) for i in command.back)
            said = _("give {items} to {to} for {back}").format(items=items, to=to, back=back)
        else:
            said = _("give {items} to {to}").format(items=items, to=to)
        return said[:ID_MAX]
    words = command.notation().split()
    unit = getattr(command, "unit", None)
    if len(words) > 1 and words[1] == unit:
        words = [words[0], *words[2:]]
    return in_words(" ".join(words), labels)[:ID_MAX]


def page(options: Sequence[Choice], number: int, token: str) -> tuple[list[Choice], int]:
    """One page of at most 25 options; the last is "More…" (value ``token:N``) when the
    options do not fit. Returns the page and the page number actually shown."""
    if len(options) <= SELECT_MAX:
        return list(options), 0
    size = SELECT_MAX - 1
    pages = (len(options) + size - 1) // size
    number %= pages
    shown = list(options[number * size : (number + 1) * size])
    after = (number + 1) % pages
    more = _("More… (page {number} of {pages})").format(number=after + 1, pages=pages)
    shown.append(Choice(more, f"{token}:{after}"))
    return shown, number
