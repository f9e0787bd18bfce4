"""Line breaking never cuts inside a word (issue 36 point 4): on the main pages of every game, in
every language, at 1100 px and at 320 px, each word of the rendered text stays on one line.

Measured from the rendered text, not from the CSS: each text node is split into words by the
browser's own word segmenter for the page's language (`Intl.Segmenter`, dictionary based for
Thai, which writes no spaces), and a word whose Range has boxes on two lines is cut. Codes meant
to break anywhere (a login link, an address) are left out."""

import pytest
from django.conf import settings
from django.urls import reverse

from tests.browser import scene as class_scene
from tests.browser.marks import SLOW
from tests.browser.signed_in import student_session_key

pytestmark = SLOW

# Words whose Range spans two lines: [word, the element's tag and class, the lines' tops].
CUT_WORDS = """(language) => {
  const segmenter = new Intl.Segmenter(language, {granularity: "word"});
  const skip = "script, style, pre, code, svg, [hidden], .login-card-link, .projector-url, .url";
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  const cuts = [];
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const parent = node.parentElement;
    if (!parent || parent.closest(skip) || !node.data.trim()) continue;
    if (!parent.getClientRects().length) continue;
    for (const part of segmenter.segment(node.data)) {
      if (!part.isWordLike || part.segment.length < 2) continue;
      const range = document.createRange();
      range.setStart(node, part.index);
      range.setEnd(node, part.index + part.segment.length);
      const tops = new Set();
      for (const box of range.getClientRects()) {
        if (box.width > 0) tops.add(Math.round(box.top / 4));
      }
      if (tops.size > 1) {
        cuts.push(part.segment + " in " + parent.tagName.toLowerCase() + "." + parent.className);
      }
    }
  }
  return cuts;
}"""


@pytest.fixture
def pages(db):
    """The main pages of the class scene, plus a table of each game played in turns."""
    from tests.browser.turns import finished_session
    from tests.factories import ClassroomFactory

    scene = class_scene.build()
    found: list = list(class_scene.pages(scene))
    for variant in ("abbott", "russian"):
        classroom = ClassroomFactory(teacher=scene.teacher)
        session, round_row = finished_session(classroom, variant, title=variant.title())
        table = round_row.table
        student = table.seats.select_related("student").order_by("position").first().student
        found.append((f"{variant} table", student, reverse("classroom:table", args=[table.pk])))
        review = reverse("classroom:review_session", args=[session.pk])
        found.append((f"{variant} review", "teacher", review))
    return scene, found


def _cuts(browser, live_server, scene, who, path, *, width, language):
    context = browser.new_context(
        base_url=live_server.url, viewport={"width": width, "height": 800}, locale=language
    )
    cookies = [{"name": "django_language", "value": language, "url": live_server.url}]
    if isinstance(who, str):
        cookie = class_scene.cookie_for(scene, who, live_server.url)
    else:  # a student of another class
        cookie = {"name": settings.SESSION_COOKIE_NAME, "value": student_session_key(who)}
        cookie["url"] = live_server.url
    if cookie:
        cookies.append(cookie)
    context.add_cookies(cookies)
    page = context.new_page()
    try:
        page.goto(path)
        return page.evaluate(CUT_WORDS, language)
    finally:
        context.close()


@pytest.mark.parametrize("width", [1100, 320])
def test_no_word_is_cut_mid_letter(browser, live_server, pages, width):
    scene, found = pages
    cut = []
    for name, who, path in found:
        for language, _name in settings.LANGUAGES:
            words = _cuts(browser, live_server, scene, who, path, width=width, language=language)
            if words:
                cut.append(f"{name} [{language}]: {len(words)} cut: {words[:4]}")
    assert not cut, "\n".join(cut)
