"""No English reaches a child or a teacher who chose another language: every page of the main
flows, rendered in es, el, ru and th, has no English words outside an element marked lang="en"
(where text is not translated yet it must say so, for screen readers and translators alike).

English is recognised by the words of the app's own English strings (the catalog's msgids):
two or more of them in one text, or one longer word, outside lang="en", in text or in the
attributes a person hears or sees (aria-label, title, alt, placeholder, data-say). The class's
own words (nicknames, titles, hypotheses) are not English here, and code (the rule language,
in <code>, <pre>) is left out: it is code, not prose."""

import re
from html.parser import HTMLParser
from pathlib import Path

import pytest
from django.conf import settings
from django.test import Client

from classroom.access import STUDENT_SESSION_KEY
from tests.browser import scene as class_scene
from tests.eleusis.test_translations import _po_entries

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


@pytest.mark.parametrize("language", LANGUAGES)
def test_no_english_outside_lang_en_on_any_page(language):
    scene = class_scene.build(english=False)
    words = _english_words(language)
    found = []
    for name, who, path in class_scene.pages(scene):
        response = _client(scene, who, language).get(path)
        assert response.status_code == 200, (name, response.status_code)
        page = response.content.decode()
        assert f'<html lang="{language}"' in page
        parser = _English(words)
        parser.feed(page)
        found += [(name, where, text) for where, text in parser.found]
    assert not found, f"{len(found)} English texts:\n" + "\n".join(map(str, found))
