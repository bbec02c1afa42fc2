"""Twins through the bot: everything one side and a spectator receive, byte for byte.

Two games that one side cannot tell apart, differing only in the other side's secrets,
each run on its own in-memory Discord by a real bot, driven by the same presses and
commands of the watching side. A :class:`Wiretap` records every REST call the bot makes
(with the bytes of every file it uploads); :func:`receipts` keeps the calls that reach
the watchers (channel posts and edits, DMs to them, answers to their own interactions:
ephemeral replies and panels, their edits, autocomplete choices, images) in order, with
Discord's ids numbered by first appearance, so that two twins' receipts compare as lists
of strings.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import re
from collections.abc import AsyncIterator, Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest
import simcord
from simcord.http import router

from bot.client.app import QuicksilverBot
from tests.bot import helpers
from tests.bot.helpers import World, fix_seed, make_world

CLOCK = 1_800_000_000.0  # the bot's clock stands still: timestamps are the same in both twins
EPHEMERAL = 64  # Discord's message flag


@dataclass(frozen=True, slots=True)
class Call:
    """One REST call of the bot: method, path, JSON body, uploaded files."""

    method: str
    path: str
    body: Any
    files: tuple[tuple[str, str], ...]  # (file name, sha256 of its bytes)


@dataclass
class Wiretap:
    """Every REST call of every bot on the in-memory Discord, by backend."""

    calls: dict[int, list[Call]] = field(default_factory=dict)

    def install(self, monkeypatch: pytest.MonkeyPatch) -> None:
        original = router.dispatch

        def tapped(backend: Any, method: str, path: str, **kwargs: Any) -> Any:
            files = tuple((f.filename, _digest(f)) for f in kwargs.get("files") or ())
            body = json.loads(json.dumps(kwargs.get("json"), default=str))
            self.calls.setdefault(id(backend), []).append(Call(method, path, body, files))
            return original(backend, method, path, **kwargs)

        monkeypatch.setattr(router, "dispatch", tapped)

    def of(self, env: Any) -> list[Call]:
        return self.calls.get(id(env.backend), [])


def _digest(file: Any) -> str:
    data = file.fp.read()
    file.fp.seek(0)
    return hashlib.sha256(data).hexdigest()


@contextlib.asynccontextmanager
async def twin(tmp_path: Path, name: str, seed: int) -> AsyncIterator[tuple[Any, World]]:
    """A fresh bot and in-memory Discord with the usual table of people (the same ids
    in every twin), its next game's secret seed ``seed`` and a clock standing still."""
    bot = QuicksilverBot(tmp_path / f"{name}.sqlite3", background=False, clock=lambda: CLOCK)
    async with simcord.run(bot, settle_timeout=helpers.SETTLE_SECONDS, shard_count=1) as env:
        world = make_world(env, crew=1)
        fix_seed(world, seed)
        yield env, world
    await bot.close()


# --- who receives a call ----------------------------------------------------------------
_CHANNEL = re.compile(r"^/channels/(\d+)/messages")
_CALLBACK = re.compile(r"^/interactions/(\d+)/[^/]+/callback$")
_WEBHOOK = re.compile(r"^/webhooks/\d+/([^/]+)")


def receipts(env: Any, calls: Iterable[Call], watchers: Iterable[int], channel: int) -> list[str]:
    """The calls that reach ``watchers`` (user ids) or the game ``channel``, in order, as
    text with every Discord id numbered by its first appearance."""
    reached = set(watchers)
    private: dict[str, bool] = {}  # interaction token -> answered only to its user
    kept = []
    for call in calls:
        to = _recipient(env, call, channel, private)
        if to == "channel" or to in reached:
            who = "channel" if to == "channel" else "user"
            kept.append(f"{who} {call.method} {call.path} {_text(call.body)} {call.files}")
    return _numbered(kept)


def _recipient(env: Any, call: Call, channel: int, private: dict[str, bool]) -> Any:
    backend = env.backend
    found = _CHANNEL.match(call.path)
    if found:
        cid = int(found[1])
        if cid == channel:
            return "channel"
        held = backend.get_channel(cid)
        return held.recipient_ids[0] if held.recipient_ids else f"channel {cid}"
    found = _CALLBACK.match(call.path)
    if found:
        record = backend.interactions[int(found[1])]
        private[record.token] = _answered_privately(env, record, call.body)
        return record.user_id if private[record.token] else "channel"
    found = _WEBHOOK.match(call.path)
    if found and found[1] in backend.interaction_tokens:
        record = backend.interactions[backend.interaction_tokens[found[1]]]
        flags = (call.body or {}).get("flags", 0) if isinstance(call.body, dict) else 0
        hidden = private.get(record.token, True) or bool(flags & EPHEMERAL)
        return record.user_id if hidden else "channel"
    if call.path == "/users/@me/channels" and isinstance(call.body, dict):
        return int(call.body.get("recipient_id", 0))
    return "channel"  # the bot's own business (commands synced): the same for everyone


def _answered_privately(env: Any, record: Any, body: Any) -> bool:
    """An interaction's answers reach only its user: in a DM, when marked ephemeral, or
    when they edit a message only that user sees (a panel)."""
    if record.guild_id is None:
        return True
    data = body.get("data") or {} if isinstance(body, dict) else {}
    if int(data.get("flags", 0) or 0) & EPHEMERAL:
        return True
    kind = body.get("type") if isinstance(body, dict) else None
    if kind in (6, 7, 8) and record.source_message_id is not None:  # edits, autocomplete
        source = env.backend.get_message(record.channel_id, record.source_message_id)
        return bool(source.is_ephemeral)
    return kind == 8


def _text(body: Any) -> str:
    return json.dumps(body, sort_keys=True, ensure_ascii=False)


_ID = re.compile(r"\d{15,20}")


def _numbered(lines: list[str]) -> list[str]:
    """Discord ids become #1, #2 … in order of first appearance: twins allocate ids for
    the other side's messages too, which must not show as a difference."""
    seen: dict[str, str] = {}

    def number(match: re.Match[str]) -> str:
        return seen.setdefault(match[0], f"#{len(seen) + 1}")

    return [_ID.sub(number, line) for line in lines]


def difference(first: list[str], second: list[str]) -> str:
    """'' when equal; else where the two receipts part, with a little context."""
    for index, (a, b) in enumerate(zip(first, second, strict=False)):
        if a != b:
            return f"receipt {index} differs:\n  one twin: {a[:1500]}\n  the other: {b[:1500]}"
    if len(first) != len(second):
        longer = first if len(first) > len(second) else second
        extra = longer[min(len(first), len(second))]
        return f"one twin received {len(longer) - min(len(first), len(second))} more: {extra[:800]}"
    return ""
