"""Template tags of the pages' shared frame (`templates/base.html`), for both apps: registered in
settings (TEMPLATES' `libraries`), as `{% load site_tags %}`."""

from __future__ import annotations

from functools import lru_cache

from django import template
from django.conf import settings
from django.utils.html import escape
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import get_language_info

register = template.Library()


@register.simple_tag
def language_options(current: str) -> SafeString:
    """The language picker's options, each language named in itself, the page's own selected.
    Worked out once per language and process: every page carries them, and a template's loop
    over `get_language_info_list` was an eighth of a student's first page."""
    return _options(current, tuple(settings.LANGUAGES))


@lru_cache(maxsize=32)
def _options(current: str, languages: tuple[tuple[str, str], ...]) -> SafeString:
    options = []
    for code, _name in languages:
        selected = " selected" if code == current else ""
        name = escape(get_language_info(code)["name_local"])
        code = escape(code)
        options.append(f'<option value="{code}" lang="{code}"{selected}>{name}</option>')
    return mark_safe("".join(options))  # the codes and names escaped
