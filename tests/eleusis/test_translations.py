"""Translations: the student's key strings exist in every language, the pages use them, and the
catalogs are sound (compiled, nothing fuzzy, every placeholder and tag kept)."""

import ast
import gettext as gettext_module
import re
import shutil
import subprocess
from pathlib import Path

import pytest
from django.conf import settings
from django.test import Client
from django.urls import reverse
from django.utils import translation
from django.utils.translation import gettext, ngettext

from classroom.access import STUDENT_SESSION_KEY
from classroom.templatetags.play_tags import card_label
from eleusis.engine.cards import Card, Suit
from tests.factories import live_table

LANGUAGES = ["es", "el", "ru", "th"]
LOCALE = Path(settings.BASE_DIR) / "locale"

# What a child sees first: the table, the buttons, the verdicts, the sign-in steps.
KEY_STUDENT_STRINGS = [
    "Your turn!",
    "The table",
    "Your hand",
    "Mainline",
    "No play",
    "Guess the rule",
    "My hypothesis: the rule is…",
    "My prediction",
    "Right! Your card joins the mainline.",
    "Wrong: your card goes below the mainline and you draw a card.",
    "You are the dealer",
    "Join a class",
    "Sign in with your pictures",
    "Step 1 of 3: type your class code.",
    "Please choose a kinder nickname.",
    "cat",
]

# The heading of the student's table page, as each language says it.
TABLE_HEADING = {"es": "La mesa", "el": "Το τραπέζι", "ru": "Стол", "th": "โต๊ะ"}
QUEEN_OF_DIAMONDS = {
    "es": "reina de diamantes",
    "el": "ντάμα καρό",
    "ru": "дама бубен",
    "th": "ควีน ข้าวหลามตัด",
}


@pytest.mark.parametrize("language", LANGUAGES)
def test_key_student_strings_are_translated(language):
    with translation.override(language):
        for text in KEY_STUDENT_STRINGS:
            assert gettext(text) != text, f"{language}: {text!r} is not translated"


@pytest.mark.parametrize("language", LANGUAGES)
def test_card_names_are_translated(language):
    with translation.override(language):
        assert card_label(Card(12, Suit.DIAMONDS)) == QUEEN_OF_DIAMONDS[language]


def test_russian_has_three_plural_forms():
    with translation.override("ru"):
        forms = {
            n: ngettext("%(counter)s student", "%(counter)s students", n) % {"counter": n}
            for n in (1, 3, 5, 11, 12, 21, 22, 25)
        }
    assert forms == {
        1: "1 ученик",
        3: "3 ученика",
        5: "5 учеников",
        11: "11 учеников",
        12: "12 учеников",
        21: "21 ученик",
        22: "22 ученика",
        25: "25 учеников",
    }


def _student_client(student, **defaults) -> Client:
    client = Client(**defaults)
    session = client.session
    session[STUDENT_SESSION_KEY] = student.pk
    session.save()
    return client


@pytest.mark.django_db
@pytest.mark.parametrize("language", LANGUAGES)
def test_the_table_page_follows_accept_language(language):
    table, seats = live_table()
    client = _student_client(seats[1].student, HTTP_ACCEPT_LANGUAGE=language)

    page = client.get(reverse("classroom:table", args=[table.pk])).content.decode()

    assert f'<html lang="{language}"' in page
    assert TABLE_HEADING[language] in page
    assert ">The table<" not in page


@pytest.mark.django_db
@pytest.mark.parametrize("language", LANGUAGES)
def test_the_table_page_follows_the_language_cookie(language):
    table, seats = live_table()
    client = _student_client(seats[1].student, HTTP_ACCEPT_LANGUAGE="en")
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = language

    page = client.get(reverse("classroom:table", args=[table.pk])).content.decode()

    assert TABLE_HEADING[language] in page
    with translation.override(language):
        assert gettext("Mainline") in page


# The catalogs ---------------------------------------------------------------------------------

PLACEHOLDER = re.compile(r"%(?:\([^)]+\))?[#0\- +]*\d*(?:\.\d+)?[diouxXeEfFgGcrs%]")
TAG = re.compile(r"</?[a-zA-Z][^>]*>")
ENTITY = re.compile(r"&[#a-zA-Z0-9]+;")


def _po_entries(path: Path) -> list[dict]:
    """The entries of a .po file: flags, msgid, msgid_plural and msgstr (or msgstr[n])."""
    entries, entry, field = [], None, None

    def finish():
        if entry is not None and "msgid" in entry:
            entries.append(entry)

    for raw in path.read_text(encoding="utf-8").splitlines():
        line = raw.strip()
        if not line or line.startswith("#~"):
            continue
        if line.startswith("#,"):
            finish()
            entry, field = {"flags": {f.strip() for f in line[2:].split(",")}}, None
        elif line.startswith("#"):
            continue
        elif line.startswith('"'):
            entry[field] += ast.literal_eval(line)
        else:
            keyword, _, value = line.partition(" ")
            # A new entry starts at its msgctxt, or at its msgid when it has no context (then the
            # entry so far, which may have had a context, already has its msgid).
            starts = keyword in ("msgctxt", "msgid")
            if starts and (entry is None or "msgid" in entry):
                finish()
                entry = {"flags": set()}
            entry = entry if entry is not None else {"flags": set()}
            field = keyword
            entry[field] = ast.literal_eval(value)
    finish()
    return entries


def _translations(entry: dict) -> list[str]:
    return [value for key, value in entry.items() if key.startswith("msgstr")]


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_catalog_has_a_sound_header_and_nothing_fuzzy(language):
    entries = _po_entries(LOCALE / language / "LC_MESSAGES" / "django.po")
    header = entries[0]
    assert header["msgid"] == ""
    assert "fuzzy" not in header["flags"]
    assert "charset=UTF-8" in header["msgstr"]
    nplurals = {"es": 2, "el": 2, "ru": 3, "th": 1}[language]
    assert f"nplurals={nplurals};" in header["msgstr"]
    fuzzy = [e["msgid"] for e in entries if "fuzzy" in e["flags"]]
    assert fuzzy == []


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_translation_keeps_its_placeholders_tags_and_entities(language):
    entries = _po_entries(LOCALE / language / "LC_MESSAGES" / "django.po")[1:]
    problems = []
    for entry in entries:
        for text in _translations(entry):
            if not text:
                continue
            for source in filter(None, [entry["msgid"], entry.get("msgid_plural")]):
                if "python-format" in entry["flags"] or "msgid_plural" in entry:
                    names = sorted(PLACEHOLDER.findall(source))
                    # A singular may leave out the number ("one student" rather than "1").
                    if sorted(PLACEHOLDER.findall(text)) == names:
                        break
                else:
                    break
            else:
                problems.append(("placeholders", entry["msgid"], text))
            if sorted(TAG.findall(text)) != sorted(TAG.findall(entry["msgid"])):
                problems.append(("tags", entry["msgid"], text))
            if sorted(ENTITY.findall(text)) != sorted(ENTITY.findall(entry["msgid"])):
                problems.append(("entities", entry["msgid"], text))
    assert problems == []


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_committed_mo_file_matches_the_po_file(language):
    """The .mo files are committed (a fresh laptop may have no gettext): they must be current."""
    folder = LOCALE / language / "LC_MESSAGES"
    with open(folder / "django.mo", "rb") as mo:
        catalog = gettext_module.GNUTranslations(mo)._catalog
    for entry in _po_entries(folder / "django.po")[1:]:
        if "msgctxt" in entry:  # gettext keys a message with a context as "context\x04msgid"
            entry = {**entry, "msgid": f"{entry['msgctxt']}\x04{entry['msgid']}"}
        if "msgid_plural" in entry:
            forms = sorted(k for k in entry if k.startswith("msgstr["))
            if all(entry[k] for k in forms):
                for n, key in enumerate(forms):
                    assert catalog.get((entry["msgid"], n)) == entry[key], entry["msgid"]
        elif entry.get("msgstr"):
            assert catalog.get(entry["msgid"]) == entry["msgstr"], entry["msgid"]


@pytest.mark.parametrize("language", LANGUAGES)
def test_msgfmt_checks_the_catalog(language):
    msgfmt = shutil.which("msgfmt")
    if msgfmt is None:
        pytest.skip("GNU gettext's msgfmt is not installed; the Python checks above still ran")
    result = subprocess.run(
        [
            msgfmt,
            "--check-format",
            "--check-header",
            "--check-domain",
            "-o",
            "/dev/null",
            str(LOCALE / language / "LC_MESSAGES" / "django.po"),
        ],
        capture_output=True,
        text=True,
        check=False,
    )
    assert result.returncode == 0, result.stderr
    assert "fuzzy" not in result.stderr
