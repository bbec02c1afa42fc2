"""The advisor's suggestion on a turn panel: a **Play this** button beside its words.

The button is an ordinary panel press (:mod:`bot.client.panels.press`) of kind
``play`` whose argument is the suggested command: it is played through the same road
as any tap (the presser's own panel only, a stale phase stamp refused, the command
checked against the unit's legal commands). The button goes first on the panel shown
after Suggest; where the panel has no room left for it (five rows, Discord's limit),
the suggestion stands alone with Play this and the panel's Refresh.
"""

from __future__ import annotations

from bot.client.panels import ids
from bot.client.panels.build import Button, Panel
from bot.client.panels.choices import BUTTONS_PER_ROW, ROWS_MAX
from bot.present.locale import SOURCE, _, speaking
from engine.commands import Command

ID_MAX = 100  # Discord: characters in a component's custom id


def play_id(game: int, user: int, stamp: str, command: str) -> ids.PanelId:
    """The id of the Play this button for ``command``."""
    return ids.PanelId(ids.PLAY, game, user, stamp, command)


def offered(
    panel: Panel, game: int, user: int, stamp: str, command: Command | None, lang: str = SOURCE
) -> Panel:
    """``panel`` with a Play this button for ``command`` (unchanged without one, or
    when the command's id would not fit a button)."""
    if command is None:
        return panel
    pid = play_id(game, user, stamp, command.notation())
    if len(pid.text()) > ID_MAX:
        return panel
    with speaking(lang):
        play = Button(pid, _("▶️ Play this"), "success")
    buttons = (play, *panel.buttons)
    rows = len(panel.selects) + -(-len(buttons) // BUTTONS_PER_ROW)
    if rows <= ROWS_MAX:
        return Panel(panel.lines, panel.selects, buttons)
    fresh = tuple(b for b in panel.buttons if b.pid.kind == ids.FRESH)
    return Panel(panel.lines, (), (play, *fresh))
