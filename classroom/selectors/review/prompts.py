"""Discussion prompts for the next lesson, built from the class's own data, each naming the play
to show on the projector (the replay at that play). No prompt lists the students of a category:
a prompt names at most the one student whose play it shows.

1. The wrong idea most students held, and the card that broke it (or that nothing did).
2. The negative test (a card the student's own idea said would be refused) that ruled out the
   most candidate rules: wrong cards are data.
3. The play after which the evidence left only the rule while most of the table still held
   another idea.
4. The most informative wrong card: the rejected card that ruled out the most candidate rules
   (the insight's `most_informative_wrong`, docs/measures.md).
5. How many students kept an idea a card had already refuted (a count, no names).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from django.utils.formats import number_format
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from classroom.selectors.review.data import RoundReview
from classroom.selectors.review.ideas import RULE
from eleusis.engine.cards import Card
from eleusis.engine.insight import PlayInsight

if TYPE_CHECKING:
    from classroom.selectors.review.aggregate import SessionReview


@dataclass
class Prompt:
    title: str
    text: str
    review: RoundReview | None = None  # the round to show
    step: int | None = None  # the play to show it at

    @property
    def show(self) -> str:
        if self.review is None or self.step is None:
            return ""
        return _("Show %(table)s, round %(round)s at play %(play)s") % {
            "table": self.review.round.table,
            "round": self.review.round.number,
            "play": self.step,
        }


def _card(code: str) -> str:
    return str(Card.parse(code))


def _where(review: RoundReview, play: int) -> dict[str, Any]:
    return {"table": review.round.table, "round": review.round.number, "play": play}


def discussion_prompts(review: SessionReview) -> list[Prompt]:
    prompts = [
        _wrong_idea(review),
        _negative_test(review),
        _evidence_ahead_of_class(review),
        _wrong_card(review),
        _kept_refuted(review),
    ]
    return [p for p in prompts if p is not None]


def _wrong_idea(review: SessionReview) -> Prompt | None:
    wrong = [g for g in review.ideas.wrong if g.students]
    if not wrong:
        return None
    group = max(wrong, key=lambda g: (g.students, g.plays))
    held = ngettext(
        "%(count)s student held the idea “%(idea)s” (%(relation)s).",
        "%(count)s students held the idea “%(idea)s” (%(relation)s).",
        group.students,
    ) % {"count": group.students, "idea": group.sentence, "relation": group.relation_label}
    refutation = group.refutation
    if refutation is None:
        return Prompt(
            _("The class's most common wrong idea"),
            held
            + " "
            + _(
                "Nothing on the table refuted it: every card played agreed with it. Which card "
                "would have shown it wrong? (A test you expect to fail can teach the most.)"
            ),
            group.held[0][0],
            group.held[0][1],
        )
    if refutation.kind == "card":
        verdict = _("fitted the rule") if refutation.accepted else _("did not fit the rule")
        text = _(
            "At play %(play)s of %(table)s, round %(round)s, %(card)s %(verdict)s, and this idea "
            "said the opposite. Show that play: which cards had agreed with the idea until then, "
            "and why could they not prove it?"
        ) % {
            **_where(refutation.review, refutation.play or 0),
            "card": refutation.card,
            "verdict": verdict,
        }
    else:
        what = {
            "no_play": _("a “no play” that was right")
            if refutation.accepted
            else _("a “no play” that was wrong"),
            "start": _("the start of the round"),
            "guess": _("a wrong guess of this idea"),
        }[refutation.kind]
        text = _(
            "At play %(play)s of %(table)s, round %(round)s, the table showed something this "
            "idea said could not happen: %(what)s. Show that play: which cards had agreed with "
            "the idea until then, and why could they not prove it?"
        ) % {**_where(refutation.review, refutation.play or 0), "what": what}
    return Prompt(
        _("The class's most common wrong idea, and the card that broke it"),
        held + " " + text,
        refutation.review,
        refutation.play,
    )


def _negative_test(review: SessionReview) -> Prompt | None:
    best: tuple[float, int, RoundReview, PlayInsight] | None = None
    for order, round_review in enumerate(review.rounds):
        for play in round_review.plays:
            if play.test != "negative" or play.kind != "play":
                continue
            if play.prediction is True:  # they expected it to fit: not a test against the idea
                continue
            person = round_review.people.get(play.player)
            if person is None or not person.is_student:
                continue
            bits = play.realised_bits
            if bits <= 0:
                continue
            if best is None or bits > best[0]:
                best = (bits, order, round_review, play)
    if best is None:
        return None
    bits, _order, round_review, play = best
    person = round_review.people[play.player]
    verdict = _("it fitted") if play.accepted else _("it did not fit")
    return Prompt(
        _("The test against one's own idea that taught the table the most"),
        _(
            "At play %(play)s of %(table)s, round %(round)s, %(name)s played %(card)s though "
            "their own idea said it would not fit, and %(verdict)s. It ruled out "
            "%(ruled_out)s of %(before)s candidate rules (%(bits)s bits), more than any other "
            "such test. Ask them why they played it, and what the table learned."
        )
        % {
            **_where(round_review, play.number),
            "name": person.name,
            "card": _card(play.cards[0]),
            "verdict": verdict,
            "ruled_out": play.candidates_before - play.candidates_after,
            "before": play.candidates_before,
            "bits": number_format(bits, 1),  # "1,5" in Spanish
        },
        round_review,
        play.number,
    )


def _evidence_ahead_of_class(review: SessionReview) -> Prompt | None:
    best: tuple[float, RoundReview, int, int, int] | None = None
    for round_review in review.rounds:
        solved = round_review.solved_at
        if not solved:
            continue
        holding: dict[int, str] = {}  # player -> state of the idea held at the solving play
        for play in round_review.plays:
            if play.number > solved:
                break
            right = review.ideas.relation_at(round_review, play) == RULE or play.mark == "right"
            holding[play.player] = "rule" if right else "other"
        students = [
            player
            for player, person in round_review.people.items()
            if person.is_student and any(p.player == player for p in round_review.plays)
        ]
        if not students:
            continue
        other = sum(1 for player in students if holding.get(player) != "rule")
        share = other / len(students)
        if share > 0.5 and (best is None or share > best[0]):
            best = (share, round_review, solved, other, len(students))
    if best is None:
        return None
    _share, round_review, solved, other, total = best
    return Prompt(
        _("The evidence was ahead of the class"),
        _(
            "After play %(play)s of %(table)s, round %(round)s, the cards on the table left only "
            "the rule, yet %(other)s of the %(total)s students there still held another idea. "
            "Show the table at that play: what do these cards already rule out?"
        )
        % {**_where(round_review, solved), "other": other, "total": total},
        round_review,
        solved,
    )


def _wrong_card(review: SessionReview) -> Prompt | None:
    """The rejected card with the most realised bits over the session (each round stores its
    own; ties: the earliest round, then play)."""
    best: tuple[float, int, RoundReview, PlayInsight] | None = None
    for order, round_review in enumerate(review.rounds):
        results = round_review.results
        number = results.get("most_informative_wrong") if results else None
        if not number or number > len(round_review.plays):
            continue
        play = round_review.plays[number - 1]
        bits = play.realised_bits
        if best is None or bits > best[0]:
            best = (bits, order, round_review, play)
    if best is None:
        return None
    bits, _order, round_review, play = best
    person = round_review.people.get(play.player)
    return Prompt(
        _("The most informative wrong card"),
        _(
            "%(name)s's %(card)s at play %(play)s of %(table)s, round %(round)s was rejected, "
            "and it told the table more than any other wrong card (%(bits)s bits): it ruled "
            "out many rules at once. Wrong cards are data. What did it rule out?"
        )
        % {
            **_where(round_review, play.number),
            "name": person.name if person else "?",
            "card": _card(play.cards[0]),
            "bits": number_format(bits, 2),  # "0,97" in Spanish
        },
        round_review,
        play.number,
    )


def _kept_refuted(review: SessionReview) -> Prompt | None:
    keepers = sum(1 for s in review.students if s.kept_refuted)
    if not keepers:
        return None
    return Prompt(
        _("Holding on to a refuted idea"),
        ngettext(
            "%(count)s student kept a hypothesis after a card on the table had already "
            "contradicted it. What makes an idea hard to give up?",
            "%(count)s students kept a hypothesis after a card on the table had already "
            "contradicted it. What makes an idea hard to give up?",
            keepers,
        )
        % {"count": keepers},
    )
