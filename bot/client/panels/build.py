"""A turn panel as data: its text, its selects and its buttons, for one seat's player.

Built from the presser's view, the legal commands of the unit shown
(:meth:`bot.desk.service.Desk.legal_for`, i.e. ``engine.legal.legal_commands``) and the
last result lines, which are already filtered for the presser's side. No discord
here: :mod:`bot.client.panels.press` turns a :class:`Panel` into components, and tests
check panels without Discord.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from bot.client.panels import ids
from bot.client.panels.choices import (
    BUTTONS_PER_ROW,
    ROWS_MAX,
    SELECT_MAX,
    Choice,
    UnitChoices,
    choices_for,
    page,
    unit_grid,
    unit_name,
)
from bot.client.panels.places import move_pages
from bot.client.panels.setup import setup_menus
from bot.desk.phase_memo import phase_events
from bot.desk.service import Desk, Refusal, Table
from bot.present.events import channel_lines
from bot.present.locale import N_, SOURCE, _, ngettext, speaking
from bot.present.texts import panel_lines, phase_title
from engine.commands import RAID_DAMAGE, Attack, SetOrder
from engine.odds import attack_modifier
from engine.state import Phase, Side
from engine.views import View, Viewer, marker_names

# Words marked here and translated where the panel is built (in the presser's language).
GROUPS = (("m", N_("Go to… (destination, cost)")), ("a", N_("Attack… (odds)")), ("o", N_("Do…")))


@dataclass(frozen=True, slots=True)
class Select:
    pid: ids.PanelId
    placeholder: str
    options: tuple[Choice, ...]  # label, value
    chosen: str = ""
    low: int = 1  # how many options one press picks, at least and at most
    high: int = 1


@dataclass(frozen=True, slots=True)
class Button:
    pid: ids.PanelId
    label: str
    style: str = "secondary"  # primary, secondary, success, danger


@dataclass(frozen=True, slots=True)
class Panel:
    lines: tuple[str, ...]
    selects: tuple[Select, ...] = ()
    buttons: tuple[Button, ...] = ()

    def text(self) -> str:
        return "\n".join(self.lines)[:1990]


@dataclass(frozen=True, slots=True)
class Pages:
    m: int = 0
    a: int = 0
    o: int = 0

    def turned(self, group: str, number: int) -> Pages:
        values = {"m": self.m, "a": self.a, "o": self.o, group: number}
        return Pages(**values)


def viewer_for(side: Side) -> Viewer:
    return Viewer.CREW if side is Side.CREW else Viewer.ALIEN


def ready_units(desk: Desk, table: Table, user_id: int) -> list[str]:
    """The presser's units not yet done with a legal command now, the acting one first."""
    side = table.side_of(user_id)
    if side is None:
        return []
    v = table.view_for(viewer_for(side))
    done = {line.id for line in v.crew if line.done} | {a.id for a in v.aliens if a.done}
    units = [
        u
        for u in table.units_of(user_id)
        if u not in done and _can_command(desk, table, user_id, u)
    ]
    active = table.game.state.active_unit if table.game else None
    return sorted(units, key=lambda u: u != active)


def _can_command(desk: Desk, table: Table, user_id: int, unit: str) -> bool:
    return bool(desk.legal_for(table, user_id, unit))


SO_FAR = 4  # the crew's newest public lines of the phase a crew panel shows


def so_far(table: Table, side: Side) -> list[str]:
    """The crew's public lines of this phase, newest last: the channel hears a phase
    once, when it ends, so the crew players follow each other here. Public
    lines only, of the game's log as played (:mod:`bot.desk.phase_memo`: replayed where
    the log was rebuilt), the same whatever the hidden alien did that the crew may not
    know."""
    if side is not Side.CREW or table.game is None:
        return []
    lines = [
        line
        for _, entry, events in phase_events(table.game)
        if entry.side is Side.CREW
        for line in channel_lines(events)
    ]
    if not lines:
        return []
    shown = lines[-SO_FAR:]
    earlier = len(lines) - len(shown)
    if earlier:
        head = _("This phase so far ({earlier} earlier in `/game log`):").format(earlier=earlier)
    else:
        head = _("This phase so far:")
    return [head, *(f"· {line}" for line in shown)]


def build_panel(
    desk: Desk,
    table: Table,
    user_id: int,
    unit: str | None = None,
    pages: Pages = Pages(),
    notice: list[str] | None = None,
    lang: str = SOURCE,
    chosen: tuple[str, ...] = (),
) -> Panel:
    """The panel for ``user_id``'s seat now, showing ``unit`` (or the next to act), in
    ``lang`` where its catalogue translates the panel's words; in set-up, ``chosen``:
    the crates' grids picked so far."""
    with speaking(lang):
        return _panel(desk, table, user_id, unit, pages, notice, chosen)


def _panel(
    desk: Desk,
    table: Table,
    user_id: int,
    unit: str | None,
    pages: Pages,
    notice: list[str] | None,
    chosen: tuple[str, ...],
) -> Panel:
    side = table.side_of(user_id)
    if side is None or table.game is None:
        raise Refusal(_("Only the game's players have a turn panel; spectators can watch."))
    v = table.view_for(viewer_for(side))
    stamp = table.stamp()
    head = [
        *(notice or []),
        *panel_lines(table),  # a tutorial's step
        _panel_title(v, table.id, side),
        *so_far(table, side),
    ]
    if table.status != "playing":
        return Panel((*head, _("The game is not in progress.")))
    if side not in table.acting_sides():
        waits = (
            _("It is the alien's turn: nothing for you to do now.")
            if side is Side.CREW
            else _("It is the crew's turn: nothing for you to do now.")
        )
        orders = _orders(desk, table, user_id)
        pid = ids.PanelId(ids.PICK, table.id, user_id, stamp, DAMAGE_ARG)
        damage = (Select(pid, _(DAMAGE_MENU), orders.damage[:SELECT_MAX]),)
        return Panel(
            (*head, waits),
            selects=damage if orders.damage else (),
            buttons=(
                *_buttons(orders.buttons, table, user_id, stamp),
                _fresh(table, user_id, stamp, ""),
            ),
        )
    if table.game.state.phase is Phase.SETUP:
        return _setup_panel(desk, table, user_id, side, head, pages, chosen)
    units = ready_units(desk, table, user_id)
    if unit not in units:
        unit = units[0] if units else None
    if unit is None:
        return Panel(
            (*head, _("All your units are done; the phase ends when the others are.")),
            buttons=_controls(desk, table, user_id, stamp, "", side),
        )
    legal = desk.legal_for(table, user_id, unit)
    game = table.game

    def odds(command: Attack) -> int | None:
        return attack_modifier(game.state, command, game.ship, game.content)

    markers = marker_names(game.state, viewer_for(side))
    found = choices_for(v, unit, legal, game.ship, odds, markers)
    lines = [*head, _acting_line(v, unit, len(units))]
    selects, buttons = _layout(table, user_id, stamp, v, units, found, pages, side, desk)
    return Panel(tuple(lines), selects, buttons)


def _setup_panel(
    desk: Desk,
    table: Table,
    user_id: int,
    side: Side,
    head: list[str],
    pages: Pages,
    chosen: tuple[str, ...],
) -> Panel:
    """The set-up step's menus (:mod:`bot.client.panels.setup`), then Quick setup,
    Suggest and Refresh (which also forgets crates picked so far)."""
    stamp = table.stamp()
    menus = setup_menus(desk, table, user_id, side, pages.o, chosen)
    selects = tuple(  # a menu of commands is told apart by its number: ":1" (no unit)
        Select(
            ids.PanelId(ids.PICK, table.id, user_id, stamp, m.arg or f":{index}"),
            m.placeholder,
            m.options,
            low=m.low,
            high=m.high,
        )
        for index, m in enumerate(menus)
    )
    quick = Button(ids.PanelId(ids.QUICK, table.id, user_id, stamp), _("Quick setup"))
    buttons = (quick, *_suggest(table, user_id, stamp, ""), _fresh(table, user_id, stamp, ""))
    if selects:
        ask = _("Set-up: choose from the menus, or a quick setup for the rest.")
    else:
        ask = _("Set-up: nothing more to choose now, or a quick setup for the rest.")
    if chosen:
        ask += " " + _("Crates so far: {grids}.").format(grids=", ".join(chosen))
    return Panel((*head, ask), selects, buttons)


def _panel_title(v: View, game: int, side: Side) -> str:
    mine = (
        _("🎛️ **{title}** — game {game}, your crew panel")
        if side is Side.CREW
        else _("🎛️ **{title}** — game {game}, your alien panel")
    )
    return mine.format(title=phase_title(v), game=game)


def _acting_line(v: View, unit: str, count: int) -> str:
    grid, actions = unit_grid(v, unit)
    said = _("Acting: **{unit}** at {grid}").format(
        unit=unit_name(v, unit), grid=grid or _("a hidden grid")
    )
    if actions is not None:
        said += ngettext(", {n} action left", ", {n} actions left", actions).format(n=actions)
    stores = [a.energy for a in v.aliens if a.id == unit]  # C.10.1: each alien's own
    if stores:
        said += ngettext(", {n} energy store", ", {n} energy stores", stores[0]).format(n=stores[0])
    if count > 1:
        said += ngettext(" ({n} more of yours to act)", " ({n} more of yours to act)", count - 1)
        said = said.format(n=count - 1)
    return said


def _layout(
    table: Table,
    user_id: int,
    stamp: str,
    v: View,
    units: list[str],
    found: UnitChoices,
    pages: Pages,
    side: Side,
    desk: Desk,
) -> tuple[tuple[Select, ...], tuple[Button, ...]]:
    """At most five rows: the unit, moves, attacks, other selects and the damage order's
    select, then buttons; buttons that do not fit join the "Do…" select, and so do the
    standing orders (the damage order first, then the order buttons) when the rows are
    short (counting a "Do…" row wherever a button may join it)."""
    controls = list(_controls(desk, table, user_id, stamp, found.unit, side))
    orders = _orders(desk, table, user_id)
    plays = list(found.buttons)
    others = list(found.others)
    fixed = (len(units) > 1) + bool(found.moves) + bool(found.attacks)
    damage, marked = list(orders.damage), list(orders.buttons)
    while damage or marked:
        wanted = len(controls) + len(marked) + BUTTONS_PER_ROW - 1
        rows = fixed + bool(others or plays) + bool(damage) + wanted // BUTTONS_PER_ROW
        if rows <= ROWS_MAX:
            break
        if damage:
            others, damage = [*others, *damage], []
        else:
            others, marked = [*others, *marked], []
    controls[1:1] = _buttons(marked, table, user_id, stamp)  # after End phase
    while True:
        rows = fixed + bool(others) + bool(damage)
        room = (ROWS_MAX - rows) * BUTTONS_PER_ROW - len(controls)
        if len(plays) <= room:
            break
        others.insert(0, plays.pop(0))
    selects: list[Select] = []
    if len(units) > 1:
        options = tuple(Choice(_unit_option(v, u), u) for u in units[:SELECT_MAX])
        uid = ids.PanelId(ids.UNIT, table.id, user_id, stamp)
        selects.append(Select(uid, _("Unit…"), options, found.unit))
    groups = {"m": list(found.moves), "a": list(found.attacks), "o": others}
    assert table.game is not None
    goto = move_pages(v, found.unit, found.destinations, table.game.ship, table.game.content)
    for key, placeholder in GROUPS:
        if not groups[key]:
            continue
        token = f"{ids.PAGE}:{key}"
        if key == "m":  # places first (bot.client.panels.places)
            shown = goto.page(pages.m, token)[0]
        else:
            shown = page(groups[key], getattr(pages, key), token)[0]
        pid = ids.PanelId(ids.PICK, table.id, user_id, stamp, f"{found.unit}:{key}")
        selects.append(Select(pid, _(placeholder), tuple(shown)))
    if damage:
        pid = ids.PanelId(ids.PICK, table.id, user_id, stamp, f"{found.unit}{DAMAGE_ARG}")
        selects.append(Select(pid, _(DAMAGE_MENU), tuple(damage[:SELECT_MAX])))
    buttons = [
        Button(ids.PanelId(ids.DO, table.id, user_id, stamp, p.command), p.label, _style(p))
        for p in plays
    ]
    return tuple(selects), (*buttons, *controls)


def _style(choice: Choice) -> str:
    return "success" if choice.command.startswith(("end ", "search ")) else "primary"


def _unit_option(v: View, unit: str) -> str:
    grid, actions = unit_grid(v, unit)
    left = ngettext(" · {n} action", " · {n} actions", actions) if actions is not None else ""
    return f"{unit_name(v, unit)} · {grid or _('hidden')}" + left.format(n=actions)


def _controls(
    desk: Desk, table: Table, user_id: int, stamp: str, unit: str, side: Side
) -> tuple[Button, ...]:
    """End phase (asks first; the standing orders' buttons join after it, in
    :func:`_layout`), Undo (when the last command is the presser's), a close-up
    of the unit shown, Suggest (the advisor, unless the game's creator
    switched hints off), Refresh."""
    game = table.game
    assert game is not None
    found = [Button(ids.PanelId(ids.PASS, table.id, user_id, stamp), _("End phase"), "danger")]
    own = table.own_rows(side)
    mine = bool(own) and own[-1].user_id == user_id
    if mine and game.can_undo(side) is None:
        arg = str(game.side_moves(side))  # the side's own count: never the other side's
        found.append(Button(ids.PanelId(ids.UNDO, table.id, user_id, stamp, arg), _("Undo")))
    if unit:
        found.append(Button(ids.PanelId(ids.LOOK, table.id, user_id, stamp, unit), _("Close-up")))
    found += _suggest(table, user_id, stamp, unit)
    found.append(_fresh(table, user_id, stamp, unit))
    return tuple(found)


ORDER_WORDS = {  # a standing order as its button says it: what a press makes it
    ("energy", True): N_("Energy: shrug off a 7"),
    ("energy", False): N_("Energy: keep the stores"),
    ("ambush", True): N_("Ambush: answer calls"),
    ("ambush", False): N_("Ambush: stay hidden"),
    ("bunker", True): N_("Bunker: pay to hold a raid"),
    ("bunker", False): N_("Bunker: never pay"),
}
DAMAGE_MENU = N_("Opari damage first…")  # the raids variant's damage order (R.5)
DAMAGE_ARG = ":r"  # the damage order select's argument, after the unit shown (if any)


@dataclass(frozen=True, slots=True)
class Orders:
    """The standing orders the presser's side may give now, as the panel offers them."""

    buttons: tuple[Choice, ...] = ()  # on/off orders, each labelled by what a press makes it
    damage: tuple[Choice, ...] = ()  # the raids variant's damage orders, for a select


def _orders(desk: Desk, table: Table, user_id: int) -> Orders:
    """The standing orders the presser's side may give now, in either side's phase: D.5's
    ``order energy on|off`` (the alien's), the noise variant's ``order ambush on|off``
    (N.3), the raids variant's ``order bunker on|off`` (R.3(d)) and ``order raid-damage``
    led by one room or ability, or back to the default (R.5). Each side's own panel
    only: the orders are its secret."""
    game, side = table.game, table.side_of(user_id)
    if game is None or (side is Side.CREW and not game.state.variants):
        return Orders()  # the crew's orders are all a variant's: the legal list is not asked
    orders = [o for o in desk.legal_for(table, user_id) if isinstance(o, SetOrder)]
    buttons = [
        Choice(_(words), o.notation())
        for o in orders
        if (words := ORDER_WORDS.get((o.name, o.value)))
    ]
    damage = [Choice(_damage_label(o), o.notation()) for o in orders if o.name == RAID_DAMAGE]
    return Orders(tuple(buttons), tuple(damage))


def _damage_label(order: SetOrder) -> str:
    if not order.targets:
        return _("The default order")
    return _("{name} first").format(name=", ".join(order.targets))


def _buttons(choices: Sequence[Choice], table: Table, user_id: int, stamp: str) -> list[Button]:
    return [
        Button(ids.PanelId(ids.DO, table.id, user_id, stamp, o.command), o.label) for o in choices
    ]


def _suggest(table: Table, user_id: int, stamp: str, unit: str) -> list[Button]:
    """The advisor's button, unless the game's creator switched hints off."""
    if table.row.hints_off:
        return []
    return [Button(ids.PanelId(ids.HINT, table.id, user_id, stamp, unit), _("Suggest"))]


def _fresh(table: Table, user_id: int, stamp: str, unit: str) -> Button:
    return Button(ids.PanelId(ids.FRESH, table.id, user_id, stamp, unit), _("Refresh"))


def hint_warning_panel(table: Table, user_id: int, unit: str, lang: str = SOURCE) -> Panel:
    """Before a side's first Suggest in a game that may be rated: what it costs, and a
    button to ask anyway (README, "Ratings and deadlines")."""
    stamp = table.stamp()
    with speaking(lang):
        warn = _(
            "⚖️ This game is rated. A Suggest leaves your side unrated for this game "
            "(your opponent is still rated). Ask anyway?"
        )
        ask = Button(ids.PanelId(ids.HINTOK, table.id, user_id, stamp, unit), _("Suggest anyway"))
        return Panel((warn,), buttons=(ask, _fresh(table, user_id, stamp, unit)))


def confirm_panel(table: Table, user_id: int, several: bool, lang: str = SOURCE) -> Panel:
    with speaking(lang):
        return _confirm(table, user_id, several)


def _confirm(table: Table, user_id: int, several: bool) -> Panel:
    stamp = table.stamp()
    ask = (
        _("End all your crew members for this phase? Units not yet done stop (C.2).")
        if several
        else _("End your side's whole phase? Units not yet done stop (C.2).")
    )
    return Panel(
        (ask,),
        buttons=(
            Button(ids.PanelId(ids.PASSOK, table.id, user_id, stamp), _("Yes, end it"), "danger"),
            _fresh(table, user_id, stamp, ""),
        ),
    )
