"""``quicksilver import FILE --channel ID``: a game recreated from a script, by the operator.

The game goes into the bot's store as the channel's new game (a lobby to seat and start,
or a finished game to replay and export: :mod:`bot.desk.imports` says what an imported
game is). A running bot reads the games it serves when it starts: restart it (or import
with ``/mod import`` in the channel instead) for the game to appear there.
"""

from __future__ import annotations

import asyncio
import sys
from pathlib import Path

from bot.desk import incidents
from bot.desk.imports import Prepared, decode
from bot.desk.service import Desk, Refusal
from bot.present.events import script_line
from bot.store import open_store
from bot.store.failures import StoreFailed, StoreRefused
from engine.errors import GameError
from engine.records.script import ScriptError


def run_import(path: Path, channel: int, guild: int | None, name: str, db: str) -> int:
    """Import the script at ``path``; print what was made, or why not (exit code 1)."""
    try:
        text = decode(path.read_bytes())
    except OSError as err:
        return _fail(f"cannot read the script: {err.strerror or err}")
    except Refusal as refusal:
        return _fail(str(refusal))
    try:
        game_id, prepared = asyncio.run(_import(text, channel, guild, name or str(channel), db))
    except (ScriptError, Refusal) as err:
        return _fail(str(err))
    except GameError as err:
        return _fail(err.describe())
    except StoreFailed:
        return _fail("the store could not be reached just now; nothing was imported")
    except StoreRefused:
        raise  # bot.cli.main says why the store cannot be opened
    except Exception as err:  # a script is data from outside: never a traceback
        reference = incidents.record(err, "importing a script")
        return _fail(
            f"the import failed unexpectedly; nothing was imported (reference {reference})"
        )
    status = "finished: replay and export it" if prepared.over else "a lobby: seat and start it"
    print(
        f"imported game {game_id} into channel {channel}: {len(prepared.commands)} command"
        f"{'' if len(prepared.commands) == 1 else 's'}, "
        f"{prepared.title}; {status}. Seeded: its dice were in the file, so it counts in "
        "no record."
    )
    return 0


async def _import(
    text: str, channel: int, guild: int | None, name: str, db: str
) -> tuple[int, Prepared]:
    store = await open_store(db)
    try:
        desk = Desk(store)
        await desk.load()
        table, prepared = await desk.import_game(channel, guild, name, 0, text, say=script_line)
        return table.id, prepared
    finally:
        await store.close()


def _fail(message: str) -> int:
    print(f"error: {message}", file=sys.stderr)
    return 1
