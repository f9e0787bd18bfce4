"""The one strict reader of numbers and cards that arrive in a request (docs/architecture.md,
"Reading what a request sends").

Python's `str.isdigit()` is true for "²" and "𝟙", `int()` reads "𝟙" and "١" as digits and
refuses more than 4,300 digits with a `ValueError`: a view that trusted them answered 500 or
read "𝟙" as table 1. Here a number is ASCII digits only, at most `MAX_DIGITS` of them, and a
card is an ASCII rank then a suit letter or symbol; anything else reads as nothing (`None`), and
the form or view answers 4xx. Every form and view that reads a number or a card uses this module.
"""

from __future__ import annotations

from django import forms
from django.core.exceptions import ValidationError
from django.utils.translation import gettext_lazy as _

from eleusis.engine.cards import Card, CardError

# Ten digits hold every primary key and version this app makes (PostgreSQL's integer and
# bigint ids of a school's lifetime); a longer number is no id of ours.
MAX_DIGITS = 10
# "10♥" is the longest card: two rank characters and a suit.
MAX_CARD_LENGTH = 4


def parse_int(value: object, *, max_digits: int = MAX_DIGITS) -> int | None:
    """A non-negative whole number written in ASCII digits (surrounding spaces allowed), or
    `None` for anything else: "²", "𝟙", "١", "-1", "1e3", "" and more than `max_digits`."""
    if isinstance(value, bool):
        return None
    if isinstance(value, int):
        return value if value >= 0 and len(str(value)) <= max_digits else None
    if not isinstance(value, str):
        return None
    text = value.strip()
    if not text or len(text) > max_digits or not (text.isascii() and text.isdigit()):
        return None
    return int(text)


def parse_card(value: object) -> Card | None:
    """A card from its notation (`QD`, `10H`, `K♣`), or `None` for anything that is not one."""
    if not isinstance(value, str):
        return None
    text = value.strip()
    if not 2 <= len(text) <= MAX_CARD_LENGTH or not text[:-1].isascii():
        return None
    try:
        return Card.parse(text)
    except (CardError, ValueError):
        return None


class StrictIntegerField(forms.IntegerField):
    """Django's `IntegerField` read through `parse_int`: ASCII digits only, `MAX_DIGITS` at
    most (Django's own field reads "١" as 1)."""

    def to_python(self, value):
        if value in self.empty_values:
            return None
        number = parse_int(value)
        if number is None:
            raise ValidationError(self.error_messages["invalid"], code="invalid")
        return number


class CardField(forms.CharField):
    """A card named by a form: its value is a `Card`, or the field refuses the input."""

    def __init__(self, **kwargs) -> None:
        kwargs.setdefault("max_length", MAX_CARD_LENGTH)
        super().__init__(**kwargs)

    def clean(self, value):
        text = super().clean(value)
        if text in self.empty_values:
            return None
        card = parse_card(text)
        if card is None:
            raise ValidationError(_("That card does not exist."), code="card")
        return card
