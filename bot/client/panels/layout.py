"""A :class:`~bot.client.panels.build.Panel` as Discord components, and the dynamic items that
answer them after any restart (registered in ``setup_hook``)."""

from __future__ import annotations

import re
from typing import Any

import discord

from bot.client import failures
from bot.client.panels import ids
from bot.client.panels.build import Panel
from bot.desk.tables import Table

STYLES = {
    "primary": discord.ButtonStyle.primary,
    "secondary": discord.ButtonStyle.secondary,
    "success": discord.ButtonStyle.success,
    "danger": discord.ButtonStyle.danger,
}


def _parse(match: re.Match[str]) -> ids.PanelId:
    return ids.PanelId(
        match["kind"], int(match["game"]), int(match["user"]), match["stamp"], match["arg"] or ""
    )


class PanelButton(
    failures.Answered, discord.ui.DynamicItem[discord.ui.Button[Any]], template=ids.BUTTON_TEMPLATE
):
    table: Table  # the game pressed for, once reached

    def __init__(self, pid: ids.PanelId, label: str = "", style: str = "secondary") -> None:
        super().__init__(
            discord.ui.Button(
                label=label[:80] or pid.kind, style=STYLES[style], custom_id=pid.text()
            )
        )
        self.pid = pid

    @classmethod
    async def from_custom_id(
        cls,
        interaction: discord.Interaction[discord.Client],
        item: discord.ui.Item[Any],
        match: re.Match[str],
        /,
    ) -> PanelButton:
        return cls(_parse(match))

    async def reached(self, interaction: discord.Interaction[discord.Client]) -> None:
        from bot.client.panels import press

        self.table = await press.reach(interaction, self.pid)

    async def act(self, interaction: discord.Interaction[discord.Client]) -> None:
        from bot.client.panels import press

        await press.on_press(interaction, self.pid, self.table, "")


class PanelSelect(
    failures.Answered, discord.ui.DynamicItem[discord.ui.Select[Any]], template=ids.SELECT_TEMPLATE
):
    table: Table  # the game pressed for, once reached

    def __init__(
        self,
        pid: ids.PanelId,
        placeholder: str = "",
        options: list[discord.SelectOption] | None = None,
    ) -> None:
        super().__init__(
            discord.ui.Select(
                custom_id=pid.text(),
                placeholder=placeholder[:150] or None,
                options=options or [discord.SelectOption(label="…")],
            )
        )
        self.pid = pid

    @classmethod
    async def from_custom_id(
        cls,
        interaction: discord.Interaction[discord.Client],
        item: discord.ui.Item[Any],
        match: re.Match[str],
        /,
    ) -> PanelSelect:
        return cls(_parse(match))

    async def reached(self, interaction: discord.Interaction[discord.Client]) -> None:
        from bot.client.panels import press

        self.table = await press.reach(interaction, self.pid)

    async def act(self, interaction: discord.Interaction[discord.Client]) -> None:
        from bot.client.panels import press

        data: Any = interaction.data or {}
        values = self.item.values or data.get("values") or [""]
        await press.on_press(interaction, self.pid, self.table, str(values[0]))


def to_view(panel: Panel) -> discord.ui.View:
    """Selects first, one row each; buttons after, five to a row."""
    view = discord.ui.View(timeout=None)
    row = 0
    for select in panel.selects:
        options = [
            discord.SelectOption(
                label=o.label[:100], value=o.command[:100], default=o.command == select.chosen
            )
            for o in select.options
        ]
        item = PanelSelect(select.pid, select.placeholder, options)
        item.row = row
        view.add_item(item)
        row += 1
    for index, button in enumerate(panel.buttons):
        item_b = PanelButton(button.pid, button.label, button.style)
        item_b.row = row + index // 5
        view.add_item(item_b)
    return view
