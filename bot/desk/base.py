"""What the desk's parts still built as mixins of :class:`bot.desk.service.Desk` share:
its keeper (:class:`bot.desk.keeper.Keeper`), which the desk makes."""

from __future__ import annotations

from bot.desk.attendance import Attendance
from bot.desk.keeper import Keeper
from bot.desk.referee import Referee


class DeskBase:
    """A part of the desk: it reaches the tables and the store through its keeper."""

    _keeper: Keeper
    _attendance: Attendance
    _referee: Referee
