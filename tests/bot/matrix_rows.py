"""The rows of the permission matrix (:mod:`tests.bot.matrix`): what each slash command,
button and panel action expects of each person, in which position, with which options,
and where each button is found. A new command or button needs a row here."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any

import discord

from bot.client.panels import ids
from engine import commands as c
from engine.legal import legal_commands
from engine.state import Side
from tests.bot.cli.test_import_cmd import MID_GAME
from tests.bot.helpers import World, mirror
from tests.bot.panel_driver import components, select_named

ACTORS = (
    *("acting", "same", "other", "spectator", "mod"),
    *("stranger", "outsider", "rival", "loner"),  # strangers holding the game's real id
)
STRANGERS = frozenset({"stranger", "outsider", "rival", "loner"})
IN_DMS = frozenset({"stranger", "rival", "loner"})  # they give commands in a DM

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
IN_A_SERVER = PLAYERS | {"outsider"}  # everyone in a server's channel


async def _moved(spot: Spot) -> None:
    await spot.world.crew[0].slash(
        spot.world.channel, "game do", command=spot.crew_move().notation()
    )


async def _paused(spot: Spot) -> None:
    await spot.world.mod.slash(spot.world.channel, "mod pause")


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
    # the game's cadence: its players and moderators, not its spectators (README)
    Slash(
        "game reminders",
        "crew",
        ok=_set("acting", "same", "other", "mod"),
        options=lambda s: {"hours": 4.0},
    ),
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
    Slash("mod pause", "crew", ok=_set("mod")),
    Slash("mod resume", "crew", ok=_set("mod"), prelude=_paused),
    # a channel holds one game: nobody imports over the running one (tests/bot/client/
    # test_import_bot.py imports into an empty channel)
    Slash("mod import", "crew", options=lambda s: {"file": ("game.qs", MID_GAME.encode())}),
    Slash("game players", "crew", ok=PLAYERS),
    Slash("game open", "crew", ok=IN_A_SERVER),  # lists the lobbies one may see: none here
    Slash("game sub", "crew", ok=_set("acting", "same", "other")),
    # a resignation asks first, of any player for their own side; a claim is the waiting
    # side's, once the other fell silent (here nobody has: refused for everyone)
    Slash("game resign", "crew", ok=_set("acting", "same", "other")),
    Slash("game claim", "crew"),
    Slash("game export", "crew", ok=_set("mod")),  # a game in play: its public record
    Slash("game tutorial", "crew", ok=IN_A_SERVER, options=lambda s: {"side": "crew"}),
    Slash("rules", "crew", ok=frozenset(ACTORS), options=lambda s: {"topic": "C.7.2"}),
    # --- /me answers anyone, anywhere, about themselves ---
    Slash("me settings", "crew", ok=frozenset(ACTORS)),
    Slash("me games", "crew", ok=frozenset(ACTORS)),
    Slash("me away", "crew", ok=frozenset(ACTORS), options=lambda s: {"until": "3d"}),
    Slash("me back", "crew"),  # nobody is away here: each is told so, nothing changes
    Slash("me record", "crew", ok=frozenset(ACTORS)),
    Slash("me forget", "crew", ok=frozenset(ACTORS)),  # the warning: nothing changes yet
    # --- /stats: ratings are everyone's business; a server's board needs a server ---
    Slash("stats me", "crew", ok=frozenset(ACTORS)),
    Slash("stats user", "crew", ok=frozenset(ACTORS), options=lambda s: {"member": s.world.alien}),
    Slash("stats server", "crew", ok=IN_A_SERVER),
    Slash("stats balance", "crew", ok=frozenset(ACTORS)),
    Slash("stats rules", "crew", ok=frozenset(ACTORS)),
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


def _lobby(
    prefix: str, label: str | None = None
) -> Callable[[Spot], Awaitable[tuple[Any, str, None]]]:
    """A lobby button, on a fresh copy of the lobby's buttons as they stood before the
    start took them off (the position is restored from before the start, Discord's
    message is not)."""

    async def source(spot: Spot) -> tuple[Any, str, None]:
        view = discord.ui.View(timeout=None)
        for button in spot.sources["lobby"]:
            view.add_item(
                discord.ui.Button(label=button.get("label"), custom_id=button["custom_id"])
            )
        channel = spot.world.bot.get_channel(spot.world.channel.id)
        message = await channel.send("the lobby's buttons", view=view)
        return message, _custom_id(message, prefix, label), None

    return source


def said_message(result: Any) -> Any:
    """The message an interaction answered with (its last follow-up, or its response)."""
    return result.followups[-1] if result.followups else result.response


async def _after_move(spot: Spot, prefix: str) -> tuple[Any, str, None]:
    move = spot.crew_move()
    result = await spot.world.crew[0].slash(spot.world.channel, "game do", command=move.notation())
    message = said_message(result)
    return message, _custom_id(message, prefix), None


async def _confirm(spot: Spot) -> tuple[Any, str, None]:
    message = spot.sources["map"]
    result = await spot.world.crew[0].click(message, custom_id=_custom_id(message, "qs:pass:"))
    said = said_message(result)
    return said, _custom_id(said, "qs:passok:"), None


async def _reset(spot: Spot) -> tuple[Any, str, None]:
    said = said_message(await spot.world.mod.slash(spot.world.channel, "mod reset"))
    return said, _custom_id(said, "qs:reset:"), None


async def _rollback(spot: Spot) -> tuple[Any, str, None]:
    world = spot.world
    asked = await world.mod.slash(world.channel, "mod rollback", turn=1, phase="alien")
    said = said_message(asked)
    return said, _custom_id(said, "qs:rollback:"), None


async def _resign(spot: Spot) -> tuple[Any, str, None]:
    said = said_message(await spot.world.crew[0].slash(spot.world.channel, "game resign"))
    return said, _custom_id(said, "qs:resign:"), None


async def _panel(spot: Spot) -> Any:
    message = spot.sources["map"]
    result = await spot.world.crew[0].click(message, custom_id=_custom_id(message, "qs:play:"))
    return said_message(result)


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
        if kind in (ids.PLAY, ids.HINTOK):  # on the panel Suggest leaves (warned first)
            hint = _custom_id(panel, "qp:hint:")
            panel = (await spot.world.crew[0].click(panel, custom_id=hint)).response
        if kind == ids.PLAY:
            anyway = _custom_id(panel, "qp:hintok:")
            panel = (await spot.world.crew[0].click(panel, custom_id=anyway)).response
        return panel, _custom_id(panel, f"qp:{kind}:", label), None

    return source


async def _close_up(spot: Spot) -> tuple[Any, str, None]:
    """The Close-up button under the acting player's own map (``qs:map``)."""
    message = spot.sources["map"]
    result = await spot.world.crew[0].click(message, custom_id=_custom_id(message, "qs:map:"))
    said = said_message(result)
    return said, _custom_id(said, "qs:focus:"), None


MAP_READERS = PLAYERS


PRESSES: tuple[Press, ...] = (
    Press(
        "qs:join",
        "lobby",
        _lobby("qs:join:", "Join alien"),
        ok=_set("other", "spectator", "mod"),
    ),
    Press(
        "qs:computer",
        "lobby",
        _lobby("qs:computer:", "Game plays alien"),
        ok=_set("acting", "mod"),
    ),
    Press("qs:leave", "lobby", _lobby("qs:leave:"), ok=_set("acting", "same", "spectator")),
    Press("qs:deadline", "lobby", _lobby("qs:deadline:", "24 h a phase"), ok=_set("mod")),
    Press(
        "qs:start",
        "ready",
        _lobby("qs:start:"),
        ok=_set("acting", "same", "other", "spectator", "mod"),
    ),
    Press("qs:quick", "setup", _recorded("map", "qs:quick:"), ok=_set("acting", "same", "other")),
    Press("qs:play", "crew", _recorded("map", "qs:play:"), ok=_set("acting", "same", "other")),
    Press("qs:map", "crew", _recorded("map", "qs:map:"), ok=MAP_READERS),
    Press("qs:log", "crew", _recorded("map", "qs:log:"), ok=MAP_READERS),
    Press("qs:hand", "crew", _recorded("map", "qs:hand:"), ok=MAP_READERS),
    Press("qs:status", "crew", _recorded("map", "qs:status:"), ok=MAP_READERS),
    Press("qs:deck", "crew", _recorded("map", "qs:deck:"), ok=MAP_READERS),
    Press("qs:focus", "crew", _close_up, ok=MAP_READERS),
    Press("qs:pass", "crew", _recorded("map", "qs:pass:"), ok=_set("acting", "same")),
    Press("qs:passok", "crew", _confirm, ok=_set("acting", "same")),
    Press("qs:endunit", "crew", lambda s: _after_move(s, "qs:endunit:"), ok=_set("acting")),
    Press("qs:undo", "crew", lambda s: _after_move(s, "qs:undo:"), ok=_set("acting")),
    Press("qs:reset", "crew", _reset, ok=_set("mod"), owner="mod"),
    Press("qs:rollback", "crew", _rollback, ok=_set("mod"), owner="mod"),
    Press("qp:do", "crew", _panel_press(ids.DO), ok=_set("acting")),
    Press("qp:pick", "crew", _panel_press(ids.PICK), ok=_set("acting")),
    Press("qp:unit", "crew", _panel_press(ids.UNIT), ok=_set("acting")),
    Press("qp:pass", "crew", _panel_press(ids.PASS), ok=_set("acting")),
    Press("qp:passok", "crew", _panel_press(ids.PASSOK), ok=_set("acting")),
    Press("qp:undo", "crew", _panel_press(ids.UNDO), ok=_set("acting")),
    Press("qp:fresh", "crew", _panel_press(ids.FRESH), ok=_set("acting")),
    Press("qp:quick", "setup", _panel_press(ids.QUICK), ok=_set("acting")),
    Press("qp:look", "crew", _panel_press(ids.LOOK), ok=_set("acting")),
    Press("qp:hint", "crew", _panel_press(ids.HINT), ok=_set("acting")),
    Press("qp:hintok", "crew", _panel_press(ids.HINTOK), ok=_set("acting")),
    Press("qp:play", "crew", _panel_press(ids.PLAY), ok=_set("acting")),
    Press("qs:resign", "crew", _resign, ok=_set("acting", "same")),
)
