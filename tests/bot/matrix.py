"""The permission matrix (issue 20): every slash command of the bot's command tree and
every button and panel action, pressed by each of seven people, against the store.

The people: the player whose turn or unit it is (``acting``), another player of the same
side (``same``), a player of the other side (``other``), a spectator, a moderator with
no seat, a stranger in a DM with the bot, and a member of another server (in a channel
there). Each cell's outcome is one of:

- ``ok``: taken (or answered) with no refusal;
- ``rules``: it reaches the rules, which may refuse it in this position (the refusal
  then cites a rule); only ever the acting player's cell;
- ``denied``: refused before the rules (no rule is cited), the store unchanged;
- ``unavailable``: Discord does not offer it there (a command not allowed in DMs, a
  message the person cannot see).

Every refusal must leave every row of the store as it was, and every cell must answer
Discord (a deferral counts) before it touches the store, so a slow database never costs
the 3 seconds Discord allows (a :class:`Spy` watches both, changing neither). The rows
are checked against the command tree and the button registries themselves, so a new
command or button without a row fails :func:`missing`.
``tests/bot/client/test_permission_matrix.py`` runs it;
``benchmarks/bench_reliability.py`` prints its count.
"""

from __future__ import annotations

import contextlib
import re
import sqlite3
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import discord
from discord import app_commands
from simcord.backend.errors import SetupError

from bot.client import buttons
from bot.client.panels import ids
from engine import commands as c
from engine.legal import legal_commands
from engine.state import Side
from tests.bot.helpers import World, make_world, mirror, restart
from tests.bot.panel_driver import components, select_named

ACTORS = ("acting", "same", "other", "spectator", "mod", "stranger", "outsider")
OK, RULES, DENIED, UNAVAILABLE = "ok", "rules", "denied", "unavailable"
RULE_CITED = re.compile(r"\([A-G](\.\d+)+[a-z]?[,)]|Legal: ")
REFUSED = ("⚠️", "⌛", "Something went wrong")
TABLES = ("games", "players", "commands", "snapshots", "public_lines", "mod_actions")
TABLES += ("guild_settings",)

Options = Callable[["Spot"], dict[str, Any]]


@dataclass
class Spot:
    """A position of the world the cells start from, and what the cells name in it."""

    world: World
    outsider: Any
    elsewhere: Any  # the outsider's own server's channel
    name: str
    sources: dict[str, Any] = field(default_factory=dict)  # messages recorded at build

    @property
    def table(self) -> Any:
        return self.world.table()

    def crew_move(self) -> c.Move:
        """A legal move of a unit the first crew player commands."""
        game = mirror(self.world)
        mine = self.table.players[self.world.crew[0].id].units
        for unit in mine:
            for x in legal_commands(game.state, Side.CREW, game.ship, game.content, unit=unit):
                if isinstance(x, c.Move):
                    return x
        raise AssertionError("no crew move")

    def unit(self) -> str:
        return self.crew_move().unit

    def alien_grid(self) -> str:
        game = mirror(self.world)
        moves = legal_commands(game.state, Side.ALIEN, game.ship, game.content)
        return str(next(x for x in moves if isinstance(x, c.Move)).route[-1])


@dataclass(frozen=True)
class Slash:
    name: str
    spot: str  # lobby, ready, setup, alien, crew
    ok: frozenset[str] = frozenset()
    rules: frozenset[str] = frozenset()
    options: Options = lambda s: {}
    side: Side = Side.CREW  # whose "acting", "same" and "other" these are
    prelude: Callable[[Spot], Awaitable[None]] | None = None


@dataclass(frozen=True)
class Press:
    """A button or panel action: ``source`` makes (as the acting player) the message
    carrying it and returns (message, custom id, select value or None)."""

    name: str  # "qs:<action>" or "qp:<kind>"
    spot: str
    source: Callable[[Spot], Awaitable[tuple[Any, str, str | None]]]
    ok: frozenset[str] = frozenset()
    side: Side = Side.CREW
    owner: str = "acting"  # whom the message carrying it was made for


def _set(*keys: str) -> frozenset[str]:
    return frozenset(keys)


PLAYERS = _set("acting", "same", "other", "spectator", "mod")  # everyone in the channel


async def _moved(spot: Spot) -> None:
    await spot.world.crew[0].slash(
        spot.world.channel, "game do", command=spot.crew_move().notation()
    )


def _unit_order(verb: str, **more: Any) -> Slash:
    """A /crew order to the first crew player's unit: theirs alone, judged by the rules."""
    return Slash(
        f"crew {verb}",
        "crew",
        rules=_set("acting"),
        options=lambda s: {"unit": s.unit(), **more},
    )


def _alien(verb: str, rules: bool = True, **options: Any) -> Slash:
    if rules:
        return Slash(
            f"alien {verb}",
            "alien",
            rules=_set("acting"),
            options=lambda s: options,
            side=Side.ALIEN,
        )
    return Slash(
        f"alien {verb}", "alien", ok=_set("acting"), options=lambda s: options, side=Side.ALIEN
    )


SLASH: tuple[Slash, ...] = (
    # --- the lobby: the first crew player created it; the alien has not joined yet ---
    Slash("game create", "lobby", ok=_set("outsider")),
    Slash(
        "game join",
        "lobby",
        ok=_set("other", "spectator", "mod"),
        options=lambda s: {"seat": "alien"},
    ),
    Slash("game computer", "lobby", ok=_set("acting", "mod"), options=lambda s: {"seat": "alien"}),
    Slash("game leave", "lobby", ok=_set("acting", "same", "spectator")),
    Slash("game start", "ready", ok=_set("acting", "same", "other", "spectator", "mod")),
    # --- set-up ---
    Slash("game setup", "setup", ok=_set("acting", "same", "other")),
    Slash("crew setup quick", "setup", ok=_set("acting", "same")),
    Slash(
        "crew setup dead",
        "setup",
        rules=_set("acting", "same"),
        options=lambda s: dict(
            zip(
                ("first", "second", "third", "fourth"),
                sorted(mirror(s.world).state.humans)[:4],
                strict=True,
            )
        ),
    ),
    Slash(
        "crew setup injured",
        "setup",
        rules=_set("acting", "same"),
        options=lambda s: {"first": "hyun", "second": "okeke"},
    ),
    Slash(
        "crew setup role",
        "setup",
        rules=_set("acting", "same"),
        options=lambda s: {"human": "hyun", "role": "Captain"},
    ),
    Slash(
        "crew setup place",
        "setup",
        rules=_set("acting", "same"),
        options=lambda s: {"human": "hyun", "grid": "2-U7"},
    ),
    Slash(
        "crew setup supplies",
        "setup",
        rules=_set("acting", "same"),
        options=lambda s: {"grids": " ".join(["0-M2"] * 9)},
    ),
    Slash(
        "alien ability",
        "setup",
        rules=_set("acting"),
        options=lambda s: {"name": "Clever"},
        side=Side.ALIEN,
    ),
    Slash(
        "alien larva",
        "setup",
        rules=_set("acting"),
        options=lambda s: {"grid": "0-J11"},
        side=Side.ALIEN,
    ),
    Slash("alien quick", "setup", ok=_set("acting"), side=Side.ALIEN),
    # --- the alien phase of turn 1 ---
    Slash(
        "alien move",
        "alien",
        ok=_set("acting"),
        options=lambda s: {"grids": s.alien_grid()},
        side=Side.ALIEN,
    ),
    _alien("piperun", rules=False),
    _alien("surface"),
    _alien("feint"),
    _alien("wait", rules=False),
    _alien("lift", direction="up"),
    _alien("hatch"),
    _alien("open"),
    _alien("close"),
    _alien("attack", target="1-F6"),
    _alien("heal"),
    _alien("pickup", items="supplies1"),
    _alien("drop", items="supplies1"),
    _alien("launch"),
    _alien("end", rules=False),
    _alien("pass", rules=False),
    _alien("order", rules=False, spend="on"),
    _alien("forage", actions=1),
    _alien("examine"),
    _alien("mutate"),
    _alien("spawn"),
    _alien("surge"),
    # --- the crew phase of turn 1 ---
    Slash(
        "crew move",
        "crew",
        ok=_set("acting"),
        options=lambda s: {"unit": s.crew_move().unit, "grids": str(s.crew_move().route[-1])},
    ),
    _unit_order("lift", direction="up"),
    _unit_order("hatch"),
    _unit_order("open"),
    _unit_order("close"),
    _unit_order("search", actions=1),
    _unit_order("attack", target="alien1"),
    _unit_order("heal"),
    _unit_order("repair"),
    _unit_order("pickup", items="supplies1"),
    _unit_order("drop", items="supplies1"),
    _unit_order("give", items="supplies1", to="okeke"),
    _unit_order("unlock"),
    _unit_order("launch"),
    _unit_order("examine"),
    _unit_order("autopsy"),
    _unit_order("fabricate", device="Scanner"),
    _unit_order("switch", item="gear1", state="on"),
    Slash("crew end", "crew", ok=_set("acting"), options=lambda s: {"unit": s.unit()}),
    Slash("crew pass", "crew", ok=_set("acting", "same")),
    Slash("crew drive", "crew", ok=_set("acting", "same"), options=lambda s: {"grid": "off"}),
    Slash(
        "game do",
        "crew",
        ok=_set("acting"),
        options=lambda s: {"command": s.crew_move().notation()},
    ),
    Slash("game pass", "crew", ok=_set("acting", "same")),
    Slash("game undo", "crew", ok=_set("acting"), prelude=_moved),
    Slash("game status", "crew", ok=PLAYERS),
    Slash("game log", "crew", ok=PLAYERS),
    Slash("game map", "crew", ok=PLAYERS),
    Slash("game hand", "crew", ok=PLAYERS),
    Slash("game replay", "crew"),  # a game still running has no replay: nobody
    Slash(
        "game assign",
        "crew",
        ok=_set("acting", "mod"),
        options=lambda s: {"unit": s.unit(), "member": s.world.crew[1]},
    ),
    Slash("game deadline", "crew", ok=_set("mod"), options=lambda s: {"hours": 24.0}),
    Slash("game reminders", "crew", ok=PLAYERS, options=lambda s: {"hours": 4.0}),
    Slash("mod reset", "crew", ok=_set("mod")),
    Slash("mod rollback", "crew", ok=_set("mod"), options=lambda s: {"turn": 1, "phase": "alien"}),
    Slash(
        "mod replace",
        "crew",
        ok=_set("mod"),
        options=lambda s: {"player": s.world.crew[1], "by": s.world.stranger},
    ),
    Slash("mod remove", "crew", ok=_set("mod"), options=lambda s: {"player": s.world.crew[1]}),
    Slash("mod abort", "crew", ok=_set("mod")),
    Slash("mod role", "crew", ok=_set("mod")),
    Slash("rules", "crew", ok=frozenset(ACTORS), options=lambda s: {"topic": "C.7.2"}),
)


# --- where the buttons are --------------------------------------------------------
def _custom_id(message: Any, prefix: str, label: str | None = None) -> str:
    for component in components(message):
        cid = component.get("custom_id", "")
        if cid.startswith(prefix) and (
            label is None or component.get("label", "").startswith(label)
        ):
            return str(cid)
    raise AssertionError(f"no {prefix} on {message.content[:60]!r}")


def _recorded(
    key: str, prefix: str, label: str | None = None
) -> Callable[[Spot], Awaitable[tuple[Any, str, None]]]:
    async def source(spot: Spot) -> tuple[Any, str, None]:
        message = spot.sources[key]
        return message, _custom_id(message, prefix, label), None

    return source


def _said_message(result: Any) -> Any:
    return result.followups[-1] if result.followups else result.response


async def _after_move(spot: Spot, prefix: str) -> tuple[Any, str, None]:
    move = spot.crew_move()
    result = await spot.world.crew[0].slash(spot.world.channel, "game do", command=move.notation())
    message = _said_message(result)
    return message, _custom_id(message, prefix), None


async def _confirm(spot: Spot) -> tuple[Any, str, None]:
    message = spot.sources["map"]
    result = await spot.world.crew[0].click(message, custom_id=_custom_id(message, "qs:pass:"))
    said = _said_message(result)
    return said, _custom_id(said, "qs:passok:"), None


async def _reset(spot: Spot) -> tuple[Any, str, None]:
    said = _said_message(await spot.world.mod.slash(spot.world.channel, "mod reset"))
    return said, _custom_id(said, "qs:reset:"), None


async def _panel(spot: Spot) -> Any:
    message = spot.sources["map"]
    result = await spot.world.crew[0].click(message, custom_id=_custom_id(message, "qs:play:"))
    return _said_message(result)


def _panel_press(
    kind: str, label: str | None = None
) -> Callable[[Spot], Awaitable[tuple[Any, str, str | None]]]:
    async def source(spot: Spot) -> tuple[Any, str, str | None]:
        panel = await _panel(spot)
        if kind == ids.PICK:
            menu = select_named(panel, "Go to")
            assert menu is not None
            return panel, menu["custom_id"], menu["options"][0]["value"]
        if kind == ids.UNIT:
            menu = select_named(panel, "Unit")
            assert menu is not None
            return panel, menu["custom_id"], menu["options"][-1]["value"]
        if kind == ids.PASSOK:
            pressed = await spot.world.crew[0].click(panel, custom_id=_custom_id(panel, "qp:pass:"))
            panel = pressed.response
        if kind == ids.UNDO:
            do = _custom_id(panel, "qp:do:")
            panel = (await spot.world.crew[0].click(panel, custom_id=do)).response
        return panel, _custom_id(panel, f"qp:{kind}:", label), None

    return source


MAP_READERS = PLAYERS


PRESSES: tuple[Press, ...] = (
    Press(
        "qs:join",
        "lobby",
        _recorded("lobby", "qs:join:", "Join alien"),
        ok=_set("other", "spectator", "mod"),
    ),
    Press(
        "qs:computer",
        "lobby",
        _recorded("lobby", "qs:computer:", "Game plays alien"),
        ok=_set("acting", "mod"),
    ),
    Press(
        "qs:start",
        "ready",
        _recorded("lobby", "qs:start:"),
        ok=_set("acting", "same", "other", "spectator", "mod"),
    ),
    Press("qs:quick", "setup", _recorded("map", "qs:quick:"), ok=_set("acting", "same", "other")),
    Press("qs:play", "crew", _recorded("map", "qs:play:"), ok=_set("acting", "same", "other")),
    Press("qs:map", "crew", _recorded("map", "qs:map:"), ok=MAP_READERS),
    Press("qs:hand", "crew", _recorded("map", "qs:hand:"), ok=MAP_READERS),
    Press("qs:status", "crew", _recorded("map", "qs:status:"), ok=MAP_READERS),
    Press("qs:deck", "crew", _recorded("map", "qs:deck:"), ok=MAP_READERS),
    Press("qs:pass", "crew", _recorded("map", "qs:pass:"), ok=_set("acting", "same")),
    Press("qs:passok", "crew", _confirm, ok=_set("acting", "same")),
    Press("qs:endunit", "crew", lambda s: _after_move(s, "qs:endunit:"), ok=_set("acting")),
    Press("qs:undo", "crew", lambda s: _after_move(s, "qs:undo:"), ok=_set("acting")),
    Press("qs:reset", "crew", _reset, ok=_set("mod"), owner="mod"),
    Press("qp:do", "crew", _panel_press(ids.DO), ok=_set("acting")),
    Press("qp:pick", "crew", _panel_press(ids.PICK), ok=_set("acting")),
    Press("qp:unit", "crew", _panel_press(ids.UNIT), ok=_set("acting")),
    Press("qp:pass", "crew", _panel_press(ids.PASS), ok=_set("acting")),
    Press("qp:passok", "crew", _panel_press(ids.PASSOK), ok=_set("acting")),
    Press("qp:undo", "crew", _panel_press(ids.UNDO), ok=_set("acting")),
    Press("qp:fresh", "crew", _panel_press(ids.FRESH), ok=_set("acting")),
    Press("qp:quick", "setup", _panel_press(ids.QUICK), ok=_set("acting")),
)


# --- completeness ----------------------------------------------------------------------
def leaf_commands(
    tree: app_commands.CommandTree[Any],
) -> dict[str, app_commands.Command[Any, ..., Any]]:
    return {
        command.qualified_name: command
        for command in tree.walk_commands()
        if isinstance(command, app_commands.Command)
    }


def panel_kinds() -> set[str]:
    found: set[str] = set()
    for template in (ids.BUTTON_TEMPLATE, ids.SELECT_TEMPLATE):
        kinds = re.search(r"\(\?P<kind>([^)]*)\)", template)
        assert kinds is not None
        found |= set(kinds[1].split("|"))
    return found


def missing(tree: app_commands.CommandTree[Any]) -> list[str]:
    """Commands, buttons and panel actions with no row, and rows of things gone."""
    slash = {row.name for row in SLASH}
    presses = {row.name for row in PRESSES}
    wanted = set(leaf_commands(tree)) | {f"qs:{a}" for a in buttons.BUTTONS}
    wanted |= {f"qp:{k}" for k in panel_kinds()}
    return sorted(wanted ^ (slash | presses))


def allowed_in_dms(command: app_commands.Command[Any, ..., Any]) -> bool:
    root: Any = command
    while root.parent is not None:
        root = root.parent
    contexts = root.allowed_contexts
    return contexts is None or bool(contexts.dm_channel)


# --- the world and its positions -------------------------------------------------------
class Spy:
    """Notes, in order, each answer the bot gives Discord and each time it touches the
    store, by wrapping (and calling through) the methods that do either."""

    ANSWERS = ("defer", "send_message", "edit_message", "send_modal")

    def __init__(self) -> None:
        self.events: list[str] = []
        self._saved: list[tuple[type, str, Any]] = []

    def __enter__(self) -> Spy:
        from bot.store.sqlite import SqliteStore

        for name in self.ANSWERS:
            self._wrap(discord.InteractionResponse, name, "answer")
        for name in ("_fetch", "_transaction"):
            self._wrap(SqliteStore, name, "store")
        return self

    def __exit__(self, *_: object) -> None:
        for owner, name, original in reversed(self._saved):
            setattr(owner, name, original)

    def _wrap(self, owner: type, name: str, event: str) -> None:
        original = getattr(owner, name)
        events = self.events

        async def wrapped(*args: Any, **kwargs: Any) -> Any:
            events.append(event)
            return await original(*args, **kwargs)

        self._saved.append((owner, name, original))
        setattr(owner, name, wrapped)

    def store_first(self) -> bool:
        return bool(self.events) and self.events[0] == "store"


@dataclass
class Cell:
    row: str
    actor: str
    expected: str
    found: str
    note: str = ""

    @property
    def wrong(self) -> bool:
        return self.expected != self.found


class Matrix:
    """Runs the cells against one simulated Discord, restoring the position's store (and
    restarting the bot on it) whenever a cell changed it."""

    def __init__(self, env: Any, tmp: Path) -> None:
        self.env, self.tmp = env, tmp
        self.world = make_world(env, crew=2)
        other = env.create_guild()
        self.elsewhere = other.create_text_channel("elsewhere")
        self.outsider = other.add_member(env.create_user("outsider"))
        self.spots: dict[str, Spot] = {}
        self.saved: dict[str, Path] = {}
        self.current = ""
        self.cells: list[Cell] = []
        self.spy = Spy()

    @property
    def database(self) -> Path:
        return Path(self.world.bot.database)

    def rows(self) -> dict[str, list[tuple[Any, ...]]]:
        with contextlib.closing(sqlite3.connect(self.database)) as db:
            return {t: db.execute(f"SELECT * FROM {t} ORDER BY 1, 2").fetchall() for t in TABLES}

    async def build(self) -> None:
        """lobby → ready → setup → alien → crew, each saved as it stands."""
        w = self.world
        lobby = await w.crew[0].slash(w.channel, "game create", seed=54)
        for actor in w.crew:
            await actor.slash(w.channel, "game join", seat="crew")
        await w.spectator.slash(w.channel, "game join", seat="spectator")
        self._save("lobby", lobby=_said_message(lobby))
        await w.alien.slash(w.channel, "game join", seat="alien")
        self._save("ready", lobby=_said_message(lobby))
        await w.crew[0].slash(w.channel, "game start")
        self._save("setup", lobby=_said_message(lobby), map=self._newest_map())
        await w.crew[0].slash(w.channel, "game setup")
        await w.alien.user.slash("game setup")
        self._save("alien", map=self._newest_map())
        await w.alien.user.slash("alien pass")
        self._save("crew", map=self._newest_map())

    def _newest_map(self) -> Any:
        maps = [
            m
            for m in self.world.messages()
            if any(str(c.get("custom_id", "")).startswith("qs:map:") for c in components(m))
        ]
        return max(maps, key=lambda m: m.id)

    def _save(self, name: str, **sources: Any) -> None:
        path = self.tmp / f"spot-{name}.sqlite3"
        with (
            contextlib.closing(sqlite3.connect(self.database)) as live,
            contextlib.closing(sqlite3.connect(path)) as saved,
        ):
            live.backup(saved)
        self.saved[name] = path
        self.spots[name] = Spot(self.world, self.outsider, self.elsewhere, name, dict(sources))
        self.current = name

    async def go(self, name: str) -> Spot:
        """The store as position ``name`` left it, and a bot freshly started on it."""
        if self.current != name or self.rows() != self._saved_rows(name):
            with (
                contextlib.closing(sqlite3.connect(self.saved[name])) as saved,
                contextlib.closing(sqlite3.connect(self.database)) as live,
            ):
                saved.backup(live)
            await restart(self.env, self.database)
            self.current = name
        return self.spots[name]

    def _saved_rows(self, name: str) -> dict[str, list[tuple[Any, ...]]]:
        with contextlib.closing(sqlite3.connect(self.saved[name])) as db:
            return {t: db.execute(f"SELECT * FROM {t} ORDER BY 1, 2").fetchall() for t in TABLES}

    def member(self, key: str, side: Side) -> Any:
        w = self.world
        people = {
            Side.CREW: {"acting": w.crew[0], "same": w.crew[1], "other": w.alien},
            Side.ALIEN: {"acting": w.alien, "same": None, "other": w.crew[0]},
        }[side]
        return people.get(key) or {"spectator": w.spectator, "mod": w.mod}.get(key)

    # --- slash commands --------------------------------------------------------------
    async def slash(
        self, row: Slash, key: str, command: app_commands.Command[Any, ..., Any]
    ) -> None:
        expected = self._expected(row.ok, row.rules, key)
        if key == "stranger" and not allowed_in_dms(command):
            expected = UNAVAILABLE
        spot = await self.go(row.spot)
        if row.prelude is not None:
            await row.prelude(spot)
        options = row.options(spot)
        if key == "outsider":  # they can name only members of their own server
            options = {k: self.outsider if _member(v) else v for k, v in options.items()}
        in_dm = row.side is Side.ALIEN and row.name.startswith("alien ")

        async def invoke() -> Any:
            if key == "stranger":
                return await self.world.stranger.user.slash(row.name, **options)
            if key == "outsider":
                return await self.outsider.slash(self.elsewhere, row.name, **options)
            actor = self.member(key, row.side)
            if in_dm:
                return await actor.user.slash(row.name, **options)
            return await actor.slash(self.world.channel, row.name, **options)

        await self._judge(row.name, key, expected, invoke)

    # --- buttons and panels ---------------------------------------------------------------
    async def press(self, row: Press, key: str) -> None:
        expected = self._expected(row.ok, frozenset(), key)
        if key in ("stranger", "outsider"):
            expected = UNAVAILABLE  # they cannot see the game's channel, nor its players' DMs
        spot = await self.go(row.spot)
        message, custom_id, value = await row.source(spot)
        actor = self.member(key, row.side) if key not in ("stranger", "outsider") else None
        if key == "stranger":
            actor = self.world.stranger.user
        elif key == "outsider":
            actor = self.outsider
        elif key != row.owner and not _public(message):
            message = await self._copy(message, custom_id)  # a leaked or forged copy

        async def invoke() -> Any:
            if value is not None:
                return await actor.select(message, [value], custom_id=custom_id)
            return await actor.click(message, custom_id=custom_id)

        await self._judge(row.name, key, expected, invoke)

    async def _copy(self, message: Any, custom_id: str) -> Any:
        """The component with ``custom_id``, posted by the bot in the game's channel."""
        component = next(x for x in components(message) if x.get("custom_id") == custom_id)
        view = discord.ui.View(timeout=None)
        if component["type"] == 3:
            options = [
                discord.SelectOption(label=o["label"], value=o["value"])
                for o in component["options"]
            ]
            view.add_item(discord.ui.Select(custom_id=custom_id, options=options))
        else:
            view.add_item(
                discord.ui.Button(label=component.get("label") or "copy", custom_id=custom_id)
            )
        channel = self.world.bot.get_channel(self.world.channel.id)
        return await channel.send("a copy of someone's button", view=view)

    # --- judging -------------------------------------------------------------------------
    @staticmethod
    def _expected(ok: frozenset[str], rules: frozenset[str], key: str) -> str:
        return RULES if key in rules else OK if key in ok else DENIED

    async def _judge(
        self, row: str, key: str, expected: str, invoke: Callable[[], Awaitable[Any]]
    ) -> None:
        before = self.rows()
        errors = len(self.env.errors)
        self.spy.events.clear()
        try:
            result = await invoke()
        except SetupError as refused:
            found = (
                UNAVAILABLE if "could not" in str(refused) or "outside" in str(refused) else "setup"
            )
            self.cells.append(Cell(row, key, expected, found, str(refused)[:120]))
            return
        said = "\n".join(
            [result.response.content if result.response else ""]
            + [f.content for f in result.followups]
        )
        changed = self.rows() != before
        crashed = len(self.env.errors) > errors or "Something went wrong" in said
        refused = any(mark in said for mark in REFUSED)
        cited = bool(RULE_CITED.search(said))
        if crashed or not result.acknowledged or not said.strip():
            found = "unanswered or crashed"
        elif self.spy.store_first():
            found = "touched the store before answering Discord"
        elif refused and changed:
            found = "refused but the store changed"
        elif not refused:
            found = OK if expected != RULES else RULES
        elif expected == RULES and cited:
            found = RULES
        else:
            found = DENIED if not cited else "refused by the rules, not before them"
        self.cells.append(Cell(row, key, expected, found, said[:160]))

    async def run(self, tree: app_commands.CommandTree[Any]) -> list[Cell]:
        with self.spy:
            return await self._run(tree)

    async def _run(self, tree: app_commands.CommandTree[Any]) -> list[Cell]:
        await self.build()
        commands = leaf_commands(tree)
        for row in SLASH:
            for key in ACTORS:
                if self.member(key, row.side) is None and key in ("acting", "same", "other"):
                    continue  # the alien's side has no second player
                await self.slash(row, key, commands[row.name])
        for press in PRESSES:
            for key in ACTORS:
                if self.member(key, press.side) is None and key in ("acting", "same", "other"):
                    continue
                await self.press(press, key)
        return self.cells


def _member(value: Any) -> bool:
    return hasattr(value, "guild") and hasattr(value, "mention")


def _public(message: Any) -> bool:
    """A message in the game's channel everyone there sees (not ephemeral, not a DM)."""
    flags = getattr(message, "flags", None)
    ephemeral = bool(flags and flags.ephemeral)
    guild = getattr(getattr(message, "channel", None), "guild", None)
    return not ephemeral and guild is not None
