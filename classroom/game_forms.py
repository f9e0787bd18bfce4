"""Forms of the games: what a student sends with a move, what a teacher sends to a table."""

from django import forms
from django.utils.translation import gettext_lazy as _

from eleusis.engine.cards import Card, CardError

PREDICTIONS = [
    ("accepted", _("It will be accepted")),
    ("rejected", _("It will be rejected")),
    ("unsure", _("Not sure")),
]
PREDICTION_VALUES = {"accepted": True, "rejected": False, "unsure": None}


class MoveForm(forms.Form):
    """One move at the table. Which move is the button pressed (`op`); a card button also
    names its card."""

    OPS = [
        ("play", _("Play a card")),
        ("no_play", _("No play")),
        ("guess", _("Guess the rule")),
        ("buy_hint", _("Buy a hint")),
    ]

    op = forms.ChoiceField(choices=OPS)
    round = forms.IntegerField(min_value=1)
    key = forms.CharField(max_length=64, required=False)
    card = forms.CharField(max_length=4, required=False)
    hypothesis = forms.CharField(
        label=_("My hypothesis: the rule is…"),
        max_length=500,
        required=False,
        widget=forms.Textarea(attrs={"rows": 2}),
    )
    prediction = forms.ChoiceField(
        label=_("My prediction"), choices=PREDICTIONS, required=False, widget=forms.RadioSelect
    )
    guess = forms.CharField(label=_("My guess"), max_length=500, required=False)

    def clean_card(self) -> Card | None:
        text = self.cleaned_data.get("card", "")
        if not text:
            return None
        try:
            return Card.parse(text)
        except CardError:
            raise forms.ValidationError(_("That card does not exist."), code="card") from None

    def clean(self):
        data = super().clean()
        op = data.get("op")
        if op == "play" and not data.get("card"):
            self.add_error("card", _("Choose a card to play."))
        if op == "guess" and not data.get("guess", "").strip():
            self.add_error("guess", _("Write your guess first."))
        return data

    @property
    def prediction_value(self) -> bool | None:
        return PREDICTION_VALUES.get(self.cleaned_data.get("prediction") or "unsure")


class HintForm(forms.Form):
    text = forms.CharField(label=_("Hint"), max_length=300)


class GuessVerdictForm(forms.Form):
    correct = forms.TypedChoiceField(
        choices=[("yes", _("Right")), ("no", _("Wrong"))], coerce=lambda value: value == "yes"
    )
