"""The games a class plays, one record each: `GAMES` by string id (the engine's).

Everything on the web side that depends on the game (the assignment form, the student's page,
the live view, the bots' moves, the review) looks the game up here; a game is one module in this
package beside its engine record in `eleusis.engine.games`.
"""

from __future__ import annotations

from classroom.games import abbott, delphi, express, russian
from classroom.games.record import WebGame
from eleusis.engine.games import DEFAULT

GAMES: dict[str, WebGame] = {
    module.GAME.id: module.GAME for module in (express, delphi, abbott, russian)
}
# A form or a row from before games could be chosen plays Eleusis Express.
DEFAULT_GAME = GAMES[DEFAULT]


def web_game(game_id: str) -> WebGame:
    """The game with this id (KeyError for a game the web app does not offer)."""
    return GAMES[game_id]


def choices() -> list[tuple[str, object]]:
    """The assignment form's choice of game."""
    return [(game.id, game.label) for game in GAMES.values()]


def whole_class(game_id: str) -> bool:
    return game_id in GAMES and GAMES[game_id].whole_class


def analysed_ids() -> tuple[str, ...]:
    """The games whose rounds the review's insight analyses."""
    return tuple(game.id for game in GAMES.values() if game.analysed)


def ids_where(**flags: bool) -> tuple[str, ...]:
    return tuple(
        game.id
        for game in GAMES.values()
        if all(getattr(game, name) == value for name, value in flags.items())
    )


__all__ = ["DEFAULT_GAME", "GAMES", "WebGame", "analysed_ids", "choices", "web_game", "whole_class"]
