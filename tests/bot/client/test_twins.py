"""The project's own secrecy audit, through the bot.

Twins: two games that one side cannot tell apart, the other side's secrets dealt
otherwise, each played by a real bot on its own in-memory Discord and driven by the
same presses and commands of the watching side and a spectator. Everything they
receive must be byte for byte the same (:func:`tests.bot.twins.receipts`):

- channel messages: their text, grouping and order, mentions, buttons, and their edits;
- DMs to the watching side's players and the spectator;
- answers to their own interactions: ephemeral replies and refusals, turn panels in
  full (text, select placeholders and options, button labels, styles, custom ids,
  disabled states) and their in-place edits, undo availability (the Undo buttons, and
  `/game undo`'s answer), the advisor's Suggest answer;
- autocomplete choices;
- every image: the phase maps, `/game map`, the deck and unit close-ups (bytes of the PNGs).

Both directions, set-up included: the crew and a spectator watch twins whose alien
chose another ability and hid along another route (declaring the same); the alien and
a spectator watch twins whose crew drew other skill markers (the Agent elsewhere),
other crate contents and nexus markers, and dealt two roles (and so face-down gear)
the other way round. ``test_twins_mutations.py`` shows that this audit catches a small
leak planted in each of those outputs.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from engine.board.grid import Grid
from engine.commands import AssignRole
from engine.content_models import Skill
from engine.context import Ctx
from engine.dice import Rng
from engine.game import Game
from engine.quick_setup import next_setup_command
from engine.setup import free_roles
from engine.state import Side
from engine.units import skills_of
from tests.bot.helpers import SEED, World
from tests.bot.panel_driver import (
    ask_advice,
    button_labelled,
    buttons,
    last_with_button,
    select_named,
)
from tests.bot.twins import Wiretap, difference, receipts, twin

REFUSED = "⚠️"

# --- the crew watches: the alien's secrets differ -------------------------------------
LARVA = "0-P12"  # the Loading Bay, nine grids and more from every human of SEED
HIDDEN = {  # the alien's own choices: another ability, another route, the same calls
    "east": ("Clever", ["move alien1 0-P10"]),
    "west": ("Venom", ["move alien1 0-O12", "wait alien1"]),
}


async def lobby(world: World) -> None:
    crew, alien = world.crew[0], world.alien
    await crew.slash(world.channel, "game create")
    await alien.slash(world.channel, "game join", seat="alien")
    await crew.slash(world.channel, "game join", seat="crew")
    await world.spectator.slash(world.channel, "game join", seat="spectator")
    await crew.slash(world.channel, "game start")


async def ok(result: Any) -> Any:
    answer = result.response
    assert result.acknowledged and answer is not None
    assert not answer.content.startswith(REFUSED), answer.content
    return answer


async def crew_watches(world: World, ability: str, orders: list[str]) -> None:
    crew, alien, spectator = world.crew[0], world.alien.user, world.spectator
    await lobby(world)
    await alien.slash("alien ability", name=ability)
    await crew.slash(world.channel, "game setup")
    await alien.slash("alien larva", grid=LARVA)
    await ok(await alien.slash("alien piperun"))
    for order in orders:
        await ok(await alien.slash("game do", command=order))
    await ok(await alien.slash("alien pass"))
    # The crew's phase: a panel, a move, its unit ended, what the crew may look at.
    panel = await ok(await crew.click(last_with_button(world.messages(), "Play"), label="Play"))
    suggest = button_labelled(panel, "Suggest")  # the advisor, from the crew's seat only
    assert suggest is not None
    panel = await ok(await ask_advice(crew, panel))
    assert "💡 Suggestion" in panel.content
    goto = select_named(panel, "Go to")
    assert goto is not None
    panel = await ok(
        await crew.select(panel, [goto["options"][-1]["value"]], custom_id=goto["custom_id"])
    )
    await crew.slash(world.channel, "game undo")
    unit = panel.content.split("**")[3].lower()  # "Acting: **Name** at …"
    for option in ("grids", "unit"):
        await crew.autocomplete(world.channel, "crew move", option, "", unit=unit)
    await crew.autocomplete(world.channel, "game do", "command", "")
    await crew.autocomplete(world.channel, "crew attack", "target", "", unit=unit)
    end = next(
        b for b in buttons(panel) if b["label"].startswith("End ") and b["label"] != "End phase"
    )
    panel = await ok(await crew.click(panel, custom_id=end["custom_id"]))
    mapped = await ok(await crew.slash(world.channel, "game map"))
    await crew.click(mapped, label="Deck 00")
    await crew.click(mapped, label="Close-up")
    for command, options in (("game status", {}), ("game log", {"count": 100}), ("game hand", {})):
        await crew.slash(world.channel, command, **options)
        await spectator.slash(world.channel, command, **options)
    public_map = next(m for m in reversed(world.messages()) if m.attachments)
    await spectator.click(public_map, label="Deck 00")
    await spectator.click(public_map, label="Close-up")
    await spectator.slash(world.channel, "game map")
    await crew.slash(world.channel, "crew search", unit="okeke", actions=1)
    await crew.slash(world.channel, "game do", command="pass")


async def test_c3_c7_the_crew_and_a_spectator_receive_the_same_wherever_the_alien_hides(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    tap = Wiretap()
    tap.install(monkeypatch)
    seen = {}
    for name, (ability, orders) in HIDDEN.items():
        async with twin(tmp_path, name, SEED) as (env, world):
            await crew_watches(world, ability, orders)
            secret = world.table().game.state.alien("alien1")  # type: ignore[union-attr]
            watchers = (world.crew[0].id, world.spectator.id)
            seen[name] = (receipts(env, tap.of(env), watchers, world.channel.id), secret.path)
    (east, east_path), (west, west_path) = seen["east"], seen["west"]
    assert east_path != west_path  # the twins' secrets do differ …
    assert len(east) > 60 and any(".png" in line for line in east)
    assert difference(east, west) == ""  # … and nothing the crew receives shows it


# --- the alien watches: the crew's secrets differ -------------------------------------
OTHER_SEED = 6  # its survivors draw the Agent elsewhere, its crates hold other things
MCPO = "Master Chief Petty Officer"  # the one role everyone learns (E.1): dealt alike
LAB_KITS = {SEED: "gear5", OTHER_SEED: "gear6"}  # the Lab locker's SciKit, its Dunsel


def crew_setup(seed: int) -> list[str]:
    """The crew's set-up as explicit commands, the same public choices for every seed (a
    human placed on the Lab's locker); the secret roles dealt from the seed's own free
    roles, since the dead's roles are drawn from the seed (B.1.2)."""
    game, rng, lines = Game.new(SEED), Rng(11), []
    while command := next_setup_command(Ctx(game.state, game.ship, game.content), Side.CREW, rng):
        if command.verb == "place" and not any(line.startswith("place") for line in lines):
            command = type(command)(command.human, Grid.parse("1-F12"))  # type: ignore[attr-defined]
        game.play(Side.CREW, command)
        lines.append(command.notation())
    ours, dealt = Game.new(seed), []
    for line in lines:
        if line.startswith("role "):
            human = line.split()[1]
            free = [r for r in free_roles(Ctx(ours.state, ours.ship, ours.content)) if r != MCPO]
            line = AssignRole(human, MCPO if MCPO in line else free[-1]).notation()
        ours.play(Side.CREW, line)
        dealt.append(line)
    return dealt


async def alien_watches(world: World, seed: int) -> None:
    crew, alien, spectator = world.crew[0], world.alien.user, world.spectator
    await lobby(world)
    for line in crew_setup(seed):
        await ok(await crew.slash(world.channel, "game do", command=line))
    await alien.slash("alien ability", name="Clever")
    await alien.slash("alien larva", grid=LARVA)
    # The alien's phase: its panel in DMs, a move taken back, a hidden wait.
    ping = next(m for m in reversed(list(alien.dm_channel.history())) if buttons(m))
    panel = await ok(await alien.click(ping, label="Play"))
    suggest = button_labelled(panel, "Suggest")  # the advisor, from the alien's seat only
    assert suggest is not None
    panel = await ok(await ask_advice(alien, panel))
    assert "💡 Suggestion" in panel.content
    goto = select_named(panel, "Go to")
    assert goto is not None
    panel = await ok(
        await alien.select(panel, [goto["options"][0]["value"]], custom_id=goto["custom_id"])
    )
    undo = button_labelled(panel, "Undo")
    assert undo is not None  # nothing secret consulted: it may be taken back
    panel = await ok(await alien.click(panel, custom_id=undo["custom_id"]))
    await ok(await alien.slash("alien piperun"))
    await ok(await alien.slash("game do", command="wait alien1"))
    await alien.autocomplete("alien move", "grids", "")
    await alien.autocomplete("game do", "command", "")
    await alien.autocomplete("alien pickup", "items", "")
    mapped = await ok(await alien.slash("game map"))
    await alien.click(mapped, label="Deck 01")
    for command in ("game status", "game hand"):
        await alien.slash(command)
        await spectator.slash(world.channel, command)
    await alien.slash("game log", count=100)
    await spectator.slash(world.channel, "game map")
    await ok(await alien.slash("alien pass"))
    # The crew's phase: the same public acts, a different face-down kit picked up.
    for line in ("unlock hyun", f"pickup hyun {LAB_KITS[seed]}", "pass"):
        await ok(await crew.slash(world.channel, "game do", command=line))
    ping = next(m for m in reversed(list(alien.dm_channel.history())) if buttons(m))
    await ok(await alien.click(ping, label="Play"))
    await alien.slash("game hand")
    await alien.slash("game map")


def _secrets(world: World) -> tuple[object, ...]:
    state = world.table().game.state  # type: ignore[union-attr]
    content = world.table().game.content  # type: ignore[union-attr]
    agents = [h.id for h in state.humans.values() if Skill.AGENT in skills_of(content, h)]
    kits = [i.kind for i in state.items.values() if i.holder == "hyun"]
    crates = sorted((str(i.grid), str(i.supply)) for i in state.items.values() if i.supply)
    return agents, kits, crates, sorted(state.nexus.items())


async def test_c3_the_alien_and_a_spectator_receive_the_same_however_the_crew_was_dealt(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    tap = Wiretap()
    tap.install(monkeypatch)
    seen = {}
    for seed in (SEED, OTHER_SEED):
        async with twin(tmp_path, f"seed{seed}", seed) as (env, world):
            await alien_watches(world, seed)
            watchers = (world.alien.id, world.spectator.id)
            seen[seed] = (receipts(env, tap.of(env), watchers, world.channel.id), _secrets(world))
    (first, ours), (second, theirs) = seen[SEED], seen[OTHER_SEED]
    assert all(a != b for a, b in zip(ours, theirs, strict=True))  # every secret differs …
    assert len(first) > 60 and any(".png" in line for line in first)
    assert difference(first, second) == ""  # … and nothing the alien receives shows it
