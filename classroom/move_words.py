"""What became of a student's move, in their words (never by color alone): one function per
game, named by the game's record (`WebGame.outcome`), called with the move's events, the
engine's number of the player who moved and whether a student deals the round (then the dealer,
not the teacher, judges what waits for a verdict)."""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext as _

Events = list[dict[str, Any]]


def express_outcome(events: Events, position: int, student_deals: bool = False) -> str:
    for event in events:
        kind = event.get("kind")
        if kind == "guess_passed" and event.get("player") == position:
            return _("You passed. Play goes on.")
        if kind == "played" and event.get("player") == position:
            if event.get("accepted") and _deciding(events):
                return _("Right! Your card joins the mainline. Guess the rule now, or pass.")
            if event.get("accepted"):
                return _("Right! Your card joins the mainline.")
            return _("Wrong: your card goes below the mainline and you draw a card.")
        if kind == "no_play_judged" and event.get("player") == position:
            if event.get("correct"):
                return _("You were right: no card in your hand could be played.")
            return _("Not quite: a card in your hand could be played. The dealer played it.")
        if kind == "guess_judged" and event.get("player") == position:
            if event.get("correct"):
                return _("You found the rule!")
            return _("That is not the rule. Keep experimenting!")
        if kind == "awaiting_verdict":
            return _awaiting(event.get("what"), student_deals)
        if kind == "hint_requested":
            return _("You asked for a hint and drew a card. The hint will appear for everyone.")
    return _("Done.")


def _awaiting(what: str | None, student_deals: bool) -> str:
    """Who judges the move now: the dealer judges cards; a guess goes to the dealer when a
    student deals, else to the teacher."""
    if what == "play":
        return _("The dealer judges your card…")
    if what == "no_play":
        return _("The dealer judges your “no play”…")
    if student_deals:
        return _("Your guess goes to the dealer, who will judge it.")
    return _("Your guess goes to your teacher, who will judge it.")


def _deciding(events: Events) -> bool:
    """Whether play now waits for the player to guess or pass (no turn passed on)."""
    return not any(event.get("kind") in ("turn_passed", "round_ended") for event in events)


def abbott_outcome(events: Events, position: int, student_deals: bool = False) -> str:
    for event in events:
        kind = event.get("kind")
        if kind == "prophet_fell":
            return _("The prophet was wrong and is overthrown!")
        if kind == "prophet_named":
            return _("You are the prophet now: judge the others' plays.")
        if kind == "awaiting_prophet":
            return _("The prophet judges your play…")
        if kind == "attempt_judged":
            return _("✓ Accepted!") if event.get("accepted") else _("✗ Rejected.")
    return _("Done.")


def russian_outcome(events: Events, position: int, student_deals: bool = False) -> str:
    accepted = next((event.get("accepted") for event in events if "accepted" in event), None)
    return _("✓ Accepted!") if accepted else _("✗ Wrong: the card lies in front of you.")


def delphi_outcome(events: Events, player: int, student_deals: bool = False) -> str:
    """A token: whether it was right once the card is placed (the last token places it), else
    that it waits for the others."""
    for event in events:
        if event.get("kind") == "card_placed":
            token = event["predictions"][player]
            if event.get("accepted") == token:
                return _("✓ You were right! You win a chip.")
            return _("✗ Not this time: the dealer takes your chips.")
    return _("Your token is down. Waiting for the others…")
