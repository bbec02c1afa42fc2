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

    async def select(self, message: Any, value: str, custom_id: str) -> Any:
        self.taps += 1
        result = await self.actor.select(message, [value], custom_id=custom_id)
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
