"""Russian Eleusis on the web (docs/rules.md §4): a turn is one card; a wrong card lies face up
in front of its player, playable once their hand is empty; no card is ever drawn."""

from django.utils.translation import gettext_lazy as _

from classroom.games.record import WebGame
from eleusis.engine.games import russian

GAME = WebGame(
    engine=russian.GAME,
    label=_("Russian Eleusis: one card a turn; wrong cards stay in front of their player"),
    whole_class=False,
    table_template="classroom/play/turns.html",
    board_path="classroom.selectors.russian.russian_board",
    context_path="classroom.views.play.express_context",
    moves=frozenset({"card"}),
    live_tables_path="classroom.selectors.russian.russian_tables",
    live_template="classroom/teach/_turns_table.html",
    bots_play_path="classroom.tasks.record_bots_play",
    sections_template="classroom/play/russian.html",
    move_url="classroom:table_card",
    round_per_player=True,
    demo_title="Wrong cards in front (Russian rules)",
)
