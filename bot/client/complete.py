"""Autocomplete fed by the engine's legal commands: units, grids, doors, targets, items."""

from __future__ import annotations

from collections.abc import Callable, Coroutine, Iterable, Mapping
from typing import Any

import discord
from discord import app_commands

from bot.client.access import in_dm
from bot.client.answers import privately
from bot.client.host import Inter, bot_of
from bot.desk.service import Refusal, Seat, Table
from bot.present.locale import _
from bot.present.names import in_words, numbered, unit_labels
from engine import commands as c
from engine.state import Phase
from engine.variants import Catalogue, load_variants
from engine.views import Viewer, marker_names

Choice = app_commands.Choice
MAX = 25


def _table(interaction: Inter) -> Table | None:
    """The game being typed for; a game not yet in memory starts loading and offers no
    choices this keystroke (autocomplete must answer at once)."""
    desk = bot_of(interaction).desk
    game = getattr(interaction.namespace, "game", None)
    try:
        if not in_dm(interaction):
            table = desk.table_in(interaction.channel_id or 0)
        else:
            table = desk.pick_game(interaction.user.id, None, int(game) if game else None)
    except (Refusal, ValueError):
        return None
    if table is not None and not table.loaded:
        desk.prefetch(table)
        return None
    return table


def _choices(
    values: Iterable[str], current: str, labels: Mapping[str, str] | None = None
) -> list[Choice[str]]:
    """The values that match what was typed (by value or by name), each shown by its
    name: ids written as ``labels`` names them (bot.present.names), never bare."""
    seen: list[str] = []
    needle = current.lower().strip()
    for value in values:
        shown = in_words(value, labels or {})
        if value not in seen and (needle in value.lower() or needle in shown.lower()):
            seen.append(value)
        if len(seen) >= MAX:
            break
    return [Choice(name=in_words(v, labels or {})[:100], value=v[:100]) for v in seen]


def _labels(interaction: Inter, values: Iterable[str] = ()) -> dict[str, str]:
    """The names the presser knows the game's units and ``values``' markers by."""
    table = _table(interaction)
    side = table.side_of(interaction.user.id) if table is not None else None
    if table is None or table.game is None or side is None:
        return {}
    viewer = Viewer(side.value)
    markers = marker_names(table.game.state, viewer)
    words = {w for value in values for w in value.split(" ")}
    return numbered(words & set(markers), markers) | unit_labels(table.view_for(viewer))


def _unit(interaction: Inter) -> str | None:
    unit = getattr(interaction.namespace, "unit", None)
    if isinstance(unit, str) and unit:
        return "alien1" if unit.lower() == "alien" else unit.lower()
    table = _table(interaction)
    if table is not None and table.seat_of(interaction.user.id) is Seat.ALIEN:
        return "alien1"
    return None


def _legal(interaction: Inter, *, per_unit: bool = True) -> list[c.Command]:
    table = _table(interaction)
    if table is None:
        return []
    unit = _unit(interaction) if per_unit else None
    if per_unit and unit is None:
        return []
    return bot_of(interaction).desk.legal_for(table, interaction.user.id, unit)


async def units(interaction: Inter, current: str) -> list[Choice[str]]:
    table = _table(interaction)
    if table is None:
        return []
    user = interaction.user.id
    if table.game is not None and table.game.state.phase is Phase.CREW:
        mine = table.open_units(user) or list(table.units_of(user))
    else:
        mine = list(table.units_of(user))
    return _choices(mine, current, _labels(interaction))


async def humans(interaction: Inter, current: str) -> list[Choice[str]]:
    """Set-up: every human of the roster (the crew's view of them)."""
    table = _table(interaction)
    if table is None or table.game is None:
        return []
    crew = table.view_for(Viewer.CREW).crew
    return _choices((line.id for line in crew), current, {line.id: line.name for line in crew})


async def roles(interaction: Inter, current: str) -> list[Choice[str]]:
    return _choices((r.name for r in bot_of(interaction).desk.content.roles), current)


async def abilities(interaction: Inter, current: str) -> list[Choice[str]]:
    found = [
        cmd.ability
        for cmd in _legal(interaction, per_unit=False)
        if isinstance(cmd, c.ChooseAbility)
    ]
    return _choices(found, current)


def _last_word(current: str) -> tuple[str, str]:
    head, _, last = current.rpartition(" ")
    return (head + " " if head else ""), last


async def grids(interaction: Inter, current: str) -> list[Choice[str]]:
    """Where the unit can move (C.4), or set-up grids; completes the last grid typed."""
    head, last = _last_word(current)
    found: list[str] = []
    for cmd in _legal(interaction, per_unit=not _setup(interaction)):
        if isinstance(cmd, c.Move) and not cmd.creep:
            found.append(str(cmd.route[-1]))
        elif isinstance(cmd, c.PlaceLarva) or (
            isinstance(cmd, c.PlaceHuman)
            and cmd.human == getattr(interaction.namespace, "human", None)
        ):
            found.append(str(cmd.grid))
    return [
        Choice(name=(head + ch.value)[:100], value=(head + ch.value)[:100])
        for ch in _choices(found, last)
    ]


def _setup(interaction: Inter) -> bool:
    table = _table(interaction)
    return table is not None and table.game is not None and table.game.state.phase is Phase.SETUP


Completer = Callable[[Inter, str], Coroutine[Any, Any, list[Choice[str]]]]


def _field(kind: type[c.Command], get: Callable[[c.Command], str]) -> Completer:
    async def complete(interaction: Inter, current: str) -> list[Choice[str]]:
        values = [get(cmd) for cmd in _legal(interaction) if isinstance(cmd, kind)]
        return _choices(values, current, _labels(interaction, values))

    return complete


def _door(cmd: c.Command) -> str:
    return getattr(cmd, "door", "") or "here"


def _target(cmd: c.Command) -> str:
    assert isinstance(cmd, c.Attack)
    return cmd.target if cmd.target != "door" else f"door {cmd.door}"


def _items(cmd: c.Command) -> str:
    return " ".join(getattr(cmd, "items", ()))


def _heal_target(cmd: c.Command) -> str:
    return getattr(cmd, "target", "") or "self"


def _forage_target(cmd: c.Command) -> str:
    return getattr(cmd, "target", "") or "here"


open_doors = _field(c.OpenDoor, _door)
close_doors = _field(c.CloseDoor, _door)
targets = _field(c.Attack, _target)
pickups = _field(c.PickUp, _items)
drops = _field(c.Drop, _items)
heal_targets = _field(c.Heal, _heal_target)
crates = _field(c.Examine, lambda cmd: getattr(cmd, "crate", "") or "here")
cadavers = _field(c.Autopsy, lambda cmd: getattr(cmd, "cadaver", "") or "here")
hosts = _field(c.Spawn, lambda cmd: getattr(cmd, "cadaver", "") or "here")
devices = _field(c.Fabricate, lambda cmd: getattr(cmd, "device", ""))
switches = _field(c.Switch, lambda cmd: getattr(cmd, "item", ""))
foods = _field(c.Forage, _forage_target)


async def commands(interaction: Inter, current: str) -> list[Choice[str]]:
    """The text fallback: every legal command of yours, filtered by what you typed."""
    return _choices((cmd.notation() for cmd in _legal(interaction, per_unit=False)), current)


async def games(interaction: Inter, current: str) -> list[Choice[str]]:
    desk = bot_of(interaction).desk
    mine = desk.games_of(interaction.user.id, (Seat.ALIEN, Seat.CREW, Seat.SPECTATOR))
    found = [
        Choice(name=f"#{t.row.channel_name} (game {t.id}, {t.status})"[:100], value=str(t.id))
        for t in mine
        if current.lower() in f"{t.row.channel_name} {t.id}".lower()
    ]
    return found[:MAX]


def member_or_none(value: object) -> discord.abc.User | None:
    return value if isinstance(value, discord.abc.User) else None


async def variants(interaction: Inter, current: str) -> list[Choice[str]]:
    """``/game create variants:``: the playable variants (README, "Variants"), in the
    person's own language."""
    with privately(interaction):
        return variant_choices(current)


def variant_choices(current: str, catalogue: Catalogue | None = None) -> list[Choice[str]]:
    """Each playable variant that completes the last word typed and is not chosen yet,
    offered as the whole list so far (``noise halon``), with its title and, if it failed
    its balance gate, "unbalanced"."""
    catalogue = catalogue or load_variants()
    typed = current.lower().replace(",", " ")
    chosen = typed.split()
    partial = "" if not typed or typed.endswith(" ") else chosen.pop()
    offered = []
    for variant in catalogue.ids(built_only=True):
        if variant.startswith(partial) and variant not in chosen:
            value = " ".join([*chosen, variant])
            info = catalogue.variants[variant]
            title = _("{title} (unbalanced)") if info.unbalanced else "{title}"
            name = f"{value} — {title.format(title=_(info.title))}"
            offered.append(Choice(name=name[:100], value=value[:100]))
    return offered[:MAX]
