"""Eleusis Express on the web: tables of 3–8 play cards from their hands."""

from django.utils.translation import gettext_lazy as _

from classroom.games.record import WebGame
from eleusis.engine.games import express

GAME = WebGame(
    engine=express.GAME,
    label=_("Eleusis Express: tables of 3–8 play cards from their hands"),
    whole_class=False,
    table_template="classroom/play/table.html",
    board_path="classroom.selectors.games.student_board",
    context_path="classroom.views.play.express_context",
    moves=frozenset({"move", "deal", "dealer"}),
    live_tables_path="classroom.views.teach.live_tables",
    live_template="classroom/teach/session_live.html#express_table",
    analysed=True,
)
