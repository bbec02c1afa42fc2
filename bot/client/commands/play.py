"""/crew and /alien: one subcommand per verb of the game, with autocompleted parameters.

Each builds the command's text (the engine's one command language) and plays it, so a
slash command and ``/game do`` are the same thing. /crew lives in the game channel;
/alien works in DMs (its ``game`` option picks the game when you play several). Each
group acts for its own side only: a crew player's ``/alien pass`` is refused.
"""

from __future__ import annotations

from typing import Literal

from discord import app_commands

from bot.client import complete, playing
from bot.client.answers import guard
from bot.client.commands.game import game_id
from bot.client.host import Inter
from engine.state import Side

crew = app_commands.Group(
    name="crew",
    description="Orders for the crew of the Quicksilver (in the game channel)",
    allowed_contexts=app_commands.AppCommandContext(
        guild=True, dm_channel=False, private_channel=False
    ),
    allowed_installs=app_commands.AppInstallationType(guild=True, user=False),
)
alien = app_commands.Group(
    name="alien",
    description="The alien's secret orders (in a DM with the bot)",
    allowed_contexts=app_commands.AppCommandContext(
        guild=True, dm_channel=True, private_channel=False
    ),
    allowed_installs=app_commands.AppInstallationType(guild=True, user=False),
)


crew_setup = app_commands.Group(
    name="setup", description="The crew's set-up choices (B.1.2)", parent=crew
)


def words(*parts: object) -> str:
    return " ".join(str(p) for p in parts if p not in ("", None, "here", "self"))


def plus(n: int) -> str:
    return f"+{n}" if n else ""


async def _crew(interaction: Inter, text: str) -> None:
    async with guard(interaction):
        await playing.play(interaction, text, as_side=Side.CREW)


async def _alien(interaction: Inter, text: str, game: str | None) -> None:
    async with guard(interaction):
        await playing.play(interaction, text, game_id(game), as_side=Side.ALIEN)


# --- /crew ---------------------------------------------------------------------------
@crew.command(name="move", description="Walk to a grid, or through several in turn (C.4)")
@app_commands.autocomplete(unit=complete.units, grids=complete.grids)
async def crew_move(interaction: Inter, unit: str, grids: str) -> None:
    await _crew(interaction, words("move", unit, grids))


@crew.command(name="lift", description="Ride the turbo lift one deck (C.4.5)")
@app_commands.autocomplete(unit=complete.units)
async def crew_lift(interaction: Inter, unit: str, direction: Literal["up", "down"]) -> None:
    await _crew(interaction, words("lift", unit, direction))


@crew.command(name="hatch", description="Go through the hatch in your grid (C.4.6)")
@app_commands.autocomplete(unit=complete.units)
async def crew_hatch(interaction: Inter, unit: str) -> None:
    await _crew(interaction, words("hatch", unit))


@crew.command(name="open", description="Open a door (C.4.3)")
@app_commands.autocomplete(unit=complete.units, door=complete.open_doors)
async def crew_open(interaction: Inter, unit: str, door: str = "") -> None:
    await _crew(interaction, words("open", unit, door))


@crew.command(name="close", description="Close a door (C.4.3)")
@app_commands.autocomplete(unit=complete.units, door=complete.close_doors)
async def crew_close(interaction: Inter, unit: str, door: str = "") -> None:
    await _crew(interaction, words("close", unit, door))


@crew.command(name="search", description="Spend actions to search that many grids around (C.8)")
@app_commands.autocomplete(unit=complete.units)
async def crew_search(
    interaction: Inter, unit: str, actions: app_commands.Range[int, 1, 6]
) -> None:
    await _crew(interaction, words("search", unit, actions))


@crew.command(name="attack", description="Attack the alien (D); +boost commits actions to the roll")
@app_commands.autocomplete(unit=complete.units, target=complete.targets)
async def crew_attack(
    interaction: Inter,
    unit: str,
    target: str,
    boost: app_commands.Range[int, 0, 6] = 0,
    weapon: str = "",
) -> None:
    with_weapon = f"with {weapon}" if weapon else ""
    await _crew(interaction, words("attack", unit, target, with_weapon, plus(boost)))


@crew.command(name="heal", description="Heal an injured human (Medical, D.5)")
@app_commands.autocomplete(unit=complete.units, target=complete.heal_targets)
async def crew_heal(
    interaction: Inter, unit: str, target: str = "", boost: app_commands.Range[int, 0, 6] = 0
) -> None:
    await _crew(interaction, words("heal", unit, target, plus(boost)))


@crew.command(name="repair", description="Repair a smashed door (Engineer with ToolKit)")
@app_commands.autocomplete(unit=complete.units)
async def crew_repair(
    interaction: Inter,
    unit: str,
    door: str = "",
    leave: Literal["open", "closed"] = "open",
    boost: app_commands.Range[int, 0, 6] = 0,
) -> None:
    await _crew(
        interaction, words("repair", unit, door, leave if leave != "open" else "", plus(boost))
    )


@crew.command(name="pickup", description="Pick up gear, supplies or a body (E.3.2)")
@app_commands.autocomplete(unit=complete.units, items=complete.pickups)
async def crew_pickup(interaction: Inter, unit: str, items: str) -> None:
    await _crew(interaction, words("pickup", unit, items))


@crew.command(name="drop", description="Drop carried things (E.3.2)")
@app_commands.autocomplete(unit=complete.units, items=complete.drops)
async def crew_drop(interaction: Inter, unit: str, items: str) -> None:
    await _crew(interaction, words("drop", unit, items))


@crew.command(name="give", description="Hand gear to, or swap it with, a unit in your grid (E.3.2)")
@app_commands.describe(swap_for="what the other unit hands back in exchange (same action)")
@app_commands.autocomplete(unit=complete.units, items=complete.drops)
async def crew_give(interaction: Inter, unit: str, items: str, to: str, swap_for: str = "") -> None:
    back = ["for", swap_for] if swap_for else []
    await _crew(interaction, words("give", unit, items, "to", to, *back))


@crew.command(name="unlock", description="Open the locker in your grid (E.2.6)")
@app_commands.autocomplete(unit=complete.units)
async def crew_unlock(interaction: Inter, unit: str) -> None:
    await _crew(interaction, words("unlock", unit))


@crew.command(name="launch", description="Launch a life pod (E.2.4)")
@app_commands.autocomplete(unit=complete.units)
async def crew_launch(interaction: Inter, unit: str, pod: str = "") -> None:
    await _crew(interaction, words("launch", unit, pod))


@crew.command(name="end", description="This crew member is done for the phase (C.2)")
@app_commands.autocomplete(unit=complete.units)
async def crew_end(interaction: Inter, unit: str) -> None:
    await _crew(interaction, words("end", unit))


@crew.command(name="pass", description="End the phase (with several crew players: your units)")
async def crew_pass(interaction: Inter) -> None:
    await _crew(interaction, "pass")


@crew_setup.command(name="dead", description="Set-up: the four humans killed on the planet (B.1.2)")
@app_commands.autocomplete(
    first=complete.humans, second=complete.humans, third=complete.humans, fourth=complete.humans
)
async def crew_dead(interaction: Inter, first: str, second: str, third: str, fourth: str) -> None:
    await _crew(interaction, words("dead", first, second, third, fourth))


@crew_setup.command(name="injured", description="Set-up: the two injured survivors (B.1.2)")
@app_commands.autocomplete(first=complete.humans, second=complete.humans)
async def crew_injured(interaction: Inter, first: str, second: str) -> None:
    await _crew(interaction, words("injured", first, second))


@crew_setup.command(name="role", description="Set-up: give a survivor a role (B.1.2)")
@app_commands.autocomplete(human=complete.humans, role=complete.roles)
async def crew_role(interaction: Inter, human: str, role: str) -> None:
    await _crew(interaction, words("role", human, role))


@crew_setup.command(name="place", description="Set-up: place a survivor (B.1.2)")
@app_commands.autocomplete(human=complete.humans, grid=complete.grids)
async def crew_place(interaction: Inter, human: str, grid: str) -> None:
    await _crew(interaction, words("place", human, grid))


@crew_setup.command(
    name="supplies", description="Set-up: nine grids for the supplies (6 Cargo Hold, 3 Store)"
)
async def crew_supplies(interaction: Inter, grids: str) -> None:
    await _crew(interaction, words("supplies", grids))


@crew_setup.command(name="quick", description="Set-up: the crew's remaining choices at random")
async def crew_quick(interaction: Inter) -> None:
    await _crew(interaction, "quick")


@crew.command(name="examine", description="Look at a face-down supplies crate here (C.3)")
@app_commands.autocomplete(unit=complete.units, crate=complete.crates)
async def crew_examine(interaction: Inter, unit: str, crate: str = "here") -> None:
    await _crew(interaction, words("examine", unit, crate))


@crew.command(name="autopsy", description="Science: autopsy a cadaver for a blueprint (E.2.2)")
@app_commands.autocomplete(unit=complete.units, cadaver=complete.cadavers)
async def crew_autopsy(
    interaction: Inter, unit: str, cadaver: str = "here", boost: app_commands.Range[int, 0, 6] = 0
) -> None:
    await _crew(interaction, words("autopsy", unit, cadaver, plus(boost)))


@crew.command(name="fabricate", description="Build an improvised device from a blueprint (E.4.2)")
@app_commands.autocomplete(unit=complete.units, device=complete.devices)
async def crew_fabricate(
    interaction: Inter, unit: str, device: str, boost: app_commands.Range[int, 0, 6] = 0
) -> None:
    await _crew(interaction, words("fabricate", unit, device, plus(boost)))


@crew.command(name="switch", description="Switch carried Ultrasonics on or off, free (G.2.5)")
@app_commands.autocomplete(unit=complete.units, item=complete.switches)
async def crew_switch(
    interaction: Inter, unit: str, item: str, state: Literal["on", "off"]
) -> None:
    await _crew(interaction, words("switch", unit, item, state))


@crew.command(name="drive", description="Standing order: where Ultrasonics drive the alien")
@app_commands.autocomplete(grid=complete.grids)
async def crew_drive(interaction: Inter, grid: str = "off") -> None:
    await _crew(interaction, words("drive", grid))


# --- /alien --------------------------------------------------------------------------
GAME = "the game (when you play in several)"


@alien.command(
    name="move", description="Move to a grid or through several (secret while pipe-running)"
)
@app_commands.describe(game=GAME)
@app_commands.autocomplete(grids=complete.grids, game=complete.games, unit=complete.units)
async def alien_move(
    interaction: Inter, grids: str, unit: str = "alien1", game: str | None = None
) -> None:
    await _alien(interaction, words("move", unit, grids), game)


@alien.command(name="piperun", description="Vanish behind the pipes (C.7)")
@app_commands.autocomplete(game=complete.games, unit=complete.units)
async def alien_piperun(interaction: Inter, unit: str = "alien1", game: str | None = None) -> None:
    await _alien(interaction, words("piperun", unit), game)


@alien.command(name="surface", description="End the pipe-run and show yourself (C.7.2)")
@app_commands.autocomplete(game=complete.games, unit=complete.units)
async def alien_surface(interaction: Inter, unit: str = "alien1", game: str | None = None) -> None:
    await _alien(interaction, words("surface", unit), game)


@alien.command(name="feint", description="Bang on the lift or hatch here without using it (C.7.1)")
@app_commands.autocomplete(game=complete.games, unit=complete.units)
async def alien_feint(interaction: Inter, unit: str = "alien1", game: str | None = None) -> None:
    await _alien(interaction, words("feint", unit), game)


@alien.command(name="wait", description="Spend an action doing nothing (declared 'Move')")
@app_commands.autocomplete(game=complete.games, unit=complete.units)
async def alien_wait(interaction: Inter, unit: str = "alien1", game: str | None = None) -> None:
    await _alien(interaction, words("wait", unit), game)


@alien.command(name="lift", description="Ride the turbo lift one deck (C.4.5)")
@app_commands.autocomplete(game=complete.games, unit=complete.units)
async def alien_lift(
    interaction: Inter,
    direction: Literal["up", "down"],
    unit: str = "alien1",
    game: str | None = None,
) -> None:
    await _alien(interaction, words("lift", unit, direction), game)


@alien.command(name="hatch", description="Go through the hatch in your grid (C.4.6)")
@app_commands.autocomplete(game=complete.games, unit=complete.units)
async def alien_hatch(interaction: Inter, unit: str = "alien1", game: str | None = None) -> None:
    await _alien(interaction, words("hatch", unit), game)


@alien.command(name="open", description="Open a door (Clever)")
@app_commands.autocomplete(door=complete.open_doors, game=complete.games, unit=complete.units)
async def alien_open(
    interaction: Inter, door: str = "", unit: str = "alien1", game: str | None = None
) -> None:
    await _alien(interaction, words("open", unit, door), game)


@alien.command(name="close", description="Close a door (Clever)")
@app_commands.autocomplete(door=complete.close_doors, game=complete.games, unit=complete.units)
async def alien_close(
    interaction: Inter, door: str = "", unit: str = "alien1", game: str | None = None
) -> None:
    await _alien(interaction, words("close", unit, door), game)


@alien.command(name="attack", description="Attack a grid, a human, or a closed door (D)")
@app_commands.autocomplete(target=complete.targets, game=complete.games, unit=complete.units)
async def alien_attack(
    interaction: Inter,
    target: str,
    boost: app_commands.Range[int, 0, 6] = 0,
    unit: str = "alien1",
    game: str | None = None,
) -> None:
    await _alien(interaction, words("attack", unit, target, plus(boost)), game)


@alien.command(name="heal", description="Heal yourself (D.5)")
@app_commands.autocomplete(game=complete.games, unit=complete.units)
async def alien_heal(
    interaction: Inter,
    boost: app_commands.Range[int, 0, 6] = 0,
    unit: str = "alien1",
    game: str | None = None,
) -> None:
    await _alien(interaction, words("heal", unit, plus(boost)), game)


@alien.command(name="pickup", description="Pick up something in your grid")
@app_commands.autocomplete(items=complete.pickups, game=complete.games, unit=complete.units)
async def alien_pickup(
    interaction: Inter, items: str, unit: str = "alien1", game: str | None = None
) -> None:
    await _alien(interaction, words("pickup", unit, items), game)


@alien.command(name="drop", description="Drop what you carry")
@app_commands.autocomplete(items=complete.drops, game=complete.games, unit=complete.units)
async def alien_drop(
    interaction: Inter, items: str, unit: str = "alien1", game: str | None = None
) -> None:
    await _alien(interaction, words("drop", unit, items), game)


@alien.command(name="launch", description="Launch a life pod (Clever)")
@app_commands.autocomplete(game=complete.games, unit=complete.units)
async def alien_launch(
    interaction: Inter, pod: str = "", unit: str = "alien1", game: str | None = None
) -> None:
    await _alien(interaction, words("launch", unit, pod), game)


@alien.command(name="end", description="This alien is done for the phase")
@app_commands.autocomplete(game=complete.games, unit=complete.units)
async def alien_end(interaction: Inter, unit: str = "alien1", game: str | None = None) -> None:
    await _alien(interaction, words("end", unit), game)


@alien.command(name="pass", description="End the alien phase")
@app_commands.autocomplete(game=complete.games)
async def alien_pass(interaction: Inter, game: str | None = None) -> None:
    await _alien(interaction, "pass", game)


@alien.command(
    name="order", description="Standing order: spend an energy store on an exact 7 (D.5)"
)
@app_commands.autocomplete(game=complete.games)
async def alien_order(
    interaction: Inter, spend: Literal["on", "off"], game: str | None = None
) -> None:
    await _alien(interaction, words("order energy", spend), game)


@alien.command(name="ability", description="Set-up: choose your secret first ability (B.1.3)")
@app_commands.autocomplete(name=complete.abilities, game=complete.games)
async def alien_ability(interaction: Inter, name: str, game: str | None = None) -> None:
    await _alien(interaction, words("ability", name), game)


@alien.command(name="larva", description="Set-up: place the Larva (B.1.3)")
@app_commands.autocomplete(grid=complete.grids, game=complete.games)
async def alien_larva(interaction: Inter, grid: str, game: str | None = None) -> None:
    await _alien(interaction, words("larva", grid), game)


@alien.command(name="quick", description="Set-up: your remaining choices at random")
@app_commands.autocomplete(game=complete.games)
async def alien_quick(interaction: Inter, game: str | None = None) -> None:
    await _alien(interaction, "quick", game)


@alien.command(
    name="forage", description="Eat a cadaver or food crate here: energy stores (C.10.1)"
)
@app_commands.autocomplete(target=complete.foods, game=complete.games, unit=complete.units)
async def alien_forage(
    interaction: Inter,
    actions: app_commands.Range[int, 1, 4],
    target: str = "here",
    unit: str = "alien1",
    game: str | None = None,
) -> None:
    await _alien(interaction, words("forage", unit, actions, target), game)


@alien.command(name="examine", description="Look at a supplies crate here (C.3)")
@app_commands.autocomplete(crate=complete.crates, game=complete.games, unit=complete.units)
async def alien_examine(
    interaction: Inter, crate: str = "here", unit: str = "alien1", game: str | None = None
) -> None:
    await _alien(interaction, words("examine", unit, crate), game)


@alien.command(name="mutate", description="Spend four energy stores to grow (C.10)")
@app_commands.autocomplete(game=complete.games, unit=complete.units)
async def alien_mutate(
    interaction: Inter,
    boost: app_commands.Range[int, 0, 6] = 0,
    unit: str = "alien1",
    game: str | None = None,
) -> None:
    await _alien(interaction, words("mutate", unit, plus(boost)), game)


@alien.command(
    name="spawn", description="Queen: spend four energy stores and a cadaver here on a Larva (G.4)"
)
@app_commands.autocomplete(cadaver=complete.hosts, game=complete.games, unit=complete.units)
async def alien_spawn(
    interaction: Inter,
    boost: app_commands.Range[int, 0, 6] = 0,
    cadaver: str = "here",
    unit: str = "alien1",
    game: str | None = None,
) -> None:
    await _alien(interaction, words("spawn", unit, cadaver, plus(boost)), game)


@alien.command(name="surge", description="Surge: burn an energy store for two actions (G.4)")
@app_commands.autocomplete(game=complete.games, unit=complete.units)
async def alien_surge(interaction: Inter, unit: str = "alien1", game: str | None = None) -> None:
    await _alien(interaction, words("surge", unit), game)
