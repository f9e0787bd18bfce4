"""Why a move was refused, in the user's language: one table from the engine's refusal codes
(`eleusis.engine.variants.Refusal`) to sentences, filled with the refusal's parameters; and
one from how a round ended (`eleusis.engine.variants.EndReason`) to the words a teacher reads.

The engine speaks of players by number; here a number becomes the player's nickname through
`name_of`. Services raise codes too (`classroom/refusal_codes.py`), never English meant for
a reader: a test keeps every engine code and every app code in the table, in every language.
A refusal the table does not know (a bug) reads "That is not possible now." and is logged, so
no reader meets English outside English.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Mapping
from typing import Any

from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from eleusis.engine.variants import EndReason, IllegalActionError

logger = logging.getLogger(__name__)

PLAYER_PARAMETERS = ("player", "turn", "prophet")

REFUSALS: Mapping[str, Any] = {
    "not_your_turn": _("It is not your turn yet: it is %(turn)s's turn."),
    "card_not_in_hand": _("%(card)s is not in your hand any more."),
    "cards_not_in_hand": _("Some of those cards are not in your hand any more."),
    "round_over": _("This round is over."),
    "game_over": _("The game is over: everyone has dealt."),
    "round_not_over": _("The round is not over yet."),
    "waiting_for_verdict": _("Wait: the dealer is judging a move first."),
    "waiting_for_prophet": _("Wait: the prophet is judging a move first."),
    "no_verdict_pending": _("There is nothing to judge right now."),
    "no_judgement_pending": _("There is nothing for the prophet to judge right now."),
    "guess_not_allowed": _("You may guess right after one of your own plays is accepted."),
    "guess_or_pass_first": _("Wait: %(player)s may guess the rule first, or pass."),
    "nothing_to_pass": _("There is no guess to pass right now."),
    "player_left": _("You are no longer in this round."),
    "cannot_judge_guess": _(
        "The app cannot compare a guess with this rule: write your guess in words for the dealer."
    ),
    "guess_unreadable": _("The app cannot read that guess as a rule."),
    "hints_off": _("Buying hints is off in this game."),
    "hint_already_bought": _("You have already bought a hint this turn."),
    "hint_stock_empty": _("No hint can be bought: the stock is empty."),
    "unprompted_hint": _(
        "A hint can be given only when every player has had the same number of turns."
    ),
    "empty_hint": _("Write the hint first."),
    "verdict_needs_card": _(
        "The “no play” was wrong: choose the legal card that goes from the hand to the line."
    ),
    "verdict_no_card": _("Choose the card this verdict is about."),
    "judgement_needs_card": _(
        "The “no play” was wrong: choose the legal card that goes from the hand to the line."
    ),
    "judgement_no_card": _("Choose the card this judgement is about."),
    "already_predicted": _("You have already predicted this card."),
    "too_many_players": _("This game takes at most %(limit)s players."),
    "nothing_to_predict": _("No card is on show: there is nothing to predict."),
    "oracle_places": _("The oracle's rule is in words: the oracle places the card on show."),
    "app_places": _("The app places the cards by the oracle's rule."),
    "empty_string": _("Choose at least one card to play."),
    "prophet_not_now": _("You may become the prophet only right after your own turn."),
    "prophet_taken": _("%(prophet)s is already the prophet."),
    "prophet_again": _("You have been the prophet this round already."),
    "prophet_too_few": _("Too few players are left for a prophet."),
    "wrong_card_too_early": _(
        "Your wrong cards can be played only once the cards in your hand are gone."
    ),
    "no_such_player": _("There is no such player at this table."),
    "no_rule_to_judge": _("This round has no rule for the app to judge by."),
    "rule_not_judgeable": _("The app can deal only a rule it can judge."),
    "words_need_the_dealer": _("Only the dealer can judge a rule written in words."),
    "unknown_action": _("That move does not exist."),
    "unreadable_action": _("That move could not be read."),
    "unsupported_action": _("That move is not part of this game."),
    "wrong_variant": _("That round belongs to another game."),
    # The app's own refusals (classroom/refusal_codes.py).
    "round_not_current": _("The table has moved on to a new round. Have a look, then play again."),
    "stale_version": _(
        "The table has moved on since you chose that move. Have a look, then play again."
    ),
    "version_missing": _(
        "The table has moved on since you chose that move. Have a look, then play again."
    ),
    "table_paused": _("Your teacher has paused the game. Wait a moment."),
    "session_finished": _("The session is finished."),
    "key_used": _("Already done: that move was sent twice and counted once."),
    "hypothesis_required": _(
        "Write your hypothesis before you play: what do you think the rule is?"
    ),
    "prediction_required": _("Make a prediction: will the dealer accept it?"),
    "seat_left": _("You are no longer at this table."),
    "joins_next_round": _("You join the game at the next round: watch the table meanwhile."),
    "dealer_does_not_play": _("You are the dealer this round: the others play."),
    "no_such_move": _("This game has no such move."),
    "solo_guess_in_words": _(
        "Practising alone, build your guess from a sentence so the app can check it."
    ),
    "not_the_prophet": _("Only the prophet judges the plays."),
    "stale_card": _("That card has been placed already. Look at the next card."),
    "not_the_oracle": _("Only the oracle places the cards."),
    "reveal_before_over": _("End the round before revealing its rule."),
    "other_class_session": _("This session belongs to another class."),
    "other_class_assignment": _("This assignment belongs to another class."),
    "played_live": _("This assignment is played live in class, not alone."),
    "session_seated": _("The session has started: its tables are set."),
    "no_tables_given": _("Nobody is in the lobby to seat."),
    "student_at_two_tables": _("A student cannot sit at two tables."),
    "student_not_in_lobby": _("A student at a table is not in the lobby."),
    "unknown_seating": _("That way of seating does not exist."),
    "session_not_under_way": _("The session is not under way."),
    "table_full": _("That table is full."),
    "library_exhausted": _("Every rule of the library was revealed in this session."),
    "session_started": _("The session has already started."),
    "seat_first": _("Seat the students at tables first."),
    "unknown_bot": _("There is no such bot."),
    "round_being_played": _("The round at this table is still being played."),
    "dealer_needs_player": _("A student who deals needs at least one other player."),
    "teacher_chose_rule": _("Your teacher chose the rule of this game."),
    "game_not_running": _("The game is not running."),
    "not_your_deal": _("It is another student's turn to deal."),
    "student_deals": _("The next dealer at this table writes the next rule."),
    "students_cannot_deal": _("In this game the app deals the cards."),
    "table_game_over": _("The game at this table is over: every round of it has been played."),
    "rule_revealed": _("That rule was revealed: choose the next rule."),
    "rule_words_needed": _("Write your secret rule in words first."),
    "rule_text_needed": _("Write your secret rule in the rule language first."),
}


def _default_name(player: int) -> str:
    return gettext("player %(number)s") % {"number": player + 1}


def refusal_message(
    refusal: IllegalActionError, *, name_of: Callable[[int], str] = _default_name
) -> str:
    """The refusal as one sentence for the person who tried the move."""
    template = REFUSALS.get(refusal.code)
    if template is None:  # a test keeps every code in the table: this is a bug, logged
        logger.warning("a refusal without words: %s (%s)", refusal.code, refusal)
        return gettext("That is not possible now.")
    params: dict[str, Any] = {name: str(value) for name, value in refusal.params.items()}
    for name in PLAYER_PARAMETERS:
        if isinstance(refusal.params.get(name), int):
            params[name] = name_of(refusal.params[name])
    return str(template) % params


END_REASONS: Mapping[EndReason, Any] = {
    EndReason.GUESSED: _("someone found the rule"),
    EndReason.HAND_EMPTIED: _("a player ran out of cards"),
    EndReason.STOCK_EXHAUSTED: _("the stock ran out"),
    EndReason.EVERYONE_LEFT: _("every player left the table"),
    EndReason.DECK_FINISHED: _("every card has been on show"),
    EndReason.SHED_ALL: _("a player shed every card"),
    EndReason.BLOCKED: _("nobody could play any more"),
    EndReason.ALL_EXPELLED: _("every player but the prophet was out"),
    EndReason.DEALER: _("the dealer ended it"),
    EndReason.TEACHER: _("you ended it"),
    EndReason.DEALER_LEFT: _("the student dealing it left the table"),
    EndReason.TURN_LIMIT: _("the bots reached their limit of moves"),
}


def end_reason_label(reason: str | None) -> str:
    """How the round ended, in the teacher's language ("" when it has not; a reason from
    before the enum that it does not know stays as it was stored)."""
    if not reason:
        return ""
    try:
        return str(END_REASONS[EndReason(reason)])
    except ValueError:
        return reason
