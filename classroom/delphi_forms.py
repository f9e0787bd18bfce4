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


class DelphiMoveForm(PredictForm):
    """A token sent through the one move view (`classroom:table_move`): the prediction form
    with the button (`op`, a token is the only move) and the round's version the page was
    drawn at (a page without it, or drawn before a card was placed, is refused)."""

    # Sent hidden and never drawn: no words to translate.
    op = forms.ChoiceField(choices=[("predict", "predict")], required=False)
    seq = StrictIntegerField(min_value=0, max_value=2**31 - 1, required=False)
    # The page cannot send anything wrong (buttons and hidden fields it drew, a text area
    # with its length): an invalid form is broken or forged, a plain 400 even under htmx.
    page_cannot_send_errors = True

    def clean_op(self) -> str:
        return self.cleaned_data.get("op") or "predict"

    @property
    def prediction_value(self) -> None:
        """The Express prediction of the verdict: the token is the prediction here."""
        return None


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
