from functools import cache

from django.conf import settings
from django.http import HttpResponse
from django.shortcuts import render
from django.views.decorators.cache import cache_control
from django.views.decorators.http import require_GET

FAVICON = settings.BASE_DIR / "static" / "img" / "favicon.svg"


@require_GET
def home(request):
    return render(request, "home.html")


@cache
def _favicon() -> bytes:
    return FAVICON.read_bytes()


@require_GET
@cache_control(max_age=60 * 60 * 24, public=True)
def favicon(request):
    """/favicon.ico, which browsers ask for whatever the page says: the app's icon (SVG)."""
    return HttpResponse(_favicon(), content_type="image/svg+xml")
