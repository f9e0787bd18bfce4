"""The secret-rule language: write, check, explain, analyse and compare Eleusis rules.

    >>> from eleusis.engine.cards import Card
    >>> from eleusis.engine.history import Attempt
    >>> rule = compile_rule("color != last.color")
    >>> rule.accepts([Attempt(Card.parse("AS"), True)], Card.parse("QD"))
    True

The grammar (and its description) is in `grammar.lark`; the modules follow the pipeline:
`parser` (text to the typed tree of `ast`), `compiler` (tree to closures), `explain`,
`analysis`, `equivalence`, `library` (the sample rules of docs/rules.md) and `frames` (sentence
frames for students' hypotheses). Nothing here imports Django.
"""

from eleusis.engine.rules.analysis import Analysis, RuleWarning, analyse
from eleusis.engine.rules.compiler import CompiledRule, compile_rule
from eleusis.engine.rules.equivalence import Counterexample, Equivalence, equivalence
from eleusis.engine.rules.errors import RuleSyntaxError
from eleusis.engine.rules.frames import FRAMES, Frame, all_frame_rules
from eleusis.engine.rules.hints import Hint, suggest_hints
from eleusis.engine.rules.library import LIBRARY, LibraryRule, library_rule

__all__ = [
    "FRAMES",
    "LIBRARY",
    "Analysis",
    "CompiledRule",
    "Counterexample",
    "Equivalence",
    "Frame",
    "Hint",
    "LibraryRule",
    "RuleSyntaxError",
    "RuleWarning",
    "all_frame_rules",
    "analyse",
    "compile_rule",
    "equivalence",
    "library_rule",
    "suggest_hints",
]
