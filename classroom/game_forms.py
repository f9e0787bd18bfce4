"""Forms of the games: what a student sends with a move, what a teacher sends to a table."""

from django import forms
from django.utils.translation import gettext_lazy as _

from classroom.builder_i18n import choices_from, message
from classroom.parsing import StrictIntegerField, parse_card
from eleusis.engine.cards import Card
from eleusis.engine.rules.builder import BuilderError, build
from eleusis.engine.rules.frames import FRAMES, FrameError

FRAMES_BY_ID = {frame.id: frame for frame in FRAMES}

PREDICTIONS = [
    ("accepted", _("It will be accepted")),
    ("rejected", _("It will be rejected")),
    ("unsure", _("Not sure")),
]
PREDICTION_VALUES = {"accepted": True, "rejected": False, "unsure": None}


class _SharedFields(dict):
    """The fields of a form that is only ever validated, never drawn, and whose fields no
    instance changes: shared by its instances instead of deep-copied into each, as Django does
    (a quarter of a millisecond, a few percent of a play's CPU: benchmarks/bench_table.py). A
    subclass gets Django's own copy again, as its fields are collected anew."""

    def __deepcopy__(self, memo: dict) -> dict:
        return dict(self)


class MoveForm(forms.Form):
    """One move at the table. Which move is the button pressed (`op`); a card button also
    names its card."""

    OPS = [
        ("play", _("Play a card")),
        ("no_play", _("No play")),
        ("guess", _("Guess the rule")),
        ("guess_sentence", _("Guess with my sentence")),
        ("buy_hint", _("Buy a hint")),
        ("pass", _("Pass: no guess now")),
    ]

    op = forms.ChoiceField(choices=OPS)
    round = StrictIntegerField(min_value=1)
    # How many moves the round had when the page was drawn: a move made on an older page is
    # refused instead of landing on a table that moved on.
    seq = StrictIntegerField(min_value=0, max_value=2**31 - 1, required=False)
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
    frame = forms.CharField(max_length=40, required=False)

    def clean_frame(self):
        """The sentence frame and the choices in its drop-downs, as (frame, choices), or None."""
        frame_id = self.cleaned_data.get("frame", "")
        if not frame_id:
            return None
        frame = FRAMES_BY_ID.get(frame_id)
        if frame is None:
            raise forms.ValidationError(_("That sentence does not exist."), code="frame")
        choices = {slot.name: self.data.get(f"slot_{slot.name}", "") for slot in frame.slots}
        try:
            frame.fill(choices)
        except FrameError:
            raise forms.ValidationError(
                _("Choose something in every gap of your sentence."), code="frame"
            ) from None
        return frame, choices

    def _built(self):
        """The sentence built from the builder's parts (b_if, b_then, ...), or None when the
        student chose none; a ValidationError that says what to change when it is unfinished or
        cannot mean anything."""
        choices = choices_from(self.data)
        if not choices:
            return None
        try:
            return build(choices)
        except BuilderError as error:
            self.builder_part = error.part  # the drop-down to change, for the page's focus
            raise forms.ValidationError(message(error, choices), code="builder") from None

    def clean_card(self) -> Card | None:
        text = self.cleaned_data.get("card", "")
        if not text:
            return None
        card = parse_card(text)
        if card is None:
            raise forms.ValidationError(_("That card does not exist."), code="card")
        return card

    def clean(self):
        data = super().clean()
        try:
            data["built"] = self._built()
        except forms.ValidationError as error:
            self.add_error(None, error)
            data["built"] = None
        op = data.get("op")
        if op == "play" and not data.get("card") and "card" not in self.errors:
            self.add_error("card", _("Choose a card to play."))
        if op == "guess" and not data.get("guess", "").strip():
            self.add_error("guess", _("Write your guess first."))
        has_sentence = data.get("frame") or data.get("built")
        if op == "guess_sentence" and not has_sentence and not self.errors:
            self.add_error("frame", _("Build your sentence first, then guess with it."))
        return data

    @property
    def prediction_value(self) -> bool | None:
        return PREDICTION_VALUES.get(self.cleaned_data.get("prediction") or "unsure")


MoveForm.base_fields = _SharedFields(MoveForm.base_fields)


class HintForm(forms.Form):
    text = forms.CharField(label=_("Hint"), max_length=300)
    # The page's key for this send: a double click, or a retry, sends the hint once.
    key = forms.CharField(required=False, max_length=40)


class GuessVerdictForm(forms.Form):
    correct = forms.TypedChoiceField(
        choices=[("yes", _("Right")), ("no", _("Wrong"))], coerce=lambda value: value == "yes"
    )


class _CardCodesField(forms.MultipleChoiceField):
    """The codes of the cards ticked: any short text here; `AbbottMoveForm.clean` reads them as
    cards, and the engine says whether they are in the hand."""

    def valid_value(self, value: str) -> bool:
        return len(value) <= 4


class AbbottMoveForm(MoveForm):
    """One move at an Abbott/Howell table: a string of cards (the cards ticked, or their codes
    in the order to play them), "no play", becoming prophet, or the prophet's verdict. The form
    reads the cards; whether they are in the player's hand is the engine's to say."""

    OPS = [
        ("play", _("Play these cards")),
        ("no_play", _("No play")),
        ("prophet", _("Become the prophet")),
        ("accept", _("Right: accept it")),
        ("reject", _("Wrong: reject it")),
    ]

    op = forms.ChoiceField(choices=OPS)
    cards = _CardCodesField(required=False, choices=[])
    order = forms.CharField(max_length=200, required=False)

    def clean(self):
        data = super().clean()
        self.errors.pop("card", None)  # a string is chosen here, not one card
        if data.get("op") != "play":
            data["string"] = ()
            return data
        order = (data.get("order") or "").replace(",", " ").split()
        codes = order or data.get("cards") or []
        string = []
        for code in codes:
            card = parse_card(code)
            if card is None:
                self.add_error("order", _("%(card)s is not a card.") % {"card": code[:4]})
                return data
            string.append(card)
        if not string:
            self.add_error("cards", _("Choose the cards to play, in order."))
        data["string"] = tuple(string)
        return data
