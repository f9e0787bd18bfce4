"""Join codes: short, easy to read aloud and to type on a tablet.

The alphabet leaves out characters that look or sound alike: 0/O, 1/I/L, 2/Z, 5/S, 8/B, U/V.
"""

import re
import secrets

JOIN_CODE_ALPHABET = "ACDEFGHJKMNPQRTWXY34679"
JOIN_CODE_LENGTH = 6
JOIN_CODE_REGEX = f"^[{JOIN_CODE_ALPHABET}]{{{JOIN_CODE_LENGTH}}}$"
_SEPARATORS = re.compile(r"[\s\-_.]+")


def join_code_random() -> str:
    return "".join(secrets.choice(JOIN_CODE_ALPHABET) for _ in range(JOIN_CODE_LENGTH))


def join_code_normalize(raw: str) -> str:
    """What a person typed, as a code: upper case, spaces and dashes removed."""
    return _SEPARATORS.sub("", raw or "").upper()


def join_code_is_well_formed(code: str) -> bool:
    return re.fullmatch(JOIN_CODE_REGEX, code) is not None


def join_code_display(code: str) -> str:
    """Two groups of three, easier to read aloud: 'ACD 479'."""
    half = len(code) // 2
    return f"{code[:half]} {code[half:]}"
