"""Why a take-back is refused, in the reader's language (the engine's
:class:`engine.take_backs.NoUndo`, worded here and nowhere else)."""

from __future__ import annotations

from bot.present.locale import N_, _
from engine.consult import Secret
from engine.state import Side
from engine.take_backs import Bar, NoUndo

BARS = {
    Bar.NOTHING: N_("your side has played nothing this phase"),
    Bar.IRREVERSIBLE: N_("a die was rolled or something hidden was revealed since"),
}
STANDING = {
    Side.CREW: N_("`{verb}` was given during the crew's phase: an order given then is final"),
    Side.ALIEN: N_("`{verb}` was given during the alien's phase: an order given then is final"),
}
CONSULTED = N_(
    "your last command depended on {secret}, which your side cannot see: whatever it "
    "showed, even nothing, is information"
)
# Every secret a rule may consult (engine.consult.Secret), as the refusal names it.
SECRETS = {
    Secret.HIDDEN_ALIEN: N_("where the hidden alien is"),
    Secret.HEALED: N_("whether the hidden alien has healed its wound"),
    Secret.ABILITIES: N_("the alien's face-down ability markers"),
    Secret.CREW_MARKERS: N_("the crew's face-down role and skill markers"),
    Secret.GEAR: N_("what a face-down gear marker is"),
    Secret.CRATE: N_("what a supplies crate holds"),
    Secret.AMBUSH: N_("the alien's standing order on ambushes"),
    Secret.RAID_ORDERS: N_("a side's standing orders against the Opari raids"),
    Secret.PHYSIOLOGY: N_("a face-down damage card"),
}


def no_undo_text(block: NoUndo) -> str:
    """The reason, as the refusal "Cannot undo: {reason}." fills it in."""
    if block.bar is Bar.STANDING and block.other is not None:
        return _(STANDING[block.other]).format(verb=block.verb)
    if block.bar is Bar.CONSULTED and block.secret is not None:
        return _(CONSULTED).format(secret=_(SECRETS[block.secret]))
    if block.bar in BARS:
        return _(BARS[block.bar])
    return str(block)
