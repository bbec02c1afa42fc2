"""The game state's copy: every command works on one, so it must share nothing mutable."""

from __future__ import annotations

from dataclasses import fields, is_dataclass
from enum import Enum
from typing import Any

from tests.games import quick_game


def _immutable(value: Any) -> bool:
    if isinstance(value, str | int | bool | type(None) | tuple | frozenset | Enum):
        return True
    return is_dataclass(value) and type(value).__dataclass_params__.frozen  # type: ignore[attr-defined]


def _shared_parts(original: Any, copy: Any, where: str) -> list[str]:
    """Paths of the mutable parts ``copy`` shares with ``original``."""
    if _immutable(original):
        return []
    if original is copy:
        return [where]
    found: list[str] = []
    if is_dataclass(original):
        for f in fields(original):
            found += _shared_parts(
                getattr(original, f.name), getattr(copy, f.name), f"{where}.{f.name}"
            )
    elif isinstance(original, dict):
        for key in original:
            found += _shared_parts(original[key], copy[key], f"{where}[{key!r}]")
    elif isinstance(original, list):
        for i, (a, b) in enumerate(zip(original, copy, strict=True)):
            found += _shared_parts(a, b, f"{where}[{i}]")
    return found


def test_a_cloned_state_shares_no_mutable_part_with_the_original() -> None:
    game = quick_game(5)
    game.play("alien", "piperun alien")
    state = game.state
    copy = state.clone()
    assert copy == state
    assert _shared_parts(state, copy, "state") == []
