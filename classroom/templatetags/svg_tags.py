"""Numbers for SVG attributes: `{{ x|svgnum }}` prints one decimal with a point whatever the
language (`floatformat` localizes: "12,5" is no coordinate) and costs a format call, not the
localization machinery (the review's charts print thousands of them)."""

from __future__ import annotations

from django import template

register = template.Library()


@register.filter
def svgnum(value: float | int | None) -> str:
    """`value` with one decimal and a decimal point; "0" for None."""
    if value is None:
        return "0"
    return f"{float(value):.1f}"


@register.filter
def plain(value: object) -> str:
    """A number as Python prints it, without the localization machinery (a count, a play
    number inside an SVG title)."""
    return "" if value is None else str(value)


@register.filter
def interpolate(pattern: str, item: object) -> str:
    """`pattern % item's fields`: a message translated once before a loop (`{% translate
    "Play %(play)s: %(count)s candidates left" as title %}`), filled in for each element,
    which costs far less than a `blocktranslate` per element. The result is escaped as usual."""
    fields = item if isinstance(item, dict) else vars(item)
    return str(pattern) % fields
