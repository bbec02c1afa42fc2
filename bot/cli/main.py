"""The ``quicksilver`` command: one entry point, one subcommand per job."""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Sequence
from pathlib import Path

from bot.cli import stats
from bot.cli.db import default_target, run_copy, run_migrate
from bot.cli.script import run_script
from bot.config import Config, ConfigError
from bot.store.failures import StoreRefused
from bot.web.settings import WebSettingsError
from engine.board.brief import check_brief
from engine.board.floorplan import DEFAULT_SHIP_PATH, FloorplanError, read_floorplan
from engine.board.ship import DoorKind, Feature, RegionKind, Ship
from engine.board_view import BoardView
from engine.players.levels import LEVELS


def _load(path: Path) -> Ship:
    return read_floorplan(path)


def ship_summary(ship: Ship) -> str:
    """The one-screen census ``map check`` prints."""
    regions = ship.regions.values()
    rooms = sum(1 for r in regions if r.kind is RegionKind.ROOM)
    corridors = sum(1 for r in regions if r.kind is RegionKind.CORRIDOR)
    pods = sum(1 for r in regions if r.kind is RegionKind.POD)
    doors = ship.doors.values()
    large = sum(1 for d in doors if d.kind is DoorKind.LARGE)
    obstructed = sum(1 for c in ship.cells.values() if c.obstructed)
    lines = [
        f"{ship.name}",
        f"  decks        {len(ship.decks)} ({', '.join(d.label for d in ship.decks.values())})",
        f"  grids        {len(ship.cells)} ({obstructed} obstructed)",
        f"  rooms        {rooms} rooms, {corridors} corridors",
        f"  doors        {len(ship.doors)} ({large} large Cargo Hold doors)",
        f"  lifts        {', '.join(sorted(ship.lifts))}",
        f"  hatches      {len(ship.hatches)} pairs ({', '.join(sorted(ship.hatches))})",
        f"  life pods    {pods}",
        f"  lockers      {len(ship.grids_with(Feature.LOCKER))}",
        f"  nexus grids  {len(ship.grids_with(Feature.NEXUS))}",
    ]
    return "\n".join(lines)


def _cmd_map_check(args: argparse.Namespace) -> int:
    try:
        ship = _load(args.file)
    except FloorplanError as err:
        print(f"error: {err}", file=sys.stderr)
        return 1
    print(ship_summary(ship))
    violations = check_brief(ship)
    for violation in violations:
        print(f"error: {args.file.name} {violation}", file=sys.stderr)
    if violations:
        return 1
    print("  brief        all requirements met")
    return 0


def _cmd_render(args: argparse.Namespace) -> int:
    from render.board import render_png  # start-up cost: Pillow, for drawing only
    from render.samples import sample_view  # start-up cost: Pillow, for drawing only

    try:
        ship = _load(args.file)
    except FloorplanError as err:
        print(f"error: {err}", file=sys.stderr)
        return 1
    view = sample_view(ship) if args.sample else BoardView(viewer="spectator", title=ship.name)
    args.out.write_bytes(render_png(view, ship))
    print(f"wrote {args.out}")
    return 0


def _cmd_script(args: argparse.Namespace) -> int:
    return run_script(args.file, args.viewer, args.json)


def _cmd_bot(args: argparse.Namespace) -> int:
    from bot.client.app import run  # start-up cost: discord.py, 0.8 s, for the bot only

    try:
        config = Config.from_env(sync=args.sync)
    except ConfigError as err:
        print(f"error: {err}", file=sys.stderr)
        return 2
    return run(config)


def _cmd_play(args: argparse.Namespace) -> int:
    from bot.cli.local_table import demo, play_local  # start-up cost: the desk, Pillow: 0.3 s

    if args.demo:
        seed = 1 if args.seed is None else args.seed
        return demo(seed, args.turns, args.png)
    from bot.cli.local_web import local_settings  # start-up cost: aiohttp, for the page only

    web = None
    if args.web:
        try:
            web = local_settings(os.environ)
        except WebSettingsError as err:
            print(f"error: {err}", file=sys.stderr)
            return 2
    return play_local(
        args.side,
        args.seed,
        args.resume,
        args.db,
        args.png,
        level=args.level,
        variants=args.variant,
        web=web,
    )


def _cmd_replay(args: argparse.Namespace) -> int:
    from bot.cli.local_table import default_db  # start-up cost: the desk, Pillow: 0.3 s
    from bot.cli.replay import run_replay  # start-up cost: Pillow

    return run_replay(args.game_id, args.db or default_db(), args.out, args.phase)


def _cmd_import(args: argparse.Namespace) -> int:
    from bot.cli.import_cmd import run_import  # start-up cost: the desk, 0.25 s

    return run_import(args.file, args.channel, args.guild, args.name, args.db or default_target())


def _cmd_web(args: argparse.Namespace) -> int:
    from bot.cli.web import run_web  # start-up cost: aiohttp and the store, for this only

    return run_web(args.db or default_target(), os.environ, args.host, args.port)


def _cmd_db_migrate(args: argparse.Namespace) -> int:
    return run_migrate(args.db or default_target())


def _cmd_db_copy(args: argparse.Namespace) -> int:
    return run_copy(args.source, args.destination)


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="quicksilver", description=__doc__)
    commands = parser.add_subparsers(dest="command", required=True)

    map_cmd = commands.add_parser("map", help="the floorplan")
    map_sub = map_cmd.add_subparsers(dest="map_command", required=True)
    check = map_sub.add_parser("check", help="validate the floorplan against the rulebook")
    check.add_argument("--file", type=Path, default=DEFAULT_SHIP_PATH, help="floorplan file")
    check.set_defaults(run=_cmd_map_check)

    render = commands.add_parser("render", help="draw the ship to a PNG file")
    render.add_argument("--out", type=Path, required=True, help="PNG file to write")
    render.add_argument("--file", type=Path, default=DEFAULT_SHIP_PATH, help="floorplan file")
    render.add_argument("--sample", action="store_true", help="draw sample pieces too")
    render.set_defaults(run=_cmd_render)

    bot = commands.add_parser("bot", help="run the Discord bot (DISCORD_TOKEN, QUICKSILVER_DB)")
    bot.add_argument(
        "--sync",
        action="store_true",
        help="send the slash commands to Discord even if they did not change since the last sync",
    )
    bot.set_defaults(run=_cmd_bot)

    play = commands.add_parser("play", help="play at this terminal, saved to the database")
    play.add_argument("--side", choices=["crew", "alien", "both"], default="crew")
    play.add_argument("--seed", type=int, default=None, help="game seed (default: random)")
    play.add_argument("--resume", type=int, default=None, metavar="ID", help="a saved game")
    play.add_argument("--db", type=Path, default=None, help="database (default: $QUICKSILVER_DB)")
    play.add_argument("--png", type=Path, default=Path("quicksilver-map.png"), help="map picture")
    play.add_argument(
        "--level",
        choices=list(LEVELS),
        default=None,
        help="how well the game plays its side (default: easy, or a resumed game's own)",
    )
    play.add_argument(
        "--variant",
        action="append",
        default=[],
        metavar="ID",
        help="an optional variant for a new game (repeat for more; README, 'Variants')",
    )
    play.add_argument("--demo", action="store_true", help="the game plays both sides; no input")
    play.add_argument(
        "--web",
        action="store_true",
        help="your view in a browser too, on localhost (or $QUICKSILVER_WEB_URL)",
    )
    play.add_argument("--turns", type=int, default=3, help="turns the demo plays")
    play.set_defaults(run=_cmd_play)

    script = commands.add_parser("script", help="play a script of commands (see README)")
    script.add_argument("file", type=Path, help="script file")
    viewers = ["crew", "alien", "spectator", "referee"]
    script.add_argument("--as", dest="viewer", choices=viewers, default="referee")
    script.add_argument("--json", action="store_true", help="one JSON object per line")
    script.set_defaults(run=_cmd_script)

    replay = commands.add_parser("replay", help="a finished game as a GIF, or one phase as PNG")
    replay.add_argument("game_id", type=int, metavar="GAME_ID", help="the game's number")
    replay.add_argument("--db", type=Path, default=None, help="database (default: $QUICKSILVER_DB)")
    replay.add_argument("--out", type=Path, required=True, help="file to write (.gif or .png)")
    replay.add_argument("--phase", type=int, default=None, metavar="N", help="only phase N (PNG)")
    replay.set_defaults(run=_cmd_replay)
    _add_import(commands)
    _add_db(commands)
    _add_web(commands)
    stats.add_parser(commands)
    return parser


def _add_import(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    imp = commands.add_parser(
        "import", help="recreate a game from a script as a channel's new game (operator)"
    )
    imp.add_argument("file", type=Path, help="script file (as /game export writes it)")
    imp.add_argument("--channel", type=int, required=True, help="the Discord channel's id")
    imp.add_argument(
        "--guild", type=int, default=None, help="the server's id (which shard serves the game)"
    )
    imp.add_argument("--name", default="", help="the channel's name, for messages")
    imp.add_argument("--db", default=None, help="the bot's store (default: $QUICKSILVER_DB)")
    imp.set_defaults(run=_cmd_import)


def _add_web(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    web = commands.add_parser(
        "web",
        help="serve the web companion alone against the store (QUICKSILVER_WEB_URL, "
        "QUICKSILVER_WEB_SECRET)",
    )
    web.add_argument("--db", default=None, help="the bot's store (default: $QUICKSILVER_DB)")
    web.add_argument("--host", default=None, help="address to listen on ($QUICKSILVER_WEB_HOST)")
    web.add_argument("--port", type=int, default=None, help="port ($QUICKSILVER_WEB_PORT)")
    web.set_defaults(run=_cmd_web)


def _add_db(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    db = commands.add_parser("db", help="the store: migrate it, or copy it to another")
    db_sub = db.add_subparsers(dest="db_command", required=True)
    where = "an SQLite file or a postgresql:// URL"
    migrate = db_sub.add_parser("migrate", help="bring the schema up to date")
    migrate.add_argument("--db", default=None, help=f"{where} (default: $QUICKSILVER_DB)")
    migrate.set_defaults(run=_cmd_db_migrate)
    copy = db_sub.add_parser(
        "copy", help="copy every game into an empty store and check every game replays the same"
    )
    copy.add_argument("source", metavar="SRC", help=f"the store to copy ({where})")
    copy.add_argument("destination", metavar="DST", help=f"an empty store ({where})")
    copy.set_defaults(run=_cmd_db_copy)


def main(argv: Sequence[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    try:
        code: int = args.run(args)
    except StoreRefused as refused:  # a store it must not open (play, replay, bot)
        print(f"error: the store cannot be opened: {refused}", file=sys.stderr)
        return 2
    return code


if __name__ == "__main__":
    sys.exit(main())
