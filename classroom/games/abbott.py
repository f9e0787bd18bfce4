"""Abbott/Howell Eleusis on the web (docs/rules.md §2): strings of cards, "no play", the prophet.

The app deals (Howell's profile: the engine's `AbbottConfig` defaults); each student plays one
card or a string, declares "no play", becomes prophet right after their own turn, and as prophet
judges the attempts. Every play carries a hypothesis and a prediction, as in Express.
"""

from django.utils.translation import gettext_lazy as _

from classroom.games.record import turns_game
from eleusis.engine.games import abbott
from eleusis.engine.variants.abbott.config import MAX_PLAYERS

GAME = turns_game(
    engine=abbott.GAME,
    label=_("Abbott/Howell Eleusis: tables play strings of cards; a player may become prophet"),
    move="string",
    demo_title="Strings and prophets (Abbott/Howell)",
    max_table=MAX_PLAYERS,
)
