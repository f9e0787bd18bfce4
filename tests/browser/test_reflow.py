"""Reflow (WCAG 1.4.10): every page of the main flows fits a 320 px wide screen with no
horizontal scrolling, and a 1280 px window at 200 % zoom (640 CSS px) in every language.
Wide content that needs two dimensions (the mainline of cards, a data table) scrolls inside its
own box, never the page."""

import pytest
from django.conf import settings

from tests.browser import scene as class_scene
from tests.browser.marks import SLOW

pytestmark = SLOW

# How far the page reaches beyond the window: 0 when nothing scrolls sideways.
OVERFLOW = """() => {
  const width = document.documentElement.clientWidth;
  const over = document.documentElement.scrollWidth - width;
  const culprits = [];
  if (over > 0) {
    for (const el of document.querySelectorAll("body *")) {
      const box = el.getBoundingClientRect();
      if (box.right > width + 1 && box.width > 0) {
        let inside = false;
        for (let p = el.parentElement; p; p = p.parentElement) {
          const style = getComputedStyle(p);
          if (["auto", "scroll", "hidden"].includes(style.overflowX) && p !== document.body
              && p !== document.documentElement) { inside = true; break; }
        }
        if (!inside) culprits.push(el.tagName + "." + el.className + " " + Math.round(box.right));
      }
    }
  }
  return {over, culprits: culprits.slice(0, 5)};
}"""


@pytest.fixture
def scene(db):
    return class_scene.build()


def _visit(browser, live_server, scene, who, path, *, width, language="en"):
    context = browser.new_context(
        base_url=live_server.url, viewport={"width": width, "height": 700}, locale=language
    )
    cookies = [{"name": "django_language", "value": language, "url": live_server.url}]
    cookie = class_scene.cookie_for(scene, who, live_server.url)
    if cookie:
        cookies.append(cookie)
    context.add_cookies(cookies)
    page = context.new_page()
    page.goto(path)
    return context, page


def _overflows(browser, live_server, scene, *, width, languages):
    found = []
    for name, who, path in class_scene.pages(scene):
        for language in languages:
            context, page = _visit(
                browser, live_server, scene, who, path, width=width, language=language
            )
            try:
                result = page.evaluate(OVERFLOW)
                if result["over"] > 0:
                    found.append((name, language, result["over"], result["culprits"]))
            finally:
                context.close()
    return found


def test_every_page_reflows_at_320_px(browser, live_server, scene):
    found = _overflows(browser, live_server, scene, width=320, languages=["en"])
    assert not found, "\n".join(map(str, found))


def test_every_page_fits_200_percent_zoom_in_every_language(browser, live_server, scene):
    languages = [code for code, _name in settings.LANGUAGES]
    found = _overflows(browser, live_server, scene, width=640, languages=languages)
    assert not found, "\n".join(map(str, found))
