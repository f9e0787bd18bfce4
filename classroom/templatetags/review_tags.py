"""The review grid's cells, written in one pass: a class of 30 has about 1,200 of them, and the
template language resolving a dozen variables for each took a quarter of a cold review."""

from collections.abc import Sequence

from django import template
from django.utils.html import format_html, format_html_join
from django.utils.safestring import SafeString

from classroom.selectors.review.aggregate import Cell

register = template.Library()


@register.simple_tag
def grid_cells(cells: Sequence[Cell], student_url: str, hide_names: bool) -> SafeString:
    """Each play's cell: a link to the play on the student's timeline, its letter, flags and
    a description for the title and for screen readers."""
    query = "?names=hidden" if hide_names else ""
    return format_html_join(
        "", "{}", ((_cell(cell, index, student_url + query),) for index, cell in enumerate(cells))
    )


def _cell(cell: Cell, index: int, url: str) -> SafeString:
    classes = f"cell s-{cell.state}"
    if cell.carried:
        classes += " carried"
    if cell.first_of_round and index:
        classes += " new-round"
    flags = (
        ("⊖" if cell.negative_test else "")
        + ("✗" if cell.wrong_prediction else "")
        + ("★" if cell.guess else "")
    )
    description = cell.description
    return format_html(
        '<a class="{}" href="{}#{}" title="{}" aria-label="{} — {}">{}{}</a>',
        classes,
        url,
        cell.anchor,
        description,
        cell.letter,
        description,
        cell.letter,
        flags,
    )
