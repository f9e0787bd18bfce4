"""Words the app understands: common ways to say a hypothesis, per language, as builder fillings.

A student may write freely. When their words, tidied (`normalise`: case, accents, punctuation,
spaces and a leading "I think the rule is"), are one of the phrasings below, the table offers
the builder's sentence for it ("Did you mean: …?"); only the student's confirmation makes the
hypothesis checkable. The table is deterministic: a phrasing means one filling, in every
language the same ideas (`IDEAS`).

    >>> match("Alternate colours!")
    {'then': 'other-color', 'then-ref': 'last'}
    >>> match("colores alternos", "es")["then"]
    'other-color'
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Mapping

from eleusis.engine.rules.builder import BuilderError, build


def _f(*pairs: str) -> dict[str, str]:
    return dict(pair.split("=", 1) for pair in pairs)


# The ideas, each a builder filling.
IDEAS: dict[str, dict[str, str]] = {
    "alternate-colors": _f("then=other-color", "then-ref=last"),
    "same-color": _f("then=same", "then-prop=color", "then-ref=last"),
    "same-suit": _f("then=same", "then-prop=suit", "then-ref=last"),
    "same-rank": _f("then=same", "then-prop=rank", "then-ref=last"),
    "different-suit": _f("then=different", "then-prop=suit", "then-ref=last"),
    "different-rank": _f("then=different", "then-prop=rank", "then-ref=last"),
    "same-suit-or-rank": _f(
        "then=same",
        "then-prop=suit",
        "then-ref=last",
        "join=or",
        "then2=same",
        "then2-prop=rank",
        "then2-ref=last",
    ),
    "higher": _f("then=higher", "then-ref=last"),
    "lower": _f("then=lower", "then-ref=last"),
    "alternate-parity": _f("then=different", "then-prop=parity", "then-ref=last"),
    "alternate-half": _f("then=different", "then-prop=half", "then-ref=last"),
    "alternate-face": _f("then=different", "then-prop=face", "then-ref=last"),
    "red": _f("then=play", "then-what=red"),
    "black": _f("then=play", "then-what=black"),
    "hearts": _f("then=play", "then-what=hearts"),
    "odd": _f("then=play", "then-what=odd"),
    "even": _f("then=play", "then-what=even"),
    "face": _f("then=play", "then-what=face"),
    "no-face": _f("then=avoid", "then-what=face"),
    "prime": _f("then=play", "then-what=prime"),
    "one-up": _f("then=up", "then-n=1", "then-ref=last"),
    "one-up-or-down": _f("then=up-down", "then-ref=last"),
    "within-1": _f("then=within", "then-n=1", "then-ref=last"),
    "within-2": _f("then=within", "then-n=2", "then-ref=last"),
}

# Per language: phrasing -> idea. The phrasings are written as a student would type them; the
# keys are compared after `normalise`.
PHRASINGS: dict[str, dict[str, str]] = {
    "en": {
        "alternate colours": "alternate-colors",
        "alternate colors": "alternate-colors",
        "alternating colours": "alternate-colors",
        "colors alternate": "alternate-colors",
        "colours take turns": "alternate-colors",
        "red then black": "alternate-colors",
        "black then red": "alternate-colors",
        "red black red black": "alternate-colors",
        "red black red": "alternate-colors",
        "same suit": "same-suit",
        "same suit as the last card": "same-suit",
        "same colour": "same-color",
        "same color": "same-color",
        "same number": "same-rank",
        "same rank": "same-rank",
        "same suit or same number": "same-suit-or-rank",
        "same suit or same rank": "same-suit-or-rank",
        "different suit": "different-suit",
        "higher than the last": "higher",
        "higher than the last card": "higher",
        "bigger than the last one": "higher",
        "lower than the last": "lower",
        "lower than the last card": "lower",
        "odd even odd": "alternate-parity",
        "even odd even": "alternate-parity",
        "odd then even": "alternate-parity",
        "high low high": "alternate-half",
        "face card then number card": "alternate-face",
        "only red": "red",
        "only red cards": "red",
        "red cards only": "red",
        "only black cards": "black",
        "only hearts": "hearts",
        "only odd numbers": "odd",
        "only even numbers": "even",
        "only face cards": "face",
        "no face cards": "no-face",
        "prime numbers": "prime",
        "one up": "one-up",
        "the next number": "one-up",
        "one up or one down": "one-up-or-down",
        "one more or one less": "one-up-or-down",
        "within one": "within-1",
        "within 2 of the last": "within-2",
    },
    "es": {
        "colores alternos": "alternate-colors",
        "colores alternados": "alternate-colors",
        "alternar colores": "alternate-colors",
        "los colores se alternan": "alternate-colors",
        "rojo luego negro": "alternate-colors",
        "rojo y negro alternados": "alternate-colors",
        "rojo negro rojo": "alternate-colors",
        "negro rojo negro": "alternate-colors",
        "mismo palo": "same-suit",
        "el mismo palo": "same-suit",
        "del mismo palo que la anterior": "same-suit",
        "mismo color": "same-color",
        "el mismo color": "same-color",
        "mismo número": "same-rank",
        "mismo valor": "same-rank",
        "mismo palo o mismo número": "same-suit-or-rank",
        "palo distinto": "different-suit",
        "distinto palo": "different-suit",
        "más alta que la anterior": "higher",
        "mayor que la anterior": "higher",
        "más alto": "higher",
        "más baja que la anterior": "lower",
        "menor que la anterior": "lower",
        "impar par impar": "alternate-parity",
        "par impar par": "alternate-parity",
        "alternar pares e impares": "alternate-parity",
        "alta baja alta": "alternate-half",
        "figura número figura": "alternate-face",
        "solo rojas": "red",
        "solo cartas rojas": "red",
        "solo negras": "black",
        "solo corazones": "hearts",
        "solo impares": "odd",
        "solo pares": "even",
        "solo figuras": "face",
        "sin figuras": "no-face",
        "números primos": "prime",
        "uno más": "one-up",
        "el siguiente número": "one-up",
        "uno más o uno menos": "one-up-or-down",
        "a dos o menos de la anterior": "within-2",
    },
    "el": {
        "εναλλαγή χρωμάτων": "alternate-colors",
        "εναλλασσόμενα χρώματα": "alternate-colors",
        "τα χρώματα εναλλάσσονται": "alternate-colors",
        "κόκκινο μετά μαύρο": "alternate-colors",
        "μαύρο μετά κόκκινο": "alternate-colors",
        "κόκκινο μαύρο κόκκινο": "alternate-colors",
        "κόκκινο μαύρο κόκκινο μαύρο": "alternate-colors",
        "ίδια φυλή": "same-suit",
        "ίδιο σύμβολο": "same-suit",
        "ίδια φυλή με την προηγούμενη": "same-suit",
        "ίδιο χρώμα": "same-color",
        "ίδιος αριθμός": "same-rank",
        "ίδια αξία": "same-rank",
        "ίδια φυλή ή ίδιος αριθμός": "same-suit-or-rank",
        "διαφορετική φυλή": "different-suit",
        "μεγαλύτερο από το προηγούμενο": "higher",
        "μεγαλύτερη από την προηγούμενη": "higher",
        "πιο ψηλό": "higher",
        "μικρότερο από το προηγούμενο": "lower",
        "μικρότερη από την προηγούμενη": "lower",
        "μονό ζυγό μονό": "alternate-parity",
        "ζυγό μονό ζυγό": "alternate-parity",
        "μονά και ζυγά εναλλάξ": "alternate-parity",
        "ψηλό χαμηλό ψηλό": "alternate-half",
        "φιγούρα αριθμός φιγούρα": "alternate-face",
        "μόνο κόκκινα": "red",
        "μόνο κόκκινες": "red",
        "μόνο μαύρα": "black",
        "μόνο κούπες": "hearts",
        "μόνο μονά": "odd",
        "μόνο ζυγά": "even",
        "μόνο φιγούρες": "face",
        "χωρίς φιγούρες": "no-face",
        "πρώτοι αριθμοί": "prime",
        "ένα πάνω": "one-up",
        "ο επόμενος αριθμός": "one-up",
        "ένα πάνω ή ένα κάτω": "one-up-or-down",
        "ένα παραπάνω ή ένα λιγότερο": "one-up-or-down",
    },
    "ru": {
        "чередование цветов": "alternate-colors",
        "цвета чередуются": "alternate-colors",
        "чередовать цвета": "alternate-colors",
        "красная потом черная": "alternate-colors",
        "черная потом красная": "alternate-colors",
        "красная черная красная": "alternate-colors",
        "красный черный красный": "alternate-colors",
        "та же масть": "same-suit",
        "такая же масть": "same-suit",
        "одна масть": "same-suit",
        "та же масть что и у предыдущей": "same-suit",
        "тот же цвет": "same-color",
        "такой же цвет": "same-color",
        "то же достоинство": "same-rank",
        "то же число": "same-rank",
        "та же масть или то же достоинство": "same-suit-or-rank",
        "другая масть": "different-suit",
        "выше предыдущей": "higher",
        "старше предыдущей": "higher",
        "больше предыдущей": "higher",
        "ниже предыдущей": "lower",
        "младше предыдущей": "lower",
        "меньше предыдущей": "lower",
        "нечет чет нечет": "alternate-parity",
        "чет нечет чет": "alternate-parity",
        "нечетная четная нечетная": "alternate-parity",
        "высокая низкая высокая": "alternate-half",
        "картинка число картинка": "alternate-face",
        "только красные": "red",
        "только черные": "black",
        "только червы": "hearts",
        "только нечетные": "odd",
        "только четные": "even",
        "только картинки": "face",
        "без картинок": "no-face",
        "простые числа": "prime",
        "на одну выше": "one-up",
        "следующее число": "one-up",
        "на одну выше или ниже": "one-up-or-down",
    },
    "th": {
        "สลับสี": "alternate-colors",
        "สีสลับกัน": "alternate-colors",
        "แดงแล้วดำ": "alternate-colors",
        "ดำแล้วแดง": "alternate-colors",
        "แดง ดำ แดง": "alternate-colors",
        "แดง ดำ แดง ดำ": "alternate-colors",
        "ดอกเดียวกัน": "same-suit",
        "ดอกเหมือนกัน": "same-suit",
        "ดอกเดียวกับใบก่อน": "same-suit",
        "สีเดียวกัน": "same-color",
        "สีเหมือนกัน": "same-color",
        "แต้มเดียวกัน": "same-rank",
        "เลขเดียวกัน": "same-rank",
        "ดอกเดียวกันหรือเลขเดียวกัน": "same-suit-or-rank",
        "ดอกต่างกัน": "different-suit",
        "สูงกว่าใบก่อน": "higher",
        "มากกว่าใบก่อน": "higher",
        "ใหญ่กว่าใบก่อน": "higher",
        "ต่ำกว่าใบก่อน": "lower",
        "น้อยกว่าใบก่อน": "lower",
        "คี่ คู่ คี่": "alternate-parity",
        "คู่ คี่ คู่": "alternate-parity",
        "สลับคู่คี่": "alternate-parity",
        "สูง ต่ำ สูง": "alternate-half",
        "ไพ่หน้าคนสลับกับไพ่ตัวเลข": "alternate-face",
        "แดงเท่านั้น": "red",
        "เฉพาะสีแดง": "red",
        "ดำเท่านั้น": "black",
        "โพแดงเท่านั้น": "hearts",
        "คี่เท่านั้น": "odd",
        "คู่เท่านั้น": "even",
        "ไพ่หน้าคนเท่านั้น": "face",
        "ไม่มีไพ่หน้าคน": "no-face",
        "จำนวนเฉพาะ": "prime",
        "เพิ่มทีละหนึ่ง": "one-up",
        "เลขถัดไป": "one-up",
        "บวกหรือลบหนึ่ง": "one-up-or-down",
    },
}

# Words before the hypothesis itself that change nothing ("I think the rule is …").
_LEADS: dict[str, tuple[str, ...]] = {
    "en": ("i think the rule is", "the rule is", "i think it is", "i think", "maybe", "it is",
           "its", "rule"),
    "es": ("creo que la regla es", "la regla es", "creo que es", "creo que", "quizás", "tal vez",
           "regla"),
    "el": ("νομίζω ότι ο κανόνας είναι", "ο κανόνας είναι", "νομίζω ότι", "νομίζω", "ίσως",
           "κανόνας"),
    "ru": ("я думаю правило", "правило такое", "правило", "я думаю", "думаю", "может быть",
           "наверное"),
    "th": ("กฎคือ", "ฉันคิดว่า", "คิดว่า", "น่าจะ"),
}  # fmt: skip

_THAI = re.compile(r"[\u0e00-\u0e7f]")


def normalise(text: str) -> str:
    """Lower case, no accents (but Thai keeps its marks), no punctuation, no spaces."""
    decomposed = unicodedata.normalize("NFKD", text.casefold())
    kept = "".join(
        ch
        for ch in decomposed
        if unicodedata.category(ch)[0] in "LN"
        or (unicodedata.category(ch)[0] == "M" and _THAI.match(ch))
    )
    return unicodedata.normalize("NFC", kept)


def _strip_leads(key: str) -> list[str]:
    """The key, and the key without a leading "the rule is" in any language."""
    out = [key]
    for leads in _LEADS.values():
        for lead in leads:
            lead_key = normalise(lead)
            if key.startswith(lead_key) and len(key) > len(lead_key):
                out.append(key[len(lead_key) :])
    return out


def _table() -> dict[str, dict[str, str]]:
    return {
        language: {normalise(phrase): idea for phrase, idea in phrasings.items()}
        for language, phrasings in PHRASINGS.items()
    }


_TABLE = _table()


def match(text: str, language: str = "en") -> dict[str, str] | None:
    """The builder filling the words say, if they are a phrasing the app knows: the student's
    language first, then the others (a Spanish student may write in English). None when no
    phrasing fits: the words stay free text."""
    if not text or len(text) > 200:
        return None
    order = [language.split("-")[0], *(lang for lang in PHRASINGS if lang != language)]
    for key in _strip_leads(normalise(text)):
        for lang in order:
            idea = _TABLE.get(lang, {}).get(key)
            if idea is not None:
                return dict(IDEAS[idea])
    return None


def checked() -> Mapping[str, str]:
    """Every idea's rule text (each filling built, so checked): for the tests and the docs."""
    out = {}
    for idea, filling in IDEAS.items():
        try:
            out[idea] = build(filling).text
        except BuilderError as error:  # pragma: no cover - the tests keep every idea buildable
            raise AssertionError(f"idea {idea}: {error}") from None
    return out
