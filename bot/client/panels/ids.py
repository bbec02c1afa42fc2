"""Panel custom ids: ``qp:<kind>:<game>:<user>:<stamp>[:<arg>]``.

The user is the seat's player the panel was made for (nobody else may press it); the
stamp is the phase it was made in ("3c"); the argument is a command's notation, a
unit, or how many commands the presser's side had played in the phase (never the game's
length, which counts the other side's commands too: README, "Secrets"). Ids carry
everything a press needs, so a panel keeps working after a restart: one dynamic item
per component type answers every id.
"""

from __future__ import annotations

from dataclasses import dataclass

_REST = r":(?P<game>[0-9]+):(?P<user>[0-9]+):(?P<stamp>[a-z0-9]*)(?::(?P<arg>.*))?"
# Buttons and selects need templates of their own: discord.py keys dynamic items by pattern.
BUTTON_TEMPLATE = r"qp:(?P<kind>do|pass|passok|undo|fresh|quick|look|hint|hintok|play)" + _REST
SELECT_TEMPLATE = r"qp:(?P<kind>pick|unit)" + _REST

# Kinds of press.
DO = "do"  # a button playing the command in its argument
PICK = "pick"  # a select: the value is a command's notation or a page token
UNIT = "unit"  # the unit select
PASS = "pass"  # "End phase": asks to confirm
PASSOK = "passok"  # the confirmation
UNDO = "undo"  # argument: the side's own command count of the phase when it was offered
FRESH = "fresh"  # redraw the panel (argument: the unit shown)
QUICK = "quick"  # quick set-up of the presser's side
LOOK = "look"  # a close-up of the unit in the argument (bot.client.deck_maps), to the presser
HINT = "hint"  # the advisor's suggestion for the presser's side (argument: the unit)
HINTOK = "hintok"  # the same, once warned that it leaves the side unrated (argument: the unit)
PLAY = "play"  # "Play this": the advisor's suggested command, in the argument

PAGE = "page"  # page tokens in select values: "page:m:2"


@dataclass(frozen=True, slots=True)
class PanelId:
    kind: str
    game: int
    user: int
    stamp: str
    arg: str = ""

    def text(self) -> str:
        head = f"qp:{self.kind}:{self.game}:{self.user}:{self.stamp}"
        return f"{head}:{self.arg}" if self.arg else head
