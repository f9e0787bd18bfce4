"""The teacher's side of games, one module per concern: assigning a game (assignments), the lobby
and seating (lobby), the live view of every table (live) and the dealer's controls on it
(controls), the projector (projector), seating during play (seating). The URLs name the views
re-exported here.
"""

from classroom.views.teach.assignments import (
    assignment_create_view,
    assignment_detail,
    rule_check_view,
)
from classroom.views.teach.controls import (
    table_end_round,
    table_hint,
    table_next_round_view,
    table_pause_view,
    table_reveal,
    table_reveal_card,
    table_skip,
    table_verdict,
)
from classroom.views.teach.live import (
    LiveSeat,
    LiveTable,
    live_tables,
    rule_hints,
    session_finish_view,
    session_live,
    session_pause_view,
)
from classroom.views.teach.lobby import (
    session_detail,
    session_open_view,
    session_seat_view,
    session_start_view,
)
from classroom.views.teach.projector import (
    ProjectedSeat,
    ProjectedTable,
    projected_tables,
    session_projector,
)
from classroom.views.teach.seating import seat_remove_view, session_late_seat_view

__all__ = [
    "LiveSeat",
    "LiveTable",
    "ProjectedSeat",
    "ProjectedTable",
    "assignment_create_view",
    "assignment_detail",
    "live_tables",
    "projected_tables",
    "rule_check_view",
    "rule_hints",
    "seat_remove_view",
    "session_detail",
    "session_finish_view",
    "session_late_seat_view",
    "session_live",
    "session_open_view",
    "session_pause_view",
    "session_projector",
    "session_seat_view",
    "session_start_view",
    "table_end_round",
    "table_hint",
    "table_next_round_view",
    "table_pause_view",
    "table_reveal",
    "table_reveal_card",
    "table_skip",
    "table_verdict",
]
