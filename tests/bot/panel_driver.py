"""Playing through turn panels on the in-memory Discord, as a person taps: a Play
button, then selects and buttons on the panel, which updates in place."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


@dataclass
class Tapper:
    """One player's taps; ``taps`` counts every interaction."""

    actor: Any  # a guild member (crew) or a user handle (the alien, in DMs)
    taps: int = 0
    log: list[str] = field(default_factory=list)

    async def click(
        self, message: Any, label: str | None = None, custom_id: str | None = None
    ) -> Any:
        self.taps += 1
        result = await self.actor.click(message, label=label, custom_id=custom_id)
        assert result.acknowledged
        return result

    async def select(self, message: Any, value: str | list[str], custom_id: str) -> Any:
        """One tap on a menu: ``value``, or several values of a menu that takes several."""
        self.taps += 1
        values = [value] if isinstance(value, str) else value
        result = await self.actor.select(message, values, custom_id=custom_id)
        assert result.acknowledged
        return result


def components(message: Any) -> list[dict[str, Any]]:
    """Every component of a message, rows flattened."""
    rows = [r if isinstance(r, dict) else r.to_dict() for r in message.components]
    found: list[dict[str, Any]] = []
    for row in rows:
        found += row.get("components", [row])
    return found


def buttons(message: Any) -> list[dict[str, Any]]:
    return [c for c in components(message) if c["type"] == 2]


def selects(message: Any) -> list[dict[str, Any]]:
    return [c for c in components(message) if c["type"] == 3]


def select_named(message: Any, placeholder: str) -> dict[str, Any] | None:
    return next(
        (s for s in selects(message) if s.get("placeholder", "").startswith(placeholder)), None
    )


def button_labelled(message: Any, prefix: str) -> dict[str, Any] | None:
    return next((b for b in buttons(message) if b.get("label", "").startswith(prefix)), None)


def last_with_button(messages: list[Any], label: str) -> Any:
    """The newest message carrying a button labelled ``label``."""
    for message in reversed(messages):
        if any(b.get("label") == label for b in buttons(message)):
            return message
    raise AssertionError(f"no message has a {label!r} button")


async def open_panel(tapper: Tapper, messages: list[Any]) -> Any:
    """Tap Play on the newest message offering it; returns the panel message."""
    result = await tapper.click(last_with_button(messages, "Play"), label="Play")
    assert result.response is not None
    return result.response


async def play_unit(tapper: Tapper, panel: Any) -> Any:
    """An ordinary unit turn: go to the first destination offered (a place),
    then end the unit (its leftover actions search while the alien hides, C.8), unless
    the move spent them all and ended it. Returns the panel."""
    moves = select_named(panel, "Go to")
    if moves is not None:
        value = moves["options"][0]["value"]
        result = await tapper.select(panel, value, moves["custom_id"])
        tapper.log.append(value)
        panel = result.response or panel
    end = next(
        (b for b in buttons(panel) if b["label"].startswith("End ") and b["label"] != "End phase"),
        None,
    )
    if end is None:  # the move spent every action: the unit is done (C.2)
        return panel
    tapper.log.append(end["custom_id"])
    result = await tapper.click(panel, custom_id=end["custom_id"])
    return result.response or panel


async def play_crew_panel(tapper: Tapper, panel: Any, most: int = 12) -> Any:
    """Every unit of one crew player, one after another, in one panel."""
    for _ in range(most):
        if "Acting:" not in panel.content:
            return panel
        panel = await play_unit(tapper, panel)
    raise AssertionError("the panel never ran out of units")


async def alien_phase(tapper: Tapper, panel: Any, steps: int = 5) -> Any:
    """Start a pipe-run, make ``steps`` moves of one grid each (cheapest first), end."""
    run = button_labelled(panel, "Pipe-run")
    assert run is not None, panel.content
    panel = (await tapper.click(panel, custom_id=run["custom_id"])).response
    for _ in range(steps):
        moves = select_named(panel, "Go to")
        if moves is None:
            break
        value = moves["options"][0]["value"]
        panel = (await tapper.select(panel, value, moves["custom_id"])).response
        tapper.log.append(value)
    end = button_labelled(panel, "End the")
    if end is None:
        return panel
    return (await tapper.click(panel, custom_id=end["custom_id"])).response


async def set_up_by_taps(tapper: Tapper, panel: Any, most: int = 40) -> Any:
    """A side's whole set-up on its set-up panel, a menu at a time: the first menu's
    first options, as many as it takes at once (the dead, the injured, the crates), or
    its first option. Returns the panel once set-up is over or it has no menu left."""
    for _ in range(most):
        menus = selects(panel)
        if not menus or "**Set-up**" not in panel.content:
            return panel
        menu = menus[0]
        values = [o["value"] for o in menu["options"]][: menu.get("max_values", 1)]
        tapper.log.append(" ".join(values))
        result = await tapper.select(panel, values, menu["custom_id"])
        panel = result.response or panel
    raise AssertionError(f"set-up never ran out of menus: {panel.content}")


async def ask_advice(
    person: Any, panel: Any, label: str = "Suggest", anyway: str = "Suggest anyway"
) -> Any:
    """Press Suggest on ``panel``; in a game that may be rated, a side's first press
    warns that it leaves the side unrated: confirm it. The last press's result."""
    asked = button_labelled(panel, label)
    assert asked is not None, "the panel has no Suggest button"
    result = await person.click(panel, custom_id=asked["custom_id"])
    warned = button_labelled(result.response, anyway) if result.response is not None else None
    if warned is None:
        return result
    return await person.click(result.response, custom_id=warned["custom_id"])
