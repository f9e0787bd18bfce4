"""Template helpers for the game pages: cards drawn with rank and suit symbol, never color alone."""

from django import template
from django.utils.translation import gettext as _

from eleusis.engine.cards import Card, Suit

register = template.Library()

_SUIT_NAMES = {
    Suit.SPADES: lambda: _("spades"),
    Suit.HEARTS: lambda: _("hearts"),
    Suit.DIAMONDS: lambda: _("diamonds"),
    Suit.CLUBS: lambda: _("clubs"),
}
_RANK_NAMES = {
    1: lambda: _("ace"),
    11: lambda: _("jack"),
    12: lambda: _("queen"),
    13: lambda: _("king"),
}


@register.filter
def card_label(card: Card) -> str:
    """A card in words for screen readers: "queen of diamonds"."""
    rank = _RANK_NAMES.get(card.rank, lambda: str(card.rank))()
    return _("%(rank)s of %(suit)s") % {"rank": rank, "suit": _SUIT_NAMES[card.suit]()}


@register.inclusion_tag("classroom/play/_card.html")
def card(card: Card, rejected: bool = False):
    return {"card": card, "rejected": rejected}


@register.inclusion_tag("classroom/play/_student_games.html", takes_context=True)
def student_games(context, student):
    from classroom.selectors.games import (
        student_open_sessions,
        student_solo_assignments,
        student_tables,
    )

    return {
        "request": context.get("request"),
        "sessions": student_open_sessions(student=student),
        "solo_assignments": student_solo_assignments(student=student),
        "tables": student_tables(student=student)[:10],
        "csrf_token": context.get("csrf_token"),
    }


@register.inclusion_tag("classroom/play/_layout.html")
def layout(columns, wording: str = "rejected"):
    """The mainline left to right, each sideline under the card it followed. `wording="fit"`
    for Delphi, where cards "did not fit" rather than were rejected."""
    return {"columns": columns, "wording": wording}
