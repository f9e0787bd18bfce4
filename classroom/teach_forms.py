"""Forms of the teacher's side of live games: assigning a game and seating a lobby by hand.
A secret rule is checked as it is typed by `eleusis.web.rule_check`, shared with the lessons."""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from classroom import games
from classroom.models import Assignment, Student
from classroom.parsing import StrictIntegerField
from classroom.services.games import MAX_TABLE, MIN_TABLE
from classroom.titles import title_leak
from eleusis.engine.rules import LIBRARY, RuleSyntaxError, compile_rule
from eleusis.engine.rules.errors import MAX_RULE_LENGTH
from eleusis.web.library import named_on_another, same_as
from eleusis.web.rule_check import (  # noqa: F401  (re-exported for the classroom's views)
    DIFFICULTY_LABELS,
    DIFFICULTY_ORDER,
    RuleCheck,
    rule_check,
    rule_error_message,
)


def library_choices(keep: str = "") -> list[tuple[str, str]]:
    """The library as a select shows it: name and difficulty, easiest first, one entry per rule
    (a rule several sources give is listed once, its other names beside it: "A = B"). `keep`: a
    rule id to list even so (the one a link or a sent form chose)."""
    rules = sorted(LIBRARY.values(), key=lambda r: (DIFFICULTY_ORDER.get(r.difficulty, 9), r.name))
    same = same_as()

    def label(rule) -> str:
        # Each name once: several sources give the same rule under the same name.
        names = " = ".join(
            dict.fromkeys([gettext(rule.name), *(gettext(o.name) for o in same[rule.id])])
        )
        return f"{names} ({DIFFICULTY_LABELS.get(rule.difficulty, rule.difficulty)})"

    listed = [rule for rule in rules if rule.id == keep or not named_on_another(rule.id)]
    return [("", _("Choose a rule…"))] + [(rule.id, label(rule)) for rule in listed]


# The assignment --------------------------------------------------------------------------------


# Settings only Eleusis Express has: a Delphi assignment ignores them (and their errors).
EXPRESS_ONLY = (
    "hand_size",
    "decks",
    "first_player",
    "stock_exhaustion",
    "wrong_guess_penalty",
    "buying_hints",
    "hints_after_equal_turns",
    "guess_turn",
    "student_judges",
    "dealer_assignment",
    "game_rounds",
    "table_size",
    "hypothesis_policy",
    "hypothesis_every",
    "prediction_required",
)


class AssignmentForm(forms.Form):
    title = forms.CharField(
        label=_("Title"),
        max_length=120,
        required=False,
        help_text=_(
            "Students see it in the lobby and at their table: do not name the rule. "
            "Left empty, it is “Mystery rule” with a number."
        ),
    )
    title_confirmed = forms.BooleanField(
        label=_("Keep this title: I know it uses words of the rule"), required=False
    )
    variant = forms.ChoiceField(
        label=_("Game"),
        choices=games.choices,
        initial=games.DEFAULT_GAME.id,
        required=False,  # a form from before the choice existed is Eleusis Express
        widget=forms.RadioSelect,
    )
    rule_source = forms.ChoiceField(
        label=_("Secret rule"),
        choices=[
            (Assignment.RuleSource.LIBRARY, _("Pick one from the library")),
            (Assignment.RuleSource.WRITTEN, _("Write my own")),
            (Assignment.RuleSource.STUDENTS, _("Each student deals in turn and writes a rule")),
        ],
        initial=Assignment.RuleSource.LIBRARY,
        widget=forms.RadioSelect,
    )
    library_rule = forms.ChoiceField(label=_("Library rule"), choices=(), required=False)
    rule_text = forms.CharField(
        label=_("My rule"),
        max_length=MAX_RULE_LENGTH,
        required=False,
        strip=False,
        widget=forms.Textarea(attrs={"rows": 3, "spellcheck": "false", "autocomplete": "off"}),
        help_text=_("In the rule language, for example: color != last.color"),
    )
    hand_size = forms.TypedChoiceField(
        label=_("Cards in each hand"),
        choices=[(10, "10"), (12, "12"), (14, "14")],
        coerce=int,
        initial=12,
    )
    decks = StrictIntegerField(label=_("Decks"), min_value=1, max_value=4, initial=2)
    starter = forms.ChoiceField(
        label=_("Starting card"),
        choices=[
            ("until_legal", _("Turn cards until one fits the rule")),
            ("flip", _("Turn one card, whatever it is")),
        ],
        initial="until_legal",
    )
    first_player = forms.ChoiceField(
        label=_("Who plays first"),
        choices=[("left", _("The first seat")), ("random", _("A random seat"))],
        initial="left",
    )
    stock_exhaustion = forms.ChoiceField(
        label=_("When the stock runs out"),
        choices=[("end", _("The round ends")), ("reshuffle_deck", _("Shuffle in a new deck"))],
        initial="end",
    )
    wrong_guess_penalty = forms.BooleanField(label=_("A wrong guess costs a card"), required=False)
    buying_hints = forms.BooleanField(label=_("Students may buy hints"), required=False)
    student_judges = forms.BooleanField(
        label=_("The dealing student judges each card (the sources' way)"),
        required=False,
        initial=True,
        help_text=_(
            "When each student deals in turn: the dealer writes the rule in words (and, if they "
            "can, in the rule language, so the app warns them of a verdict that contradicts "
            "it) and says right or wrong to every card. Off: the app judges by the rule "
            "language."
        ),
    )
    dealer_assignment = forms.ChoiceField(
        label=_("Who deals next"),
        choices=[
            ("rotate", _("The next student, in turn")),
            (
                "winner",
                _(
                    "Whoever found the rule or emptied their hand; if nobody did, the best "
                    "score of the round (a variant of the Thai rules)"
                ),
            ),
        ],
        initial="rotate",
        required=False,
        help_text=_("When each student deals in turn."),
    )
    hints_after_equal_turns = forms.BooleanField(
        label=_("Hints only when every player has had the same number of turns"),
        required=False,
        help_text=_(
            "A variant of the Thai rules. Off: you may send a hint whenever a table is stuck."
        ),
    )
    guess_turn = forms.BooleanField(
        label=_("After a right play, the player guesses or passes before the next one plays"),
        required=False,
        initial=True,
        help_text=_(
            "The Thai rules: the chance to guess belongs to the player's turn. You can skip a "
            "student who is away."
        ),
    )
    table_size = StrictIntegerField(
        label=_("Players per table"), min_value=MIN_TABLE, max_value=MAX_TABLE, initial=4
    )
    game_rounds = StrictIntegerField(
        label=_("Rounds in the game"),
        min_value=0,
        max_value=20,
        initial=0,
        required=False,
        help_text=_(
            "0: when each student deals in turn, the game ends once every student has dealt "
            "(as the sources play it); in Abbott/Howell and the Russian rules, after one round "
            "for each player (their sources' game); otherwise, when the app deals, it goes on as "
            "long as you deal new rounds. A number: the game ends after that many rounds. The "
            "totals decide the winner."
        ),
    )
    hypothesis_policy = forms.ChoiceField(
        label=_("Students log a hypothesis"),
        choices=Assignment.HypothesisPolicy.choices,
        initial=Assignment.HypothesisPolicy.EVERY_PLAY,
    )
    hypothesis_every = StrictIntegerField(
        label=_("Every how many plays"),
        min_value=1,
        max_value=20,
        initial=3,
        help_text=_("Used when students log a hypothesis every few plays."),
    )
    prediction_required = forms.BooleanField(
        label=_("Ask for a prediction with each play"), required=False, initial=True
    )
    mode = forms.ChoiceField(
        label=_("Mode"), choices=Assignment.Mode.choices, initial=Assignment.Mode.LIVE
    )
    due_at = forms.DateTimeField(
        label=_("Due"),
        required=False,
        widget=forms.DateTimeInput(attrs={"type": "datetime-local"}, format="%Y-%m-%dT%H:%M"),
        help_text=_("For solo practice."),
    )

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        chosen = self.data.get("library_rule") or self.initial.get("library_rule") or ""
        self.fields["library_rule"].choices = library_choices(keep=str(chosen))
        self.fields["rule_text"].widget.attrs["aria-describedby"] = "rule-check"

    def clean(self):
        data = super().clean()
        data["variant"] = data.get("variant") or games.DEFAULT_GAME.id
        if games.whole_class(data["variant"]):
            self._clean_delphi(data)
        elif not games.web_game(data["variant"]).express_settings:
            self._clean_engine_defaults(data)
        source = data.get("rule_source")
        if source == Assignment.RuleSource.LIBRARY:
            rule = LIBRARY.get(data.get("library_rule") or "")
            if rule is None:
                self.add_error("library_rule", _("Choose a rule from the library."))
            else:
                data["rule"] = rule.text
                data["library_rule_id"] = rule.id
        elif source == Assignment.RuleSource.WRITTEN:
            text = (data.get("rule_text") or "").strip()
            if not text:
                self.add_error("rule_text", _("Write your rule, or pick one from the library."))
            else:
                try:
                    compile_rule(text)
                except RuleSyntaxError as error:
                    self.add_error("rule_text", rule_error_message(error))
                    self.rule_error = error
                else:
                    data["rule"] = text
                    data["library_rule_id"] = ""
        elif source == Assignment.RuleSource.STUDENTS:
            data["rule"], data["library_rule_id"] = "", ""
            if data.get("mode") == Assignment.Mode.SOLO:
                self.add_error("rule_source", _("Alone, a student cannot deal to themselves."))
        if data.get("mode") == Assignment.Mode.SOLO and not data.get("due_at"):
            self.add_error("due_at", _("Give solo practice a due date."))
        self._clean_title(data)
        return data

    # Set when the title shares words with the rule: the form then offers to keep it anyway.
    title_warning = False

    def _clean_title(self, data: dict) -> None:
        """A title naming the rule is refused; one using its words is a warning the teacher
        confirms (a word like "red" may be innocent, a rule's whole name never is)."""
        title = (data.get("title") or "").strip()
        leak = title_leak(
            title,
            rule_text=data.get("rule") or "",
            library_rule_id=data.get("library_rule_id") or "",
        )
        if leak.name:
            self.add_error(
                "title",
                gettext(
                    "This title names the secret rule (“%(name)s”) and students see it: "
                    "choose another, or leave it empty."
                )
                % {"name": leak.name},
            )
        elif leak.words and not data.get("title_confirmed"):
            self.title_warning = True
            self.add_error(
                "title",
                gettext(
                    "This title uses words of the secret rule (%(words)s), and students see it. "
                    "Change it, or tick “Keep this title” below."
                )
                % {"words": ", ".join(leak.words)},
            )

    def _clean_delphi(self, data: dict) -> None:
        """Delphi: the app deals a rule it can judge to the whole class, live."""
        for name in EXPRESS_ONLY:
            if name != "game_rounds":  # every game honours the teacher's number of rounds
                self.errors.pop(name, None)
                data[name] = self.fields[name].initial
        data["hypothesis_policy"] = Assignment.HypothesisPolicy.OPTIONAL
        # Each student deals in turn: the rotating oracle writes the rule, the app turns the
        # cards (the Russian seed's way), beside the teacher-set Delphi.
        if data.get("mode") == Assignment.Mode.SOLO:
            self.add_error("mode", _("Delphi is played live, by the whole class."))

    def _clean_engine_defaults(self, data: dict) -> None:
        """A game played at tables with the settings of its source (the engine's defaults,
        e.g. Howell's profile for Abbott/Howell, docs/rules.md §2): the Express settings do
        not apply; the table size, the rounds in the game and the hypothesis settings do."""
        keep = {
            "table_size",
            "game_rounds",
            "hypothesis_policy",
            "hypothesis_every",
            "prediction_required",
        }
        for name in EXPRESS_ONLY:
            if name not in keep:
                self.errors.pop(name, None)
                data[name] = self.fields[name].initial
        limit = games.web_game(data["variant"]).max_table
        size = data.get("table_size")
        if limit is not None and size is not None and size > limit:
            self.add_error(
                "table_size",
                gettext("This game takes at most %(max)s players per table.") % {"max": limit},
            )
        if data.get("mode") == Assignment.Mode.SOLO:
            self.add_error("mode", _("This game is played live, at tables."))
        if data.get("rule_source") == Assignment.RuleSource.STUDENTS:
            self.add_error("rule_source", _("In this game the app deals: pick or write a rule."))

    def config(self) -> dict:
        data = self.cleaned_data
        if games.whole_class(data["variant"]):
            return {"starter": data["starter"]}
        if not games.web_game(data["variant"]).express_settings:
            return {}
        winner = data.get("dealer_assignment") == "winner"
        students = data["rule_source"] == Assignment.RuleSource.STUDENTS
        return {
            **({"dealer_assignment": "winner"} if winner and students else {}),
            "hand_size": data["hand_size"],
            "decks": data["decks"],
            "starter": data["starter"],
            "first_player": data["first_player"],
            "stock_exhaustion": data["stock_exhaustion"],
            "wrong_guess_penalty": data["wrong_guess_penalty"],
            "buying_hints": data["buying_hints"],
            "hints_after_equal_turns": data["hints_after_equal_turns"],
            "guess_turn": data["guess_turn"],
            "dealer": (
                "person"
                if data["rule_source"] == Assignment.RuleSource.STUDENTS and data["student_judges"]
                else "app"
            ),
        }


# Seating by hand -------------------------------------------------------------------------------


class ManualSeatingForm(forms.Form):
    """One table-number select per student in the lobby."""

    def __init__(
        self,
        *args,
        students: list[Student],
        suggested: int = 1,
        max_size: int | None = MAX_TABLE,
        **kwargs,
    ) -> None:
        super().__init__(*args, **kwargs)
        self.students = students
        self.max_size = max_size  # None: a whole-class game takes tables of any size
        tables = max(len(students), 1)  # at most one table per student
        suggested = max(1, min(suggested, tables))
        choices = [
            (str(n), gettext("Table %(number)s") % {"number": n}) for n in range(1, tables + 1)
        ]
        for index, student in enumerate(students):
            self.fields[f"student_{student.pk}"] = forms.TypedChoiceField(
                label=student.nickname,
                choices=choices,
                coerce=int,
                initial=str(index % suggested + 1),
            )

    def groups(self) -> list[list[Student]]:
        tables: dict[int, list[Student]] = {}
        for student in self.students:
            tables.setdefault(self.cleaned_data[f"student_{student.pk}"], []).append(student)
        return [tables[number] for number in sorted(tables)]

    def clean(self):
        data = super().clean()
        if self.errors:
            return data
        sizes: dict[int, int] = {}
        for student in self.students:
            number = data[f"student_{student.pk}"]
            sizes[number] = sizes.get(number, 0) + 1
        for number, size in sorted(sizes.items()):
            if self.max_size is not None and size > self.max_size:
                raise forms.ValidationError(
                    gettext("Table %(number)s has %(size)s players: at most %(max)s.")
                    % {"number": number, "size": size, "max": self.max_size}
                )
        return data


class PausedForm(forms.Form):
    paused = forms.TypedChoiceField(
        choices=[("1", _("Pause")), ("0", _("Resume"))], coerce=lambda value: value == "1"
    )


class RoundForm(forms.Form):
    """The round a button was shown for, so a stale page cannot act on the next round."""

    round = StrictIntegerField(min_value=1)


class NextRoundForm(forms.Form):
    """The rule of a table's next round: the same again (`same`, refused once revealed), the next
    in the library (`list`), a library rule (`library:<id>`), the teacher's own (`written`), or
    the students deal from now on, in turn (`students`)."""

    next_rule = forms.CharField(required=False, max_length=80)
    rule_text = forms.CharField(required=False, max_length=2000, strip=False)

    def clean_next_rule(self) -> str:
        value = self.cleaned_data["next_rule"] or "same"
        if value in ("same", "list", "written", "students"):
            return value
        if value.startswith("library:") and value.removeprefix("library:") in LIBRARY:
            return value
        raise forms.ValidationError(_("Choose the rule of the next round."))
