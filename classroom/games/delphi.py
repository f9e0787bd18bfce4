"""Delphi on the web: the whole class predicts each card the app turns."""

from django.utils.translation import gettext_lazy as _

from classroom.games.record import WebGame
from eleusis.engine.games import delphi

GAME = WebGame(
    engine=delphi.GAME,
    label=_("Delphi: the whole class predicts each card the app turns"),
    whole_class=True,
    table_template="classroom/play/delphi.html",
    board_path="classroom.selectors.delphi.delphi_board",
    context_path="classroom.views.play.no_context",
    moves=frozenset({"predict", "deal", "place"}),
    live_tables_path="classroom.selectors.delphi.delphi_tables",
    live_template="classroom/teach/_delphi_table.html",
    bots_play_path="classroom.tasks.delphi_bots_play",
    demo_title="Predict the card (Delphi)",
)
