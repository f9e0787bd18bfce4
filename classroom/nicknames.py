"""Nicknames: normalised, checked for length, characters and obvious abuse.

The abuse filter is deliberately small: it stops the obvious words a child might try in the
app's languages (en, es, el, ru, th), including spaced-out or digit-for-letter spellings. It is
not a content-moderation system; the teacher can always rename or remove a student.
"""

import re
import unicodedata

from django.utils.translation import gettext_lazy as _

from classroom.models.accounts import NICKNAME_MAX_LENGTH

NICKNAME_MIN_LENGTH = 2
_PUNCTUATION_ALLOWED = {" ", "-", "_", "'", "."}
_SPACES = re.compile(r"\s+")
_LEET = str.maketrans({"0": "o", "1": "i", "3": "e", "4": "a", "5": "s", "7": "t", "@": "a"})

# Matched anywhere, even inside a longer nickname or with separators between the letters.
_ANYWHERE = (
    # English
    "fuck",
    "shit",
    "bitch",
    "cunt",
    "whore",
    "slut",
    "nigger",
    "nigga",
    "faggot",
    "retard",
    "asshole",
    "dickhead",
    "porn",
    "rapist",
    "hitler",
    # Spanish
    "mierda",
    "cabron",
    "pendejo",
    "joder",
    "gilipollas",
    "maricon",
    "coño",
    # Greek
    "μαλακα",
    "πουτανα",
    "γαμω",
    "γαμησ",
    "μουνι",
    "καριολη",
    "πουστη",
    "σκατα",
    "αρχιδι",
    # Russian
    "хуй",
    "хуе",
    "пизд",
    "бляд",
    "блять",
    "сука",
    "ебат",
    "ебан",
    "мудак",
    "говно",
    "пидор",
    "пидар",
    "дерьм",
    "залуп",
    # Thai
    "ควย",
    "เหี้ย",
    "เย็ด",
    "ระยำ",
    "ส้นตีน",
    "อีดอก",
    "ชาติหมา",
    "แตด",
)
# Matched only as a whole word, because as parts of words they are innocent (Cassandra, Dickens).
_WHOLE_WORD = (
    "ass",
    "dick",
    "cock",
    "sex",
    "fag",
    "nazi",
    "rape",
    "penis",
    "vagina",
    "tits",
    "puta",
    "puto",
    "putas",
    "verga",
    "zorra",
    "culo",
    "polla",
    "idiota",
    "μαλακας",
    "жопа",
    "бля",
    "хер",
    "หี",
    "สัส",
    "มึง",
)


def _fold(text: str) -> str:
    """Case-fold, drop Latin, Greek and Cyrillic accents (not Thai marks), map digits to letters."""
    decomposed = unicodedata.normalize("NFD", text.casefold())
    # Combining diacritical marks U+0300–U+036F carry the accents of é, ά, ё; Thai marks live in
    # U+0E31–U+0E4E and are part of the word, so they stay.
    stripped = "".join(ch for ch in decomposed if not 0x0300 <= ord(ch) <= 0x036F)
    folded = unicodedata.normalize("NFC", stripped).replace("ς", "σ").replace("ё", "е")
    return folded.translate(_LEET)


_ANYWHERE_FOLDED = tuple(_fold(word) for word in _ANYWHERE)
_WHOLE_WORD_FOLDED = frozenset(_fold(word) for word in _WHOLE_WORD)


def nickname_normalize(raw: str) -> str:
    """Unicode NFC, surrounding spaces removed, runs of spaces made one."""
    return _SPACES.sub(" ", unicodedata.normalize("NFKC", raw or "")).strip()


# Nicknames that look alike are one nickname in a class (UTS #39's idea of a confusable
# skeleton, cut down to what a class meets): letters of Greek and Cyrillic drawn like Latin
# ones, the Latin characters drawn alike, every script's digits, the separators. A child who
# types "ѕ01" (a Cyrillic ѕ), "ς01", "s٠١" or "s01." beside "s01" is asked for another name.
_LIKE_LATIN = str.maketrans(
    {
        # Cyrillic
        "а": "a", "в": "B", "е": "e", "о": "o", "р": "p", "с": "c", "у": "y", "х": "x",
        "ѕ": "s", "і": "i", "ј": "j", "ԁ": "d", "һ": "h", "ӏ": "l", "ԛ": "q", "ԝ": "w",
        "к": "k", "м": "M", "н": "H", "т": "T", "ь": "b", "г": "r", "п": "n", "ё": "ë",
        "А": "A", "В": "B", "Е": "E", "К": "K", "М": "M", "Н": "H", "О": "O", "Р": "P",
        "С": "C", "Т": "T", "Х": "X", "У": "Y", "І": "l", "Ј": "J", "Ѕ": "S", "Ӏ": "l",
        "З": "3", "Ь": "b",
        # Greek
        "α": "a", "ο": "o", "ρ": "p", "ν": "v", "ι": "i", "κ": "k", "υ": "u", "χ": "x",
        "ς": "s", "γ": "y", "τ": "t", "ω": "w",
        "Α": "A", "Β": "B", "Ε": "E", "Ζ": "Z", "Η": "H", "Ι": "l", "Κ": "K", "Μ": "M",
        "Ν": "N", "Ο": "O", "Ρ": "P", "Τ": "T", "Υ": "Y", "Χ": "X",
        # Latin drawn alike
        "I": "l", "1": "l", "|": "l", "0": "O", "ı": "i",
    }
)  # fmt: skip
_SEPARATORS = frozenset(_PUNCTUATION_ALLOWED)


def nickname_skeleton(nickname: str) -> str:
    """What a nickname looks like: two nicknames with one skeleton are too alike to tell apart
    in a class list (NFKC, every digit as an ASCII digit, look-alike letters as one, case
    folded, separators dropped)."""
    text = unicodedata.normalize("NFKC", nickname)
    text = "".join(
        str(unicodedata.decimal(ch)) if unicodedata.category(ch) == "Nd" else ch for ch in text
    )
    text = text.translate(_LIKE_LATIN).casefold().translate(_LIKE_LATIN)
    text = "".join(ch for ch in text if ch not in _SEPARATORS)
    return unicodedata.normalize("NFC", text.replace("rn", "m").replace("vv", "w"))


def nickname_is_abusive(nickname: str) -> bool:
    folded = _fold(nickname)
    squashed = "".join(ch for ch in folded if ch.isalpha() or unicodedata.category(ch) == "Mn")
    if any(word in squashed for word in _ANYWHERE_FOLDED):
        return True
    words = re.split(r"[^\w\u0E00-\u0E7F]+|_", folded)
    return any(word in _WHOLE_WORD_FOLDED for word in words)


def nickname_problem(nickname: str):
    """Why a (normalised) nickname cannot be used, as a translatable message; None when it can."""
    if not nickname:
        return _("Please type a nickname.")
    if len(nickname) < NICKNAME_MIN_LENGTH:
        return _("A nickname needs at least %(min)d characters.") % {"min": NICKNAME_MIN_LENGTH}
    if len(nickname) > NICKNAME_MAX_LENGTH:
        return _("A nickname can have at most %(max)d characters.") % {"max": NICKNAME_MAX_LENGTH}
    for ch in nickname:
        if ch in _PUNCTUATION_ALLOWED:
            continue
        if unicodedata.category(ch)[0] not in "LMN":
            return _("Use letters, numbers, spaces, dashes or dots only.")
    if not any(unicodedata.category(ch)[0] in "LN" for ch in nickname):
        return _("A nickname needs at least one letter or number.")
    if nickname_is_abusive(nickname):
        return _("Please choose a kinder nickname.")
    return None
