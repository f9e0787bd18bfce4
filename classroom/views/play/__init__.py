"""The student's side of a game, one module per concern: the lobby (lobby), the table page and its
board fragment (board), the moves (moves), the sentence builder's fragments (builder), the
student who deals (dealer), Delphi's predictions (delphi). The URLs name the views re-exported
here.
"""

from classroom.views.play.board import table_game, table_page
from classroom.views.play.builder import builder_parts, phrase_match
from classroom.views.play.dealer import table_deal, table_dealer_move, table_rule_check
from classroom.views.play.delphi import table_place
from classroom.views.play.lobby import session_join, session_lobby, solo_start_view
from classroom.views.play.moves import table_move

__all__ = [
    "builder_parts",
    "phrase_match",
    "session_join",
    "session_lobby",
    "solo_start_view",
    "table_deal",
    "table_dealer_move",
    "table_game",
    "table_move",
    "table_page",
    "table_place",
    "table_rule_check",
]
