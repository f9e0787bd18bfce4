"""Compiled secret rules, compiled once per process (judging then takes microseconds)."""

from functools import lru_cache

from eleusis.engine.history import Rule
from eleusis.engine.rules import CompiledRule, RuleSyntaxError, compile_rule
from eleusis.engine.variants import WrittenRule


@lru_cache(maxsize=512)
def secret_rule(text: str) -> CompiledRule:
    return compile_rule(text)


def round_rule(rule_text: str, rule_words: str = "") -> Rule:
    """A round's secret rule: compiled when it is in the rule language, else the dealer's
    words, which only the dealing person can judge (the sources' way)."""
    if rule_text.strip() or not rule_words.strip():
        return secret_rule(rule_text)
    return WrittenRule(rule_words.strip())


def is_rule_text(text: str) -> bool:
    """Whether the text is a rule in the language (so the app can judge it as a guess)."""
    try:
        secret_rule(text)
    except RuleSyntaxError:
        return False
    return True
