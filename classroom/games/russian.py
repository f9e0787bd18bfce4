"""Russian Eleusis on the web (docs/rules.md §4): a turn is one card; a wrong card lies face up
in front of its player, playable once their hand is empty; no card is ever drawn."""

from django.utils.translation import gettext_lazy as _

from classroom.games.record import turns_game
from eleusis.engine.games import russian
from eleusis.engine.variants.russian import DEALS

GAME = turns_game(
    engine=russian.GAME,
    label=_("Russian Eleusis: one card a turn; wrong cards stay in front of their player"),
    move="card",
    demo_title="Wrong cards in front (Russian rules)",
    max_table=max(DEALS) - 1,  # the app deals: the table's people less the dealer
)
