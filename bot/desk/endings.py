"""An honest way to end a game (README, "Ratings and deadlines"; docs/rules-decisions.md,
"Resigning and claiming a stale game"): a side resigns, or the side left waiting
claims the win from a silent opponent.

* **Resigning** (``/game resign``, confirmed): any seated player of a side concedes for
  it; the game ends at once, recorded as ``resigned`` by that side, in the winner's
  decisive band (F.1 has no band for a concession: it is the clearest loss), and rated
  as a loss. The last person of a side may not leave a running game: they resign it,
  or ask for a substitute.
* **Claiming**: the game waits on the other side only, and that side is silent: with
  deadlines, every person it waits on missed their last phase (a ``missed`` mark comes
  only once the deadline and its graces are spent); without, their phase has waited
  on them for :data:`SILENT_DAYS` days (and the game's away cap more while one of them
  has declared an absence). A first claim pings the silent side and gives it
  :data:`WINDOW_HOURS` hours; a claim asked again after that, their phase still not
  played, ends the game as ``claimed`` against that side (a loss for it, as resigning).
  Playing their phase to its end drops the claim. Silence is measured by what the
  claimant may know: when the phase began is public, but the commands inside a phase
  are not (how many the hidden alien gave, and when, is its secret: README, "Secrets"),
  so a command that does not end the phase neither delays nor answers a claim.

Either way the game is over: its status is ``over``, its waits go, its result is
stored, the ratings take it, and everyone sees the reveal as at any game's end.
"""

from __future__ import annotations

from dataclasses import dataclass

from bot.desk import incidents, ratings
from bot.desk.keeper import Keeper
from bot.desk.records import WINNERS
from bot.desk.tables import Refusal, Table
from bot.language import N_  # refusals a catalogue translates where they are read
from bot.store import Statement, claims, people, waits
from bot.store.claims import Claim
from engine.content_models import Outcome as Band
from engine.score import score
from engine.state import Side

SILENT_DAYS = 7  # without deadlines: days of a side's silence before the other may claim
WINDOW_HOURS = 48  # a claimed-against side's time to act, from the ping
RESIGNED = "resigned"
CLAIMED = "claimed"


@dataclass(frozen=True)
class Ending:
    """How a game just ended: the side that conceded, how, and who won."""

    conceded: str  # 'crew' or 'alien'
    how: str  # RESIGNED or CLAIMED
    winner: str


@dataclass(frozen=True)
class ClaimAnswer:
    """A claim's answer: opened (the silent side pinged until ``window_ends``), or the
    game ended (``ending``)."""

    silent: tuple[int, ...]  # the people of the silent side
    window_ends: float
    ending: Ending | None = None
    opened: bool = False  # this claim was made now (the silent side is to be pinged)


class Endings:
    """Resignations and claims."""

    def __init__(self, keeper: Keeper) -> None:
        self._keeper = keeper

    async def resign(self, table: Table, user_id: int) -> Ending:
        """``user_id`` resigns for their side: the game ends, a loss for that side."""
        async with self._keeper.hold(table):
            side = self._running_side(table, user_id)
            ending = await self._end(table, side, RESIGNED)
        await self._rate()
        return ending

    async def claim(self, table: Table, user_id: int) -> ClaimAnswer:
        """``user_id`` claims the win from the silent side: a first claim opens its
        window; asked again once the window is over, the game ends."""
        async with self._keeper.hold(table):
            side = self._running_side(table, user_id)
            silent = self._silent_side(table, side)
            now = self._keeper.clock()
            found = await claims.claim_of(self._keeper.store, table.id)
            if found is not None and table.row.phase_since > found.claimed_at:
                await self._keeper.commit(table, [claims.drop_claim(table.id)])
                found = None
            waited = tuple(u for u in table.waiting_users() if table.side_of(u) is silent)
            if found is None:
                await self._check_stale(table, silent, waited, now)
                ends = now + WINDOW_HOURS * 3600
                claim = Claim(table.id, side.value, user_id, table.length, now, ends)
                await self._keeper.commit(table, [claims.put_claim(claim)])
                return ClaimAnswer(waited, claim.window_ends, opened=True)
            if now < found.window_ends:
                return ClaimAnswer(waited, found.window_ends)
            ending = await self._end(table, silent, CLAIMED)
        await self._rate()
        return ClaimAnswer(waited, found.window_ends, ending)

    # --- checks ---------------------------------------------------------------------
    def _running_side(self, table: Table, user_id: int) -> Side:
        if table.status != "playing" or table.game is None:
            raise Refusal(N_("This game is not being played: there is nothing to end."))
        side = table.side_of(user_id)
        if side is None:
            raise Refusal(N_("Only a player of this game can end it for their side."))
        return side

    def _silent_side(self, table: Table, side: Side) -> Side:
        other = Side.CREW if side is Side.ALIEN else Side.ALIEN
        waiting = table.waiting_users()
        if not waiting or any(table.side_of(u) is not other for u in waiting):
            raise Refusal(
                N_(
                    "A claim is for the side left waiting: the game is not waiting on "
                    "your opponent alone."
                )
            )
        return other

    async def _check_stale(
        self, table: Table, silent: Side, waited: tuple[int, ...], now: float
    ) -> None:
        """Refused unless the silent side missed its deadline and graces (a game with
        deadlines) or has been silent for :data:`SILENT_DAYS` days (one without)."""
        store = self._keeper.store
        if table.row.deadline_hours > 0:
            for user in waited:
                if await people.recent_marks(store, table.id, user, 1) != ["missed"]:
                    raise Refusal(
                        N_(
                            "Your opponent has not missed a deadline (graces included) yet: "
                            "a claim comes after that."
                        )
                    )
            return
        since = table.row.phase_since
        settings = await people.settings_of(store, waited)
        away = any(s.away_at(now) for s in settings.values())
        needed = SILENT_DAYS * 86400 + (table.row.away_cap_hours * 3600 if away else 0.0)
        if now - since < needed:
            opens = int(since + needed)
            if away:
                raise Refusal(
                    N_(
                        "Your opponent has not been silent for {days} days (and the game's "
                        "away cap: they declared an absence) yet: a claim is open from "
                        "<t:{opens}:f>."
                    ),
                    days=SILENT_DAYS,
                    opens=opens,
                )
            raise Refusal(
                N_(
                    "Your opponent has not been silent for {days} days yet: a claim is "
                    "open from <t:{opens}:f>."
                ),
                days=SILENT_DAYS,
                opens=opens,
            )

    # --- the end --------------------------------------------------------------------
    def _ending_statements(
        self, table: Table, side: Side, how: str
    ) -> tuple[list[Statement], Ending]:
        game = table.game
        assert game is not None
        band = ratings.RESIGNED[side.value]
        winner = WINNERS[Band(band)]
        total = score(game.state, game.content).total  # F.1's schedule where it stopped
        now = self._keeper.clock()
        statements = [
            waits.delete_waits(table.id),
            claims.drop_claim(table.id),
            people.put_result(
                table.id, now, game.state.turn, total, band, winner, how=how, conceded=side.value
            ),
        ]
        return statements, Ending(side.value, how, winner)

    async def _end(self, table: Table, side: Side, how: str) -> Ending:
        statements, ending = self._ending_statements(table, side, how)
        row = table.row.with_(status="over", deadline_at=None)
        await self._keeper.commit(table, statements, row)
        return ending

    async def _rate(self) -> None:
        try:
            await ratings.after_game(self._keeper.store)
        except Exception as err:
            incidents.record(err, "rating the games that ended")
