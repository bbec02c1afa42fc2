"""The twins audit catches a leak in any output.

Each case plants one small leak in one output of the real bot, by wrapping the function
that makes it: the output changes only when a secret holds (the hidden alien stands by
the Loading Bay's back wall, or the Agent is Mensah). The twins of
``test_twins.py`` are then played again, through the bot, and their receipts must
differ. A case that passed would mean the audit is blind to that output.
"""

from __future__ import annotations

import dataclasses
import io
from collections.abc import Awaitable, Callable, Iterator
from pathlib import Path
from typing import Any

import discord
import pytest
from PIL import Image

from bot.client import answers, complete, courier, deck_maps, flow, pictures
from bot.client.panels import press
from bot.desk import advisor
from bot.desk.service import Table
from bot.present import texts
from engine.content_models import Skill
from engine.game import Game
from engine.take_backs import Bar, NoUndo
from engine.units import _markers
from tests.bot.client.test_twins import HIDDEN, OTHER_SEED, alien_watches, crew_watches
from tests.bot.helpers import SEED, World
from tests.bot.twins import Wiretap, difference, receipts, twin

BOTS: list[Any] = []  # the bot of the twin being played
WATCHING: list[str] = []  # the side the twins are played for


def secret() -> bool:
    """What a leak gives away: where the hidden alien is (by the Loading Bay's back wall,
    row 12) when the crew watches, whether Mensah is the Agent when the alien watches.
    It holds in one twin of each pair and not in the other."""
    tables = list(BOTS[-1].desk.tables.values()) if BOTS else []
    game = tables[0].game if tables else None
    if game is None:
        return False
    state = game.state
    if WATCHING[-1] == "crew":
        return any(a.grid is not None and a.grid.row == 11 for a in state.pipe_runners())
    return Skill.AGENT in _markers(game.content, state.humans["mensah"])


Plant = Callable[[pytest.MonkeyPatch], None]


def _wrap(monkeypatch: pytest.MonkeyPatch, owner: Any, name: str, make: Any) -> None:
    monkeypatch.setattr(owner, name, make(getattr(owner, name)))


def panel_line(monkeypatch: pytest.MonkeyPatch) -> None:
    """A panel line shown only when the secret holds."""

    def make(original: Any) -> Any:
        def build(*args: Any, **kwargs: Any) -> Any:
            panel = original(*args, **kwargs)
            return (
                type(panel)((*panel.lines, "…"), panel.selects, panel.buttons)
                if secret()
                else panel
            )

        return build

    _wrap(monkeypatch, press, "build_panel", make)


def panel_button(monkeypatch: pytest.MonkeyPatch) -> None:
    """A panel's last button disabled when the secret holds."""

    def make(original: Any) -> Any:
        def view(panel: Any, link: Any = None) -> discord.ui.View:
            made = original(panel, link)
            if secret():
                made.children[-1].item.disabled = True  # type: ignore[attr-defined]
            return made

        return view

    _wrap(monkeypatch, press, "to_view", make)


def crew_dm(monkeypatch: pytest.MonkeyPatch) -> None:
    """A DM to the players at a phase's start when the secret holds."""

    def make(original: Any) -> Any:
        async def post_phase(bot: Any, table: Table, outcome: Any, **kwargs: Any) -> None:
            await original(bot, table, outcome, **kwargs)
            if secret():
                for player in table.players.values():
                    await courier.dm(bot, table, player.user_id, ["A shiver runs down your spine."])

        return post_phase

    _wrap(monkeypatch, flow, "post_phase", make)


def message_split(monkeypatch: pytest.MonkeyPatch) -> None:
    """The phase post's lines one message each when the secret holds."""

    def make(original: Any) -> Any:
        def summary_text(*args: Any, **kwargs: Any) -> list[str]:
            chunks: list[str] = original(*args, **kwargs)
            if secret():
                return [line for chunk in chunks for line in chunk.split("\n")]
            return chunks

        return summary_text

    _wrap(monkeypatch, texts, "summary_text", make)


def channel_edit(monkeypatch: pytest.MonkeyPatch) -> None:
    """The phase's map message edited afterwards when the secret holds."""

    def make(original: Any) -> Any:
        async def send(channel: Any, parts: Any, **kwargs: Any) -> Any:
            message = await original(channel, parts, **kwargs)
            if message is not None and kwargs.get("files") and secret():
                await message.edit(content=message.content + " ")
            return message

        return send

    _wrap(monkeypatch, courier, "send", make)


def _pixel(png: bytes) -> bytes:
    with Image.open(io.BytesIO(png)) as image:
        changed = image.convert("RGB")
    changed.putpixel((0, 0), (255, 0, 255))
    out = io.BytesIO()
    changed.save(out, format="PNG")
    return out.getvalue()


def map_pixel(monkeypatch: pytest.MonkeyPatch) -> None:
    """One pixel of every map changed when the secret holds."""

    def make(original: Any) -> Any:
        def render(board: Any, ship: Any) -> bytes:
            png = original(board, ship)
            return _pixel(png) if secret() else png

        return render

    _wrap(monkeypatch, pictures, "render_png", make)


def card_pixel(monkeypatch: pytest.MonkeyPatch) -> None:
    """One pixel of the phase card (the channel's picture at a phase's end) changed when
    the secret holds."""

    def make(original: Any) -> Any:
        def render(board: Any, ship: Any, events: Any) -> bytes:
            png = original(board, ship, events)
            return _pixel(png) if secret() else png

        return render

    _wrap(monkeypatch, pictures, "phase_card_png", make)


def deck_pixel(monkeypatch: pytest.MonkeyPatch) -> None:
    """One pixel of a deck close-up changed when the secret holds."""

    def make(original: Any) -> Any:
        def render(*args: Any, **kwargs: Any) -> Any:
            picture = original(*args, **kwargs)
            if secret():
                picture.image.putpixel((0, 0), (255, 0, 255))
            return picture

        return render

    _wrap(monkeypatch, deck_maps, "close_up", make)


def autocomplete_entry(monkeypatch: pytest.MonkeyPatch) -> None:
    """One more autocomplete choice when the secret holds."""

    def make(original: Any) -> Any:
        def choices(values: Any, current: str) -> Any:
            found = original(values, current)
            return [*found, complete.Choice(name="…", value="…")] if secret() else found

        return choices

    _wrap(monkeypatch, complete, "_choices", make)


def reply_text(monkeypatch: pytest.MonkeyPatch) -> None:
    """A private answer (a reply, a refusal) a word longer when the secret holds."""

    def make(original: Any) -> Any:
        async def reply(interaction: Any, lines: Any, **kwargs: Any) -> Any:
            lines = [*lines[:-1], f"{lines[-1]} indeed"] if secret() and lines else lines
            return await original(interaction, lines, **kwargs)

        return reply

    _wrap(monkeypatch, answers, "reply", make)


def undo_offered(monkeypatch: pytest.MonkeyPatch) -> None:
    """Undo allowed after a command that consulted a secret, when the secret holds."""

    def make(original: Any) -> Any:
        def can_undo(game: Game, side: Any) -> NoUndo | None:
            reason = original(game, side)
            if reason is not None and reason.bar is Bar.CONSULTED and secret():
                return None
            return reason

        return can_undo

    _wrap(monkeypatch, Game, "can_undo", make)


def peeking_advisor(monkeypatch: pytest.MonkeyPatch) -> None:
    """The advisor suggests another of the asker's legal commands when the secret holds
    (an expert that peeked at the state)."""

    def make(original: Any) -> Any:
        def advise(player: Any, side: Any, game: Any, legal: Any, rng: Any) -> Any:
            found = original(player, side, game, legal, rng)
            if found is None or not secret():
                return found
            other = next(c for c in legal if c != found.command)
            return dataclasses.replace(found, command=other)

        return advise

    _wrap(monkeypatch, advisor, "advise", make)


CREW_WATCHES: dict[str, Plant] = {
    "a panel line": panel_line,
    "the advisor's suggestion": peeking_advisor,
    "a disabled panel button": panel_button,
    "a DM": crew_dm,
    "a different message split": message_split,
    "an edit of a channel message": channel_edit,
    "a pixel of the map": map_pixel,
    "a pixel of the phase card": card_pixel,
    "a pixel of a deck close-up": deck_pixel,
    "an autocomplete entry": autocomplete_entry,
    "an ephemeral reply or refusal": reply_text,
    "undo availability": undo_offered,
}
ALIEN_WATCHES: dict[str, Plant] = {
    "a panel line in the alien's DM": panel_line,
    "the advisor's suggestion to the alien": peeking_advisor,
    "an autocomplete entry in the alien's DM": autocomplete_entry,
    "a pixel of the maps the alien sees": map_pixel,
    "a pixel of the phase card the alien sees": card_pixel,
}


async def _play(
    tmp_path: Path,
    tap: Wiretap,
    name: str,
    seed: int,
    script: Callable[[World], Awaitable[None]],
    watchers: Callable[[World], tuple[int, int]],
) -> list[str]:
    async with twin(tmp_path, name, seed) as (env, world):
        BOTS.append(world.bot)
        await script(world)
        return receipts(env, tap.of(env), watchers(world), world.channel.id)


REPORTS: list[tuple[str, str]] = []  # what the audit saw of each planted leak


@pytest.fixture(autouse=True)
def fresh() -> Iterator[None]:
    BOTS.clear()
    WATCHING.clear()
    yield
    BOTS.clear()


def _crew_and_spectator(world: World) -> tuple[int, int]:
    return world.crew[0].id, world.spectator.id


def _alien_and_spectator(world: World) -> tuple[int, int]:
    return world.alien.id, world.spectator.id


@pytest.mark.parametrize("leak", list(CREW_WATCHES))
async def test_the_crews_twins_catch_a_leak_in(
    leak: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    tap = Wiretap()
    tap.install(monkeypatch)
    WATCHING.append("crew")
    CREW_WATCHES[leak](monkeypatch)
    seen = []
    for name, (ability, orders) in HIDDEN.items():

        async def script(world: World, ability: str = ability, orders: list[str] = orders) -> None:
            await crew_watches(world, ability, orders)

        seen.append(await _play(tmp_path, tap, name, SEED, script, _crew_and_spectator))
    found = difference(*seen)
    assert found != "", f"the twins did not see {leak}"
    REPORTS.append((leak, found))


@pytest.mark.parametrize("leak", list(ALIEN_WATCHES))
async def test_the_aliens_twins_catch_a_leak_in(
    leak: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    tap = Wiretap()
    tap.install(monkeypatch)
    WATCHING.append("alien")
    ALIEN_WATCHES[leak](monkeypatch)
    seen = []
    for seed in (SEED, OTHER_SEED):

        async def script(world: World, seed: int = seed) -> None:
            await alien_watches(world, seed)

        seen.append(await _play(tmp_path, tap, f"seed{seed}", seed, script, _alien_and_spectator))
    found = difference(*seen)
    assert found != "", f"the twins did not see {leak}"
    REPORTS.append((leak, found))
