"""The permission matrix: every slash command of the bot's command tree and
every button and panel action, pressed by each of nine people, against the store.

The people: the player whose turn or unit it is (``acting``), another player of the same
side (``same``), a player of the other side (``other``), a spectator, a moderator with
no seat, and four strangers holding the game's real id: a member of the
game's server with no seat, in a DM with the bot (``stranger``); a member of another
server, in a channel there (``outsider``); a player of another game of the same server
(``rival``), in a DM or their own game's channel; and a user who shares no server with
the bot's games (``loner``), in a DM. A stranger names the game with a command's
``game`` option, or presses a forged copy of its button where they are (their DM, their
channel, a panel id made out to themselves); each must be refused with the very answer a
game that does not exist gets, so that no id tells whether a game exists. Each cell's
outcome is one of:

- ``ok``: taken (or answered) with no refusal;
- ``rules``: it reaches the rules, which may refuse it in this position (the refusal
  then cites a rule); only ever the acting player's cell;
- ``denied``: refused before the rules (no rule is cited), the store unchanged;
- ``unavailable``: Discord does not offer it there (a command not allowed in DMs, a
  message the person cannot see).

Every refusal must leave every row of the store as it was, and every cell must answer
Discord (a deferral counts) before it touches the store, so a slow database never costs
the 3 seconds Discord allows (a :class:`Spy` watches both, changing neither). The rows
(:mod:`tests.bot.matrix_rows`) are checked against the command tree and the button
registries themselves, so a new command or button without a row fails :func:`missing`.
``tests/bot/client/test_permission_matrix.py`` runs it; ``benchmarks/bench_reliability.py``
prints its count.
"""

from __future__ import annotations

import contextlib
import re
import sqlite3
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import discord
from discord import app_commands
from simcord.backend.errors import SetupError

from bot.client import buttons
from bot.client.panels import ids
from engine.state import Side
from tests.bot.helpers import create, make_world, restart
from tests.bot.matrix_rows import (
    ACTORS,
    IN_DMS,
    PRESSES,
    SLASH,
    STRANGERS,
    Press,
    Slash,
    Spot,
    said_message,
)
from tests.bot.panel_driver import components

OK, RULES, DENIED, UNAVAILABLE = "ok", "rules", "denied", "unavailable"
NO_SUCH_GAME = 987_654  # an id no game has: it must be refused as a real one is
RULE_CITED = re.compile(r"\([A-G](\.\d+)+[a-z]?[,)]|Legal: ")
REFUSED = ("⚠️", "⌛", "Something went wrong")
TABLES = ("games", "players", "commands", "snapshots", "public_lines", "mod_actions")
TABLES += ("guild_settings", "user_settings", "waits", "held_pings", "seatings")
TABLES += ("phase_marks", "game_results", "seat_calls", "snapshot_states")


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
        self.rivals = self.world.guild.create_text_channel("rivals")  # another game's
        self.rival = self.world.guild.add_member(env.create_user("rival"))
        self.loner = env.create_user("loner")  # no server in common
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
        """The rival's own game (a lobby in another channel), then the game of the cells:
        lobby → ready → setup → alien → crew, each saved as it stands."""
        w = self.world
        await self.rival.slash(self.rivals, "game create")
        await self.rival.slash(self.rivals, "game join", seat="crew")
        # The lobby's buttons as they stand, kept: the start edits them off the lobby's one
        # message, and the cells press them (each on a fresh copy: a lobby button adopts
        # the message it is on after a restart) in positions restored from before it.
        created = said_message(await create(w, w.crew[0], 54))
        lobby = [c for c in components(created) if c["type"] == 2]
        for actor in w.crew:
            await actor.slash(w.channel, "game join", seat="crew")
        await w.spectator.slash(w.channel, "game join", seat="spectator")
        self._save("lobby", lobby=lobby)
        await w.alien.slash(w.channel, "game join", seat="alien")
        self._save("ready", lobby=lobby)
        await w.crew[0].slash(w.channel, "game start")
        self._save("setup", lobby=lobby, map=self._newest_map())
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
        if key in IN_DMS and not allowed_in_dms(command):
            expected = UNAVAILABLE
        spot = await self.go(row.spot)
        if row.prelude is not None:
            await row.prelude(spot)
        options = row.options(spot)
        if key == "outsider":  # they can name only members of their own server
            options = {k: self.outsider if _member(v) else v for k, v in options.items()}
        named = key in STRANGERS and "game" in {p.name for p in command.parameters}
        in_dm = row.side is Side.ALIEN and row.name.startswith("alien ")

        def invoke_with(game: str | None) -> Callable[[], Awaitable[Any]]:
            given = {**options, "game": game} if game is not None else options

            async def invoke() -> Any:
                if key in IN_DMS:
                    return await self._dm_user(key).slash(row.name, **given)
                if key == "outsider":
                    return await self.outsider.slash(self.elsewhere, row.name, **given)
                actor = self.member(key, row.side)
                if in_dm:
                    return await actor.user.slash(row.name, **given)
                return await actor.slash(self.world.channel, row.name, **given)

            return invoke

        if not named:
            await self._judge(row.name, key, expected, invoke_with(None))
            return
        real, unknown = invoke_with(str(spot.table.id)), invoke_with(str(NO_SUCH_GAME))
        await self._judge(row.name, key, expected, real, twin=unknown)

    def _dm_user(self, key: str) -> Any:
        return {
            "stranger": self.world.stranger.user,
            "rival": self.rival.user,
            "loner": self.loner,
        }[key]

    # --- buttons and panels ---------------------------------------------------------------
    async def press(self, row: Press, key: str) -> None:
        expected = self._expected(row.ok, frozenset(), key)
        spot = await self.go(row.spot)
        message, custom_id, value = await row.source(spot)
        if key in STRANGERS:  # a forged copy where they are, its id made out to them
            await self._forged_press(row, key, message, custom_id, value)
            return
        actor = self.member(key, row.side)
        if key != row.owner and not _public(message):
            message = await self._copy(message, custom_id)  # a leaked or forged copy

        async def invoke() -> Any:
            if value is not None:
                return await actor.select(message, [value], custom_id=custom_id)
            return await actor.click(message, custom_id=custom_id)

        await self._judge(row.name, key, expected, invoke)

    async def _forged_press(
        self, row: Press, key: str, message: Any, custom_id: str, value: str | None
    ) -> None:
        if key == "outsider":
            actor, where = self.outsider, self.world.bot.get_channel(self.elsewhere.id)
        elif key == "rival" and row.name.startswith("qs:"):
            actor, where = self.rival, self.world.bot.get_channel(self.rivals.id)
        else:
            actor = self._dm_user(key)
            where = await (await self.world.bot.fetch_user(actor.id)).create_dm()
        own = _made_out(custom_id, actor.id)

        def press_with(game: int) -> Callable[[], Awaitable[Any]]:
            forged = _naming(own, game)

            async def invoke() -> Any:
                copy = await self._copy(message, custom_id, where, forged)
                if value is not None:
                    return await actor.select(copy, [value], custom_id=forged)
                return await actor.click(copy, custom_id=forged)

            return invoke

        real, unknown = press_with(self.world.table().id), press_with(NO_SUCH_GAME)
        await self._judge(row.name, key, DENIED, real, twin=unknown)

    async def _copy(
        self, message: Any, custom_id: str, where: Any = None, forged: str | None = None
    ) -> Any:
        """The component with ``custom_id``, posted by the bot in the game's channel (or
        ``where``), under the custom id ``forged`` if given."""
        component = next(x for x in components(message) if x.get("custom_id") == custom_id)
        made = forged or custom_id
        view = discord.ui.View(timeout=None)
        if component["type"] == 3:
            options = [
                discord.SelectOption(label=o["label"], value=o["value"])
                for o in component["options"]
            ]
            view.add_item(discord.ui.Select(custom_id=made, options=options))
        else:
            view.add_item(discord.ui.Button(label=component.get("label") or "copy", custom_id=made))
        channel = where or self.world.bot.get_channel(self.world.channel.id)
        return await channel.send("a copy of someone's button", view=view)

    # --- judging -------------------------------------------------------------------------
    @staticmethod
    def _expected(ok: frozenset[str], rules: frozenset[str], key: str) -> str:
        return RULES if key in rules else OK if key in ok else DENIED

    async def _judge(
        self,
        row: str,
        key: str,
        expected: str,
        invoke: Callable[[], Awaitable[Any]],
        *,
        twin: Callable[[], Awaitable[Any]] | None = None,
    ) -> None:
        """One cell; ``twin``: the same, naming a game that does not exist, which must
        get the very same answer (no id tells whether a game exists)."""
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
        said = _said(result)
        if twin is not None and self.rows() == before:
            other = _said(await twin())
            if other != said:
                note = f"{said[:70]!r} / unknown game: {other[:70]!r}"
                self.cells.append(Cell(row, key, expected, "tells whether the game exists", note))
                return
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


def _said(result: Any) -> str:
    return "\n".join(
        [result.response.content if result.response else ""] + [f.content for f in result.followups]
    )


def _made_out(custom_id: str, user_id: int) -> str:
    """A panel id (``qp:kind:game:user:…``) made out to ``user_id``: a forger's own."""
    parts = custom_id.split(":")
    if parts[0] == "qp" and len(parts) > 3:
        parts[3] = str(user_id)
    return ":".join(parts)


def _naming(custom_id: str, game_id: int) -> str:
    """``custom_id`` naming game ``game_id`` instead."""
    parts = custom_id.split(":")
    parts[2] = str(game_id)
    return ":".join(parts)


def _member(value: Any) -> bool:
    return hasattr(value, "guild") and hasattr(value, "mention")


def _public(message: Any) -> bool:
    """A message in the game's channel everyone there sees (not ephemeral, not a DM)."""
    flags = getattr(message, "flags", None)
    ephemeral = bool(flags and flags.ephemeral)
    guild = getattr(getattr(message, "channel", None), "guild", None)
    return not ephemeral and guild is not None
