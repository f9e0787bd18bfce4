"""No English reaches a child or a teacher who chose another language: every page of the main
flows, rendered in es, el, ru and th, has no English words outside an element marked lang="en"
(where text is not translated yet it must say so, for screen readers and translators alike).

English is recognised by the words of the app's own English strings (the catalog's msgids):
two or more of them in one text, or one longer word, outside lang="en", in text or in the
attributes a person hears or sees (aria-label, title, alt, placeholder, data-say). The class's
own words (nicknames, titles, hypotheses) are not English here, and code (the rule language,
in <code>, <pre>) is left out: it is code, not prose.

The main flows' pages come from tests/browser/scene.py; the pages a class reaches after them
(how to play, the Delphi review and replay, one student's review, Abbott/Howell and Russian
tables, their live views, an Abbott/Howell review and replay) are built here on the same scene."""

import re
from html.parser import HTMLParser
from pathlib import Path

import pytest
from django.conf import settings
from django.test import Client
from django.urls import reverse
from django.utils import translation
from django.utils.translation import gettext

from classroom.access import STUDENT_SESSION_KEY
from classroom.selectors.games import current_round
from classroom.services.delphi import delphi_predict, delphi_reveal
from classroom.services.review import round_insight_compute
from classroom.services.rounds import HypothesisInput, engine_round, round_act
from eleusis.engine.variants import End, PlayString
from tests.browser import scene as class_scene
from tests.browser.scene import WORDS
from tests.eleusis.test_translations import _po_entries
from tests.factories import ALTERNATE_COLORS, bot_table

pytestmark = pytest.mark.django_db

LANGUAGES = ["es", "el", "ru", "th"]
LOCALE = Path(settings.BASE_DIR) / "locale"
WORD = re.compile(r"[A-Za-z][A-Za-z'’]+")
SPOKEN = ("aria-label", "title", "alt", "placeholder", "data-say")
VOID = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "wbr"}
SKIP = {"script", "style", "code", "pre", "template", "svg"}


def _english_words(language):
    """Words of the app's English strings that the language's own translations never use."""
    english, theirs = set(), set()
    for entry in _po_entries(LOCALE / language / "LC_MESSAGES" / "django.po")[1:]:
        for source in filter(None, [entry["msgid"], entry.get("msgid_plural")]):
            source = re.sub(r"%\([^)]+\)s|\{[^}]+\}|<[^>]+>", " ", source)
            english.update(w.lower() for w in WORD.findall(source) if len(w) >= 3)
        for key, value in entry.items():
            if key.startswith("msgstr"):
                theirs.update(w.lower() for w in WORD.findall(value))
    return english - theirs - {"eleusis", "delphi", "openmoji", "csv", "golden", "express"}


class _English(HTMLParser):
    def __init__(self, words):
        super().__init__(convert_charrefs=True)
        self.words, self.stack, self.found = words, [], []

    def _marked(self):
        return any(lang == "en" or tag in SKIP for tag, lang in self.stack)

    def _check(self, text, where):
        found = [w for w in WORD.findall(text) if w.lower() in self.words]
        if len(found) >= 2 or any(len(w) >= 7 for w in found):
            self.found.append((where, " ".join(text.split())[:120]))

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        lang = attrs.get("lang")
        if lang is None and self.stack:
            lang = self.stack[-1][1]
        if tag not in VOID:
            self.stack.append((tag, lang))
        if lang != "en" and not self._marked():
            for name in SPOKEN:
                if attrs.get(name):
                    self._check(attrs[name], f"{tag}[{name}]")
            if tag == "input" and attrs.get("type") in ("submit", "button") and attrs.get("value"):
                self._check(attrs["value"], "input[value]")

    def handle_startendtag(self, tag, attrs):
        self.handle_starttag(tag, attrs)
        if tag not in VOID and self.stack:
            self.stack.pop()

    def handle_endtag(self, tag):
        for index in range(len(self.stack) - 1, -1, -1):
            if self.stack[index][0] == tag:
                del self.stack[index:]
                break

    def handle_data(self, data):
        if data.strip() and not self._marked():
            self._check(data, self.stack[-1][0] if self.stack else "text")


def _client(scene, who, language):
    client = Client(HTTP_ACCEPT_LANGUAGE=language)
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = language
    if who == "teacher":
        client.force_login(scene.teacher)
    elif who != "anonymous":
        student = next(s for s in scene.students if s.nickname == who)
        session = client.session
        session[STUDENT_SESSION_KEY] = student.pk
        session.save()
    return client


def _english_on(scene, pages, language):
    words = _english_words(language)
    found = []
    for name, who, path in pages:
        response = _client(scene, who, language).get(path)
        assert response.status_code == 200, (name, response.status_code)
        page = response.content.decode()
        assert f'<html lang="{language}"' in page
        parser = _English(words)
        parser.feed(page)
        found += [(name, where, text) for where, text in parser.found]
    return found


@pytest.mark.parametrize("language", LANGUAGES)
def test_no_english_outside_lang_en_on_any_page(language):
    scene = class_scene.build(english=False)
    found = _english_on(scene, class_scene.pages(scene), language)
    assert not found, f"{len(found)} English texts:\n" + "\n".join(map(str, found))


def _bot_table(scene, variant, bots, title):
    """A started table of `variant`: the scene's first student and `bots` bots, who have played
    up to the student's turn (or the student's verdict as prophet)."""
    _, table, _ = bot_table(
        variant=variant,
        rule_text=ALTERNATE_COLORS,
        bots=bots,
        classroom=scene.classroom,
        title=title,
        student=scene.students[0],
    )
    return table


def _delphi_played_and_over(scene, cards=4):
    """The scene's Delphi table: the class predicts a few cards (some right, some wrong; on the
    last one a student shows no token and the teacher places it), then the teacher ends the
    round, so the Delphi review has data."""
    table = scene.delphi
    for number in range(cards):
        round_row = current_round(table=table)
        engine = engine_round(round_row)
        card = engine.state.current
        fits = engine.judge(engine.state.history, card)
        last = number == cards - 1
        for seat in scene.delphi_seats[:-1] if last else scene.delphi_seats:
            value = fits if seat.position % 2 == 0 else not fits
            delphi_predict(round_id=round_row.pk, seat=seat, card=card, value=value)
        if last:
            delphi_reveal(round_id=round_row.pk, card=card)
    round_act(round_id=current_round(table=table).pk, action=End("time is up"))


def other_pages(scene):
    """(name, who, path) for the pages beyond the main flows, built on `scene`."""
    _delphi_played_and_over(scene)
    delphi_round = current_round(table=scene.delphi)
    abbott = _bot_table(scene, "abbott", 3, "Eleusis 6")
    russian = _bot_table(scene, "russian", 2, "Eleusis 7")
    abbott_over = _bot_table(scene, "abbott", 3, "Eleusis 8")
    abbott_round = current_round(table=abbott_over)
    # The student plays a string of two cards, with a hypothesis and a prediction, before time
    # is up: their page of the review lists it.
    abbott_seat = abbott_over.seats.get(student=scene.students[0])
    player = abbott_round.player_of(abbott_seat.position)
    hand = engine_round(abbott_round).state.hands[player]
    hypothesis = WORDS[False]["hypothesis"]
    string = PlayString(player, tuple(hand[:2]), hypothesis=hypothesis, prediction=True)
    round_act(
        round_id=abbott_round.pk,
        action=string,
        seat=abbott_seat,
        hypothesis=HypothesisInput(text=hypothesis),
    )
    round_act(round_id=abbott_round.pk, action=End("time is up"))
    finished_session = scene.finished.session
    round_insight_compute(round_id=scene.finished.rounds.get().pk)  # the student's timeline
    student_seat = scene.finished.seats.get(student=scene.students[0])
    first = scene.students[0].nickname
    delphi_session = scene.delphi.session
    return [
        ("how to play", "anonymous", reverse("lessons:how_to_play")),
        ("how to play (teacher)", "teacher", reverse("lessons:how_to_play")),
        ("rule-making card", "teacher", reverse("lessons:print_guidelines")),
        ("Delphi review", "teacher", reverse("classroom:review_session", args=[delphi_session.pk])),
        (
            "Delphi replay",
            "teacher",
            reverse("classroom:review_replay", args=[delphi_session.pk, delphi_round.pk])
            + "?step=2",
        ),
        ("Delphi (round over)", first, reverse("classroom:table", args=[scene.delphi.pk])),
        (
            "student's review",
            "teacher",
            reverse("classroom:review_student", args=[finished_session.pk, student_seat.pk]),
        ),
        ("Abbott/Howell table", first, reverse("classroom:table", args=[abbott.pk])),
        (
            "Abbott/Howell live view",
            "teacher",
            reverse("classroom:session_live", args=[abbott.session.pk]),
        ),
        (
            "Abbott/Howell review",
            "teacher",
            reverse("classroom:review_session", args=[abbott_over.session.pk]),
        ),
        (
            "Abbott/Howell student's review",
            "teacher",
            reverse("classroom:review_student", args=[abbott_over.session.pk, abbott_seat.pk]),
        ),
        (
            "Abbott/Howell replay",
            "teacher",
            reverse("classroom:review_replay", args=[abbott_over.session.pk, abbott_round.pk])
            + "?step=2",
        ),
        ("Russian table", first, reverse("classroom:table", args=[russian.pk])),
        (
            "Russian live view",
            "teacher",
            reverse("classroom:session_live", args=[russian.session.pk]),
        ),
    ]


@pytest.mark.parametrize("language", LANGUAGES)
def test_no_english_on_how_to_play_the_reviews_and_the_abbott_and_russian_pages(language):
    scene = class_scene.build(english=False)
    pages = other_pages(scene)
    found = _english_on(scene, pages, language)
    assert not found, f"{len(found)} English texts:\n" + "\n".join(map(str, found))
    # The pages hold what they are for (so a page emptied by an error cannot pass).
    with translation.override(language):
        expected = {
            "how to play": gettext("Guessing the rule"),
            "Delphi review": gettext("The class's predictions, card by card"),
            "Delphi replay": gettext("The class's tokens"),
            "student's review": gettext("Candidate rules left"),
            "Abbott/Howell table": gettext("Role"),
            "Russian table": gettext("Wrong cards in front"),
            "Abbott/Howell review": gettext("Measures that do not apply to this game"),
            "Abbott/Howell student's review": gettext("predicted “accepted”"),
        }
    for name, who, path in pages:
        if name in expected:
            page = _client(scene, who, language).get(path).content.decode()
            assert expected[name] in page, (name, expected[name])


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_library_shows_every_rule_in_the_language_with_nothing_left_in_english(language):
    """The library's seed texts, the app's readings, the explanations and the warnings are all
    translated: no element of the page needs lang="en" any more (but the language menu's own
    "English")."""
    scene = class_scene.build(english=False)
    page = _client(scene, "teacher", language).get(reverse("lessons:library")).content.decode()
    page = re.sub(r'<option value="en" lang="en"[^>]*>English</option>', "", page)
    assert 'lang="en"' not in page
    with translation.override(language):
        quote = gettext("A teaching rule: red after black and black after red.")
    assert quote != "A teaching rule: red after black and black after red."
    assert quote in page
