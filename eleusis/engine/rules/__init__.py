"""The secret-rule language: write, check, explain, analyse and compare Eleusis rules.

    >>> rule = compile_rule("color != last.color")
    >>> rule.accepts([Attempt(Card.parse("AS"), True)], Card.parse("QD"))
    True

The grammar (and its description) is in `grammar.lark`; the modules follow the pipeline:
`parser` (text to the typed tree of `ast`), `compiler` (tree to closures), `explain`,
`analysis`, `equivalence`, `library` (the sample rules of RULES.md) and `frames` (sentence
frames for students' hypotheses). Nothing here imports Django.
"""

from eleusis.engine.rules.compiler import CompiledRule, compile_rule
from eleusis.engine.rules.errors import RuleSyntaxError
from eleusis.engine.rules.library import LIBRARY, LibraryRule, library_rule

__all__ = [
    "LIBRARY",
    "CompiledRule",
    "LibraryRule",
    "RuleSyntaxError",
    "compile_rule",
    "library_rule",
]
