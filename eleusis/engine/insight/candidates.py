"""Reading a logged hypothesis as a rule.

The candidates the ideal observer weighs are the inference core's candidate space
(`eleusis.engine.inference.candidate_space()`), the same as the bots': a round adds only its
secret rule, when no candidate is equivalent to it; the hypotheses players logged are scored
against the space, never added to it, so counts and bits compare across tables.
"""

from __future__ import annotations

from functools import cache

from eleusis.engine.rules.compiler import CompiledRule, compile_rule
from eleusis.engine.rules.errors import RuleSyntaxError
from eleusis.engine.rules.library import LIBRARY


@cache
def _labelled_texts() -> dict[str, str]:
    """Library ids, frame sentences and the builder pool's sentences, each with its rule text:
    what bots log (a candidate's label)."""
    from eleusis.engine.rules.frames import all_frame_rules
    from eleusis.engine.rules.pool import pool_entries

    texts = dict(pool_entries())
    texts.update({sentence: text for sentence, text in all_frame_rules()})
    texts.update({rule_id: entry.text for rule_id, entry in LIBRARY.items()})
    return texts


@cache
def _compiled(text: str) -> CompiledRule | None:
    try:
        return compile_rule(text)
    except RuleSyntaxError:
        return None


def resolve(text: str | None) -> CompiledRule | None:
    """The rule a logged hypothesis states: rule text, a library id or a frame sentence (as bots
    and sentence frames log them); None for free text the app cannot check."""
    if not text or not text.strip():
        return None
    cleaned = text.strip()
    labelled = _labelled_texts().get(cleaned)
    return _compiled(labelled if labelled is not None else cleaned)
