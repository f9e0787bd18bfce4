"""Forms of Delphi: a student's token for the card on show, the teacher's "reveal now"."""

from django import forms
from django.utils.translation import gettext_lazy as _

from classroom.parsing import CardField, StrictIntegerField

TOKENS = [("true", _("True: it fits the rule")), ("false", _("False: it does not fit"))]


class PredictForm(forms.Form):
    """The round and the card the page showed, the token, and optionally a hypothesis."""

    round = StrictIntegerField(min_value=1)
    card = CardField()
    key = forms.CharField(max_length=64, required=False)
    value = forms.TypedChoiceField(choices=TOKENS, coerce=lambda value: value == "true")
    hypothesis = forms.CharField(
        label=_("My hypothesis: the rule is…"), max_length=500, required=False
    )


class RevealForm(forms.Form):
    """The teacher places the card on show now (the round and card the button was shown for)."""

    round = StrictIntegerField(min_value=1)
    card = CardField()


class PlaceForm(forms.Form):
    """The oracle with a rule in words places the card on show: it fits (mainline) or not."""

    round = StrictIntegerField(min_value=1)
    card = CardField()
    fits = forms.TypedChoiceField(
        choices=[("yes", _("It fits")), ("no", _("It does not fit"))],
        coerce=lambda value: value == "yes",
    )
