"""The library's rules that judge alike, for every page that lists the library (the library
page in `lessons`, the assignment form and the next-round choice in `classroom`).

Several sources give the same rule under their own names ("red and black take turns" is in
four of them). A list names such rules once: on the first of them in the library's order, with
the others named beside it. The library never changes while the app runs, so the equivalences
(`eleusis/engine/rules/equivalence.py`, proved, never sampled) are worked out once per process.
"""

from __future__ import annotations

from functools import cache

from eleusis.engine.rules import LIBRARY, LibraryRule, equivalence


@cache
def same_as() -> dict[str, list[LibraryRule]]:
    """For each library rule, the other library rules that judge every situation alike."""
    rules = list(LIBRARY.values())
    same: dict[str, list[LibraryRule]] = {rule.id: [] for rule in rules}
    for index, rule in enumerate(rules):
        for other in rules[index + 1 :]:
            if equivalence(rule.compiled(), other.compiled()).equivalent:
                same[rule.id].append(other)
                same[other.id].append(rule)
    return same


_ORDER = {rule_id: index for index, rule_id in enumerate(LIBRARY)}


def named_on_another(rule_id: str) -> bool:
    """Whether `rule_id` is listed on the entry of an earlier rule that judges alike."""
    return any(_ORDER[other.id] < _ORDER[rule_id] for other in same_as()[rule_id])
