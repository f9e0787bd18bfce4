"""Text the app has in English only (the engine's explanations, the rule library's entries):
in the reader's language when the catalogs have it, otherwise marked `lang="en"`, so that a
screen reader reads it with English sounds and nobody takes it for a translation."""

from django import template
from django.utils.html import format_html
from django.utils.translation import get_language, gettext

register = template.Library()


@register.filter
def english(text):
    """`{{ text|english }}`: the translation if there is one, else the text in a lang="en" span."""
    if text is None or text == "":
        return ""
    text = str(text)
    language = (get_language() or "en").split("-")[0]
    if language == "en":
        return text
    translated = gettext(text)
    if translated != text:
        return translated
    return format_html('<span lang="en">{}</span>', text)


@register.filter
def rule_in_words(rule_text):
    """A rule of the rule language said in words (the engine's explanation, through `english`);
    empty when the text is not a rule the app can read (a rule written in words already)."""
    from eleusis.web.rule_check import rule_check

    if not rule_text:
        return ""
    check = rule_check(str(rule_text))
    return english(check.explanation) if check.ok else ""
