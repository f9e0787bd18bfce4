"""The app's URLs and one page that fails, for tests/classroom/test_error_pages.py."""

from django.urls import path

from eleusis.urls import handler500
from eleusis.urls import urlpatterns as app_urlpatterns


def broken(request):
    raise RuntimeError("a bug, for the 500 page's test")


urlpatterns = [*app_urlpatterns, path("broken/", broken)]
__all__ = ["handler500", "urlpatterns"]
