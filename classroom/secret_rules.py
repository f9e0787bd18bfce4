"""Compiled secret rules, compiled once per process (judging then takes microseconds)."""

from functools import lru_cache

from eleusis.engine.rules import CompiledRule, RuleSyntaxError, compile_rule


@lru_cache(maxsize=512)
def secret_rule(text: str) -> CompiledRule:
    return compile_rule(text)


def is_rule_text(text: str) -> bool:
    """Whether the text is a rule in the language (so the app can judge it as a guess)."""
    try:
        secret_rule(text)
    except RuleSyntaxError:
        return False
    return True
