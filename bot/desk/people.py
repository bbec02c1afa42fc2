"""A person across their games (the README's "People across games"): their settings,
their absences, the list of their games in every server, and their record. No discord
here; bad input is a :class:`Refusal` and changes nothing.

Settings are kept per Discord user in the store, so every process and every server
reads the same; ``/me`` commands work in any server and in DMs.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field, replace

from bot.desk import incidents, records, when
from bot.desk.attendance import Attendance
from bot.desk.keeper import Keeper
from bot.desk.records import Record
from bot.desk.tables import NotSaved, Refusal
from bot.language import N_, SOURCE
from bot.store import forgetting, people
from bot.store.failures import WriteFailed
from bot.store.people import MyGame, SeatCall, Settings

NOTE_MAX = 200
AUTO = "auto"  # /me settings language: follow the language of my last interaction
LANGUAGE = re.compile(r"[a-z]{2,3}(-[A-Za-z]{2,4})?")


@dataclass
class Absence:
    """What ``/me away`` or ``/me back`` changed: the person's settings, their games to
    tell, and seat calls opened or withdrawn."""

    settings: Settings
    games: list[MyGame]
    calls: list[SeatCall] = field(default_factory=list)


class People:
    """Each person's own side of the desk."""

    def __init__(self, keeper: Keeper, attendance: Attendance) -> None:
        self._keeper = keeper
        self._attendance = attendance
        # Each person's language from their last interaction, in this process (a
        # restart forgets it until they act again; /me settings keeps a chosen one).
        self._heard: dict[int, str] = {}

    def heard(self, user_id: int, language: str) -> None:
        """``user_id`` just interacted in ``language`` (their Discord's, as a catalogue)."""
        self._heard[user_id] = language

    async def language_of(self, user_id: int) -> str:
        """The language to word what ``user_id`` reads alone when someone else's press
        causes it (README, "Languages"): the one they chose in ``/me settings``, else
        their last interaction's, else English."""
        chosen = (await people.settings(self._keeper.store, user_id)).language
        return chosen or self._heard.get(user_id, SOURCE)

    async def my_settings(self, user_id: int) -> Settings:
        return await people.settings(self._keeper.store, user_id)

    async def change_settings(
        self,
        user_id: int,
        *,
        notify: str | None = None,
        notify_when: str | None = None,
        reminders: str | None = None,
        time_zone: str | None = None,
        quiet: str | None = None,
        language: str | None = None,
        seat_alert: str | None = None,
        stats: str | None = None,
    ) -> Settings:
        """Change what was given, after checking all of it (nothing changes on a refusal)."""
        mine = await people.settings(self._keeper.store, user_id)
        if language is not None:
            if language != AUTO and not LANGUAGE.fullmatch(language):
                raise Refusal(
                    N_("'{language}' is not a language: choose one from the list."),
                    language=language,
                )
            mine = mine.with_(language="" if language == AUTO else language)
        try:
            if notify is not None:
                mine = mine.with_(notify=_choice(notify, people.NOTIFY, "notify"))
            if notify_when is not None:
                mine = mine.with_(notify_when=_choice(notify_when, people.NOTIFY_WHEN, "when"))
            if time_zone is not None:
                mine = mine.with_(time_zone=when.zone(time_zone).key)
            if quiet is not None:
                hours = when.parse_quiet(quiet)
                mine = mine.with_(
                    quiet_from=hours[0] if hours else None, quiet_to=hours[1] if hours else None
                )
            if reminders is not None:
                mine = mine.with_(remind_hours=_cadence(reminders))
            if seat_alert is not None:
                mine = mine.with_(seat_alert=_choice(seat_alert, people.SEAT_ALERTS, "seats"))
            if stats is not None:
                mine = mine.with_(stats_hidden=_choice(stats, STATS, "stats") == "hidden")
        except when.WhenError as err:
            raise Refusal(str(err)) from None
        again = (
            await self._attendance.reminders(user_id=user_id, mine=mine)
            if reminders is not None
            else []
        )
        await self._keeper.store.commit([people.put_settings(mine), *again])  # one transaction
        return mine

    async def go_away(
        self, user_id: int, until: str, mode: str, note: str = "", public: bool = False
    ) -> Absence:
        """``/me away``: from now until ``until`` (read in the person's time zone)."""
        mine = await people.settings(self._keeper.store, user_id)
        mode = _choice(mode, people.AWAY_MODES, "while away")
        if len(note) > NOTE_MAX:
            raise Refusal(N_("Keep the note under {most} characters."), most=NOTE_MAX)
        now = self._keeper.clock()
        try:
            back = when.parse_until(until, now, when.zone(mine.time_zone))
        except when.WhenError as err:
            raise Refusal(str(err)) from None
        away = mine.with_(
            away_since=now,
            away_until=back,
            away_mode=mode,
            away_note=note.strip(),
            away_public=public,
        )
        games = [
            g for g in await people.my_games(self._keeper.store, user_id) if g.status != "over"
        ]
        statements = [people.put_settings(away)]
        if mode == "sub":  # a seat call in each running game without a live one of theirs
            for game in games:
                if game.status == "playing" and not await people.has_live_call(
                    self._keeper.store, game.game_id, user_id
                ):
                    statements.append(
                        people.open_call(game.game_id, user_id, game.seat, "away", now)
                    )
        await self._keeper.store.commit(statements)  # one transaction: all of it, or none
        calls = [
            c
            for game in games
            for c in await people.live_calls(self._keeper.store, game.game_id)
            if c.user_id == user_id and c.reason == "away" and c.opened_at == now
        ]
        return Absence(away, games, calls)

    async def come_back(self, user_id: int) -> Absence:
        """``/me back``: the absence ends now (mid-phase too: what is left is yours);
        seat calls it opened and nobody filled are withdrawn."""
        mine = await people.settings(self._keeper.store, user_id)
        now = self._keeper.clock()
        if not mine.away_at(now):
            raise Refusal(N_("You are not away. `/me away` declares an absence."))
        back = mine.with_(away_since=None, away_until=None, away_note="", away_public=False)
        games = await self.my_games(user_id)
        withdrawn = []
        for game in games:
            for call in await people.live_calls(self._keeper.store, game.game_id):
                if call.user_id == user_id and call.reason == "away":
                    withdrawn.append(call.with_closed("withdrawn", now))
        # every read first, then one transaction: all of it, or none
        await self._keeper.store.commit(
            [people.put_settings(back), *map(people.update_call, withdrawn)]
        )
        return Absence(back, games, withdrawn)

    async def my_games(self, user_id: int) -> list[MyGame]:
        """Every current game of ``user_id`` in every server: those waiting on them first
        (soonest deadline first), then the rest running, then lobbies, then finished."""
        games = await people.my_games(self._keeper.store, user_id)

        def order(game: MyGame) -> tuple[int, float, int]:
            rank = {"playing": 1, "lobby": 2, "over": 3}.get(game.status, 4)
            if game.since is not None and not game.paused:
                rank = 0
            return rank, game.deadline_at or float("inf"), game.game_id

        return sorted(games, key=order)

    async def forget(self, user_id: int) -> int:
        """Forget ``user_id`` (README, "Ratings and deadlines"): refused while they sit at
        a lobby or a game under way (a seat someone holds is not a record yet); their
        anonymous id."""
        sitting = [
            g
            for g in await self._keeper.store.current_games_of(user_id)
            if g.status in ("lobby", "playing")
        ]
        if sitting:
            raise Refusal(
                N_(
                    "You still sit at a game ({games}): leave it with `/game leave`, or "
                    "finish it, then `/me forget`."
                ),
                games=", ".join(f"#{g.channel_name}" for g in sitting),
            )
        try:
            anonymous = await forgetting.forget(self._keeper.store, user_id, self._keeper.clock())
        except WriteFailed as failed:
            raise NotSaved(incidents.record(failed, "forgetting a person")) from None
        for table in self._keeper.tables.values():  # finished games still in memory
            if user_id in table.players:
                player = table.players.pop(user_id)
                table.players[anonymous] = replace(player, user_id=anonymous)
            if table.row.created_by == user_id:
                table.row = table.row.with_(created_by=anonymous)
        return anonymous

    async def record(self, user_id: int) -> Record:
        return records.build(await people.record_rows(self._keeper.store, user_id))


STATS = ("shown", "hidden")  # on the leaderboards, or left off them


def _choice(value: str, allowed: tuple[str, ...], name: str) -> str:
    if value not in allowed:
        raise Refusal(
            N_("'{value}' is not a choice for {name}: {allowed}."),
            value=value,
            name=name,
            allowed=", ".join(allowed),
        )
    return value


def _cadence(text: str) -> float | None:
    """A reminder cadence: ``game`` (the game's), ``off``, or a span (``6h``, ``1d``)."""
    raw = text.strip().lower()
    if raw == "game":
        return None
    if raw in ("off", "never", "0"):
        return 0.0
    hours = when.parse_span(raw if raw[-1:].isalpha() else raw + "h") / 3600
    if not 1 <= hours <= 24 * 7:
        raise when.WhenError("Remind at most every hour and at least once a week (1h to 7d).")
    return hours
