"""/game tutorial end to end: a scripted newcomer who presses only what the
tutorial tells them (the bold labels after 👉) plays each side's lesson through its turn
panel, to "you are ready" and a real lobby."""

from __future__ import annotations

import re
import sqlite3
from typing import Any

import discord

from engine.help.lessons import load_lesson
from tests.bot import helpers
from tests.bot.helpers import World, make_world
from tests.bot.panel_driver import Tapper, buttons, selects

BOLD = re.compile(r"\*\*(.+?)\*\*")


def told(text: str) -> list[str]:
    """What the newest 👉 line of ``text`` says to press, in order."""
    line = next(line for line in reversed(text.splitlines()) if line.startswith("👉"))
    return BOLD.findall(line)


def _thread(world: World) -> Any:
    threads = world.channel.threads
    assert threads, "no thread was opened"
    return threads[-1]


def _newest(messages: list[Any], has: str) -> Any:
    return next(m for m in reversed(messages) if has in m.content)


class Newcomer:
    """Presses exactly the labels the tutorial names, nothing else."""

    def __init__(
        self, world: World, actor: Any, side: str, play: str = "Play", ready: str = "You are ready"
    ) -> None:
        """``play`` and ``ready``: the Play button's label and the last word's, as the
        learner's language says them."""
        self.world, self.side, self.member = world, side, actor
        self.play, self.ready = play, ready
        self.tapper = Tapper(actor if side == "crew" else actor.user)  # the alien's: in DMs
        self.pressed: list[str] = []

    async def press(self, message: Any, labels: list[str]) -> Any:
        placeholder = ""
        for label in labels:
            self.pressed.append(label)
            button = next((b for b in buttons(message) if b["label"].startswith(label)), None)
            if button is not None:
                result = await self.tapper.click(message, custom_id=button["custom_id"])
                message = result.response or message
                continue
            menu = next(
                (s for s in selects(message) if s.get("placeholder", "").startswith(label)), None
            )
            if menu is not None:
                placeholder = menu["placeholder"]
                continue
            menu = next(s for s in selects(message) if s.get("placeholder") == placeholder)
            option = next((o for o in menu["options"] if o["label"].startswith(label)), None)
            assert option is not None, f"the tutorial says {label!r}; the panel offers " + str(
                [o["label"] for o in menu["options"]]
            )
            result = await self.tapper.select(message, option["value"], menu["custom_id"])
            message = result.response or message
        return message

    async def open_panel(self) -> Any:
        """The thread's step starts with Play: press it where it is (the newest Play)."""
        thread = _thread(self.world)
        step = _newest(thread.history(), "👉")
        labels = told(step.content)
        assert labels[0] == self.play
        play = next(
            m
            for m in reversed(thread.history())
            if any(b["label"] == self.play for b in buttons(m))
        )
        self.pressed.append(self.play)
        opened = (await self.member.click(play, label=self.play)).response
        if self.side == "alien":  # the alien plots in DMs, as in a real game
            assert "in your DMs" in opened.content or "vos messages privés" in opened.content
            opened = next(
                m for m in reversed(self.world.alien.user.dm_channel.history()) if m.components
            )
        return await self.press(opened, labels[1:])

    async def play_lesson(self, most: int = 20) -> None:
        panel = await self.open_panel()
        for _ in range(most):
            if self.ready in "\n".join(m.content for m in _thread(self.world).history()):
                return
            assert "👉" in panel.content and len(panel.content) < 1990, panel.content
            panel = await self.press(panel, told(panel.content))
        raise AssertionError("the lesson did not end")


async def _start(world: World, actor: Any, side: str) -> Any:
    result = await actor.slash(world.channel, "game tutorial", side=side)
    assert result.acknowledged and "Your tutorial is ready in <#" in result.response.content
    assert result.response.ephemeral
    return result


async def _lesson_to_lobby(simcord_env, side: str) -> World:
    world = make_world(simcord_env, crew=1)
    learner = world.crew[0] if side == "crew" else world.alien
    await _start(world, learner, side)
    thread = _thread(world)
    assert world.bot.get_channel(thread.id).type is discord.ChannelType.private_thread
    first = "\n".join(m.content for m in thread.history())
    assert load_lesson(side).intro.splitlines()[0] in first
    newcomer = Newcomer(world, learner, side)
    await newcomer.play_lesson()
    said = "\n".join(m.content for m in thread.history())
    lesson = load_lesson(side)
    for number, step in enumerate(lesson.steps, 1):
        assert f"Step {number} of {len(lesson.steps)} · {step.title} ({step.section})" in said
    assert "🎓 **You are ready.**" in said and "🏁" in said  # the game ended, then the lesson
    ready = _newest(thread.history(), "You are ready")
    opened = (
        await newcomer.tapper.actor.click(ready, label="Open a lobby")
        if side == "crew"
        else (await learner.click(ready, label="Open a lobby"))
    )
    assert "Your lobby is open" in opened.response.content
    lobby = _newest(world.messages(), "Welcome aboard")
    assert "game 2 (lobby)" in lobby.content and any(
        b["label"] == "Join crew" for b in buttons(lobby)
    )
    posted = len(world.messages())
    await world.spectator.slash(world.channel, "game join", seat="spectator")  # an edit, no post
    assert len(world.messages()) == posted
    assert f"<@{world.spectator.id}>" in _newest(world.messages(), "Welcome aboard").content
    with sqlite3.connect(world.bot.database) as db:
        rows = db.execute(
            "SELECT channel_id, status, seeded, kind FROM games ORDER BY id"
        ).fetchall()
    assert rows == [(thread.id, "over", 1, f"tutorial:{side}"), (world.channel.id, "lobby", 0, "")]
    return world


async def test_a_newcomer_learns_the_crew_by_pressing_only_what_the_tutorial_says(simcord_env):
    world = await _lesson_to_lobby(simcord_env, "crew")
    said = "\n".join(m.content for m in _thread(world).history())
    assert "spots the alien" in said and "blows out" in said
    assert "Total: 16 — Decisive Human Victory" in said  # all eight survive (F.1)


async def test_a_newcomer_learns_the_alien_by_pressing_only_what_the_tutorial_says(simcord_env):
    world = await _lesson_to_lobby(simcord_env, "alien")
    said = "\n".join(m.content for m in _thread(world).history())
    assert "The alien, unseen:" in said and "Mutate" in said  # what the crew heard
    assert "Decisive Alien Victory" in said
    assert "0-L11 (secret)" not in said  # the route stayed in the DMs


async def test_a_press_the_step_does_not_ask_for_is_refused_and_changes_nothing(simcord_env):
    world = make_world(simcord_env, crew=1)
    await _start(world, world.crew[0], "crew")
    newcomer = Newcomer(world, world.crew[0], "crew")
    panel = await newcomer.open_panel()  # step 1 done: Hyun walked to 2-K6
    table = world.bot.desk.table_in(_thread(world).id)
    length = table.length
    assert length == 1 and "Step 2 of 7 · Searching (C.8)" in panel.content
    wrong = await newcomer.press(panel, ["Search 1"])
    assert "Not now: this step of the tutorial is **Searching** (C.8)" in wrong.content
    assert table.length == length
    typed = await world.crew[0].slash(_thread(world), "game do", command="end hyun")
    assert "Not now" in typed.response.content and table.length == length


async def test_a_tutorial_goes_on_after_a_restart_and_a_new_one_closes_the_old(
    simcord_env, db_path
):
    world = make_world(simcord_env, crew=1)
    await _start(world, world.crew[0], "crew")
    newcomer = Newcomer(world, world.crew[0], "crew")
    panel = await newcomer.open_panel()
    await helpers.restart(simcord_env, db_path)
    panel = await newcomer.press(panel, told(panel.content))  # Search 2, after the restart
    assert "spots the alien" in panel.content and "Step 3 of 7" in panel.content
    old = _thread(world)
    await _start(world, world.crew[0], "crew")
    again = await world.crew[0].slash(world.channel, "game tutorial", side="alien")
    assert "is closed" in again.response.content
    with sqlite3.connect(world.bot.database) as db:
        statuses = db.execute("SELECT channel_id, status FROM games ORDER BY id").fetchall()
    assert statuses[0] == (old.id, "aborted") and [s for _, s in statuses[1:]] == [
        "aborted",
        "playing",
    ]


async def test_without_leave_to_open_a_private_thread_the_tutorial_says_what_is_missing(
    simcord_env,
):
    world = make_world(simcord_env, crew=1)
    closed = world.guild.create_text_channel(
        "no-threads",
        overwrites={world.guild.me: discord.PermissionOverwrite(create_private_threads=False)},
    )
    refused = await world.crew[0].slash(closed, "game tutorial", side="crew")
    assert "Create Private Threads" in refused.response.content
    assert world.bot.desk.tables == {}  # nothing was started
