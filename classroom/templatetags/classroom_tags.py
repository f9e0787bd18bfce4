"""Template helpers for the classroom: who the student is, how a picture password looks."""

from django import template

from classroom.access import current_student as _current_student
from classroom.codes import join_code_display
from classroom.pictures import picture_password_pictures

register = template.Library()


@register.simple_tag(takes_context=True)
def current_student(context):
    """`{% current_student as student %}`: the signed-in student, or None."""
    request = context.get("request")
    return _current_student(request) if request is not None else None


@register.inclusion_tag("classroom/_pictures.html")
def picture_password(password: str):
    """A picture password as a list of emoji with their (translated) names, in order."""
    return {"pictures": picture_password_pictures(password)}


@register.filter
def code_display(code: str) -> str:
    return join_code_display(code)


@register.filter
def get_item(mapping, key):
    """`{{ forms|get_item:student.pk }}`: a dict lookup with a variable key (None when absent)."""
    return mapping.get(key) if hasattr(mapping, "get") else None
