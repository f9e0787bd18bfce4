"""One form of "you" in Thai for the students (issue 36, point 6): every string a student reads
says เธอ, as the game pages did in part; คุณ (the form for adults) had crept into half of them.
The teachers' pages keep คุณ. คุณครู ("teacher") and words such as คุณสมบัติ ("property") are not
the pronoun."""

from __future__ import annotations

import re
from pathlib import Path

from django.utils import translation

ROOT = Path(__file__).resolve().parents[2]
STUDENT_SOURCES = (
    *sorted((ROOT / "templates/classroom/play").glob("*.html")),
    *(
        ROOT / "templates/classroom" / name
        for name in (
            "join.html",
            "signin.html",
            "signin_pick.html",
            "signin_pictures.html",
            "student_home.html",
            "throttled.html",
        )
    ),
    *sorted((ROOT / "classroom/views/play").glob("*.py")),
    *(
        ROOT / "classroom" / name
        for name in (
            "move_words.py",
            "refusals.py",
            "game_forms.py",
            "templatetags/play_tags.py",
            "views/students.py",
        )
    ),
)
PRONOUN = re.compile(r"คุณ(?!ครู|สมบัติ|ภาพ|ค่า)")
_CALL = re.compile(r"""(?:\b_|gettext|gettext_lazy)\(\s*((?:"[^"\n]*"\s*)+)\)""")
_TAG = re.compile(r'{%\s*translate\s+"([^"]+)"')
_BLOCK = re.compile(r"{%\s*blocktranslate([^%]*)%}(.*?){%\s*endblocktranslate\s*%}", re.S)
_VARIABLE = re.compile(r"{{\s*(\w+)\s*}}")


def _student_msgids() -> set[str]:
    found: set[str] = set()
    for path in STUDENT_SOURCES:
        text = path.read_text(encoding="utf-8")
        for literals in _CALL.findall(text):
            found.add("".join(re.findall(r'"([^"]*)"', literals)))
        found.update(_TAG.findall(text))
        for options, body in _BLOCK.findall(text):
            if "trimmed" in options:
                body = " ".join(line.strip() for line in body.splitlines() if line.strip())
            found.add(_VARIABLE.sub(r"%(\1)s", body))
    return found


def test_student_strings_say_thoe_in_thai():
    msgids = _student_msgids()
    with translation.override("th"):
        translated = {msgid: translation.gettext(msgid) for msgid in msgids}
    assert sum(text != msgid for msgid, text in translated.items()) > 150
    assert {msgid: text for msgid, text in translated.items() if PRONOUN.search(text)} == {}
