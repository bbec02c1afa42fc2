"""The permission matrix, generated from the command tree and the button
registries: every slash command and every button and panel action, by the acting
player, another of the same side, the other side, a spectator, a moderator, a stranger
in a DM and a member of another server; every refusal leaves the store's rows as they
were. The rows and the machinery are in :mod:`tests.bot.matrix`."""

from __future__ import annotations

from bot.client.app import QuicksilverBot
from tests.bot import matrix


def test_every_command_button_and_panel_action_has_a_row(tmp_path):
    bot = QuicksilverBot(tmp_path / "tree.sqlite3", background=False)
    assert matrix.missing(bot.tree) == []


async def test_the_permission_matrix_holds(simcord_env, tmp_path):
    cells = await matrix.Matrix(simcord_env, tmp_path).run(simcord_env.bot.tree)
    wrong = [c for c in cells if c.wrong]
    assert len(cells) > 600
    assert not wrong, "\n".join(
        f"{c.row} × {c.actor}: expected {c.expected}, found {c.found} ({c.note})" for c in wrong
    )
