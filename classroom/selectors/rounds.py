"""Reading a round's state: the engine's replay of its action log (the truth), or the cached
snapshot when it is current. Services write rounds through `classroom.services.rounds`; every
reader, selector or service, gets the engine's round from here."""

from __future__ import annotations

from classroom.models import Round
from classroom.secret_rules import round_rule
from eleusis.engine.variants import Action as EngineAction
from eleusis.engine.variants import Round as EngineRound
from eleusis.engine.variants import config_from_json, variant_class


def engine_round(round_row: Round) -> EngineRound:
    """The engine's round as of the log: from the cached snapshot when it is current, else by
    replaying every action (and the result is what the snapshot would have said)."""
    rule = round_rule(round_row.rule_text, round_row.rule_words)
    if round_row.snapshot and len(round_row.snapshot.get("actions", [])) == round_row.version:
        return EngineRound.from_json(round_row.snapshot, rule)
    return replay_round(round_row)


def replay_round(round_row: Round, *, upto: int | None = None) -> EngineRound:
    """Rebuild the round from its config, seed, rule and the stored actions: the truth
    (`upto`: only the first so many actions, as the round stood then)."""
    variant = variant_class(round_row.variant)
    config = config_from_json(round_row.variant, round_row.config)
    actions = [
        EngineAction.from_json(payload)
        for payload in round_row.actions.order_by("seq").values_list("payload", flat=True)[:upto]
    ]
    rule = round_rule(round_row.rule_text, round_row.rule_words)
    return variant.replay(config, round_row.seed, rule, round_row.players, actions)
