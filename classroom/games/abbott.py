"""Abbott/Howell Eleusis on the web (docs/rules.md §2): strings of cards, "no play", the prophet.

The app deals (Howell's profile: the engine's `AbbottConfig` defaults); each student plays one
card or a string, declares "no play", becomes prophet right after their own turn, and as prophet
judges the attempts. Every play carries a hypothesis and a prediction, as in Express.
"""

from django.utils.translation import gettext_lazy as _

from classroom.games.record import WebGame
from eleusis.engine.games import abbott

GAME = WebGame(
    engine=abbott.GAME,
    label=_("Abbott/Howell Eleusis: tables play strings of cards; a player may become prophet"),
    whole_class=False,
    table_template="classroom/play/turns.html",
    board_path="classroom.selectors.abbott.abbott_board",
    context_path="classroom.views.play.express_context",
    moves=frozenset({"string"}),
    live_tables_path="classroom.selectors.abbott.abbott_tables",
    live_template="classroom/teach/_turns_table.html",
    bots_play_path="classroom.tasks.record_bots_play",
    sections_template="classroom/play/abbott.html",
    move_url="classroom:table_string",
    round_per_player=True,
    demo_title="Strings and prophets (Abbott/Howell)",
)
