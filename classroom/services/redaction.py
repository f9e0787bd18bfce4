"""A removed child's words leave with the child (docs/architecture.md, "A removed child's
words"). Before a student is deleted, every round they sat in is rewritten without their
words: the hypotheses of their plays, the text of their guesses, and the hints and the rule in
words they gave as a dealer go from the action log, the events, the snapshot and the review's
stored results. The rule's text in the rule language stays: the round is judged by it.

The log stays the truth and every round replays to the same public state: a redacted guess
keeps the judgement it had (`Guess.redacted`, `Guess.judged`), so the engine does not judge
blank words again; a hypothesis never changed an outcome. The events and the snapshot are
rebuilt by replaying the redacted log; the review of the round is computed again from it.
"""

from __future__ import annotations

import logging
from typing import Any

from django.db import transaction

from classroom.models import Action, Round, RoundInsight, Seat, Student
from classroom.secret_rules import round_rule
from eleusis.engine.variants import Action as EngineAction
from eleusis.engine.variants import config_from_json, new_round

logger = logging.getLogger(__name__)

# What stands for a dealer's words (their hints, their rule in words): a hint must have words
# to replay (an empty one is refused), and a rule in words must say something to be shown.
REDACTED = "…"


@transaction.atomic
def student_words_redact(*, student: Student) -> int:
    """Rewrite every round `student` sat in without their words. Returns how many rounds
    changed. Call it before deleting the student (their seats say which player they were)."""
    from classroom.services.review import round_insight_request

    changed = 0
    seats = list(Seat.objects.filter(student=student))
    for seat in seats:
        rounds = Round.objects.select_for_update().filter(table_id=seat.table_id).order_by("pk")
        for round_row in rounds:
            if not _round_redact(round_row, seat):
                continue
            changed += 1
            # The stored review held the words: dropped, and computed again from the new log.
            if RoundInsight.objects.filter(round=round_row).delete()[0]:
                transaction.on_commit(lambda row=round_row: round_insight_request(round_row=row))
    return changed


def _round_redact(round_row: Round, seat: Seat) -> bool:
    """Rewrite one round's log without the words of `seat`'s student; False when it held none."""
    player = round_row.player_of(seat.position) if round_row.seated(seat.position) else None
    actions = list(Action.objects.filter(round=round_row).order_by("seq"))
    payloads = []
    touched = False
    for row in actions:
        theirs = row.seat_id == seat.pk or (
            player is not None and row.payload.get("player") == player
        )
        payload = (
            _without_words(row.payload, row.events, dealer=row.seat_id == seat.pk)
            if theirs
            else row.payload
        )
        touched = touched or payload != row.payload
        payloads.append(payload)
    # The rule a dealing child wrote in words is theirs too (the rule language's text stays:
    # the round is judged by it, and the engine never reads the words).
    if round_row.dealer_position == seat.position and round_row.rule_words not in ("", REDACTED):
        round_row.rule_words = REDACTED
        touched = True
    if not touched:
        return False
    replayed = _replay(round_row, payloads)
    for index, (row, payload) in enumerate(zip(actions, payloads, strict=True)):
        row.payload = payload
        row.events = replayed[0][index] if replayed else _events_without_words(row.events, player)
    Action.objects.bulk_update(actions, ["payload", "events"])
    # The old snapshot held the words; a log that does not replay leaves none to read.
    Round.objects.filter(pk=round_row.pk).update(
        snapshot=replayed[1] if replayed else None, rule_words=round_row.rule_words
    )
    return True


def _without_words(payload: dict[str, Any], events: list[dict[str, Any]], *, dealer: bool) -> dict:
    """An action's JSON without its player's words, judged as it was."""
    out = dict(payload)
    if out.get("hypothesis") is not None:
        out["hypothesis"] = None
    kind = out.get("kind")
    if kind == "guess" and not out.get("redacted"):
        judged = next(
            (
                event.get("correct")
                for event in events
                if event.get("kind") == "guess_judged" and event.get("player") == out.get("player")
            ),
            None,
        )
        out.update(text="", redacted=True, judged=judged)
    if kind == "dealer_hint" and dealer:
        out["text"] = REDACTED
    return out


def _events_without_words(events: list[dict[str, Any]], player: int | None) -> list[dict]:
    """The stored events without the player's words, when the log no longer replays (a round
    of an older engine): the text fields of their guesses blanked."""
    out = []
    for event in events:
        event = dict(event)
        if event.get("kind") == "guess_judged" and event.get("player") == player:
            event["text"] = ""
        if event.get("hypothesis") is not None and event.get("player") == player:
            event["hypothesis"] = None
        out.append(event)
    return out


def _replay(round_row: Round, payloads: list[dict]) -> tuple[list[list[dict]], dict] | None:
    """Each action's events and the engine's state as the redacted log replays them; None when
    it does not replay (a round of an older engine): the stored events are then blanked."""
    config = config_from_json(round_row.variant, round_row.config)
    rule = round_rule(round_row.rule_text, round_row.rule_words)
    engine = new_round(round_row.variant, config, round_row.seed, rule, round_row.players)
    events = []
    try:
        for payload in payloads:
            applied = engine.apply(EngineAction.from_json(payload))
            events.append([event.to_json() for event in applied])
    except Exception:
        logger.exception("round %s does not replay; its events are blanked", round_row.pk)
        return None
    return events, engine.to_json()
