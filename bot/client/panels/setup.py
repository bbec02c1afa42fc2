"""The set-up panel (B.1): every set-up choice of the presser's side by taps, one step
at a time, each step's legal choices in a menu (README, "Set-up by taps").

The alien chooses its ability and its Larva's grid (B.1.3); the crew its dead and its
injured (one menu each, naming all of them at once), each survivor's role, each
survivor's starting room and the crates' grids (B.1.2). Every option is a command the
engine offers (``legal_commands``, ``role_choices``) or a name of a step that names
several at once (``setup_pick``), whose command the engine checks when played. No
discord here: :mod:`bot.client.panels.press` draws and answers it.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from bot.client.panels import ids
from bot.client.panels.choices import SELECT_MAX, Choice, page
from bot.desk.service import Desk, Table
from bot.present.locale import _
from engine import commands as c
from engine.board.ship import Ship
from engine.legal import SetupPick, role_choices, setup_pick
from engine.state import SetupStep, Side
from engine.views import Viewer

# A menu naming several at once has the argument ``+``, its number on the panel (two
# menus may not share an id) and the crates' grids chosen so far (``+1:0-A1,0-A2``):
# short, as a custom id holds 100 characters.
SEVERAL = "+"


@dataclass(frozen=True, slots=True)
class Menu:
    """One menu of the set-up panel: ``low`` to ``high`` of its options at once."""

    arg: str  # the select's argument after the kind
    placeholder: str
    options: tuple[Choice, ...]
    low: int = 1
    high: int = 1


def setup_menus(
    desk: Desk, table: Table, user_id: int, side: Side, page_number: int, chosen: Sequence[str]
) -> list[Menu]:
    """The menus of the presser's side's set-up step now (``chosen``: the crates'
    grids picked so far)."""
    game = table.game
    assert game is not None
    if side is Side.ALIEN:
        return _alien_menus(desk.legal_for(table, user_id), game.ship, page_number)
    state = game.state
    names = {line.id: line.name for line in table.view_for(Viewer.CREW).crew}
    pick = setup_pick(state, side, game.ship, game.content)
    if pick is not None and pick.areas:
        return _crate_menus(pick, chosen)
    if pick is not None:
        return [_humans_menu(pick, names)]
    if state.setup is SetupStep.ROLES:
        return _role_menu(role_choices(state, side, game.ship, game.content), names)
    if state.setup is SetupStep.PLACE:
        return _place_menu(desk.legal_for(table, user_id), game.ship, names, page_number)
    return []


def _alien_menus(legal: Sequence[c.Command], ship: Ship, page_number: int) -> list[Menu]:
    abilities = tuple(
        Choice(x.ability, x.notation()) for x in legal if isinstance(x, c.ChooseAbility)
    )
    grids = [
        Choice(f"{x.grid} {ship.region_of(x.grid).name}", x.notation())
        for x in legal
        if isinstance(x, c.PlaceLarva)
    ]
    menus: list[Menu] = []
    if abilities:
        menus.append(Menu("", _("Your secret first ability (B.1.3)…"), abilities))
    if grids:
        shown = tuple(page(grids, page_number, f"{ids.PAGE}:o")[0])
        menus.append(Menu("", _("Your Larva's grid: the Loading Bay or a cadaver (B.1.3)…"), shown))
    return menus


def _humans_menu(pick: SetupPick, names: dict[str, str]) -> Menu:
    ask = (
        _("Who died on the planet? Choose {n} (B.1.2)…")
        if pick.verb == c.ChooseDead.verb
        else _("Who lies injured in the Infirmary? Choose {n} (B.1.2)…")
    )
    options = tuple(Choice(names.get(h, h), h) for h in pick.among[:SELECT_MAX])
    return Menu(f"{SEVERAL}0:", ask.format(n=pick.count), options, pick.count, pick.count)


def _role_menu(roles: Sequence[c.Command], names: dict[str, str]) -> list[Menu]:
    found = [x for x in roles if isinstance(x, c.AssignRole)]
    if not found:
        return []
    who = names.get(found[0].human, found[0].human)
    options = tuple(Choice(x.role, x.notation()) for x in found[:SELECT_MAX])
    return [Menu("", _("{who}'s role (B.1.2)…").format(who=who), options)]


def _place_menu(
    legal: Sequence[c.Command], ship: Ship, names: dict[str, str], page_number: int
) -> list[Menu]:
    """The next survivor to place: one option a room they may start in, at its first
    legal grid (a grid of one's own choosing is ``place HUMAN GRID``)."""
    places = [x for x in legal if isinstance(x, c.PlaceHuman)]
    if not places:
        return []
    human = places[0].human
    rooms: dict[str, c.PlaceHuman] = {}
    for x in places:
        if x.human == human:
            rooms.setdefault(ship.region_of(x.grid).key, x)
    options = [
        Choice(f"{ship.region_of(x.grid).name} ({x.grid})", x.notation()) for x in rooms.values()
    ]
    shown = tuple(page(options, page_number, f"{ids.PAGE}:o")[0])
    ask = _("Where {who} starts: a room (B.1.2)…").format(who=names.get(human, human))
    return [Menu("", ask, shown)]


def _crate_menus(pick: SetupPick, chosen: Sequence[str]) -> list[Menu]:
    """The crates (B.1.2): a menu for each area's grids (a big area in menus of 25),
    until the area holds its share; the grids picked so far ride in each menu's id."""
    so_far = ",".join(chosen)
    menus: list[Menu] = []
    for name, share, grids in pick.areas:
        left = share - sum(1 for g in chosen if g in grids)
        free = [g for g in grids if g not in chosen]
        if left <= 0:
            continue
        chunks = [free[i : i + SELECT_MAX] for i in range(0, len(free), SELECT_MAX)]
        for number, chunk in enumerate(chunks, 1):
            ask = _("Crates in the {area}: {n} more (B.1.2)…").format(area=name, n=left)
            if len(chunks) > 1:
                ask += f" {number}/{len(chunks)}"
            options = tuple(Choice(g, g) for g in chunk)
            arg = f"{SEVERAL}{len(menus)}:{so_far}"
            menus.append(Menu(arg, ask, options, 1, min(left, len(chunk))))
    return menus


def several(arg: str) -> list[str] | None:
    """What a menu naming several at once had chosen before (the crates' grids), from
    its argument; None for any other menu."""
    if not arg.startswith(SEVERAL):
        return None
    return [g for g in arg.partition(":")[2].split(",") if g]


def several_command(
    table: Table, side: Side, before: Sequence[str], values: Sequence[str]
) -> tuple[str | None, list[str]]:
    """A press on a menu naming several: the command once every name is there (the
    engine checks it when played), else None and the names so far. Names no menu of
    this step offers are dropped (a damaged or stale press)."""
    game = table.game
    assert game is not None
    pick = setup_pick(game.state, side, game.ship, game.content)
    if pick is None:
        return None, []
    names = [n for n in dict.fromkeys([*before, *values]) if n in pick.among]
    if len(names) < pick.count:
        return None, names
    return f"{pick.verb} {' '.join(names[: pick.count])}", []
