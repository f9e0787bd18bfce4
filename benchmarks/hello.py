"""A bare Django "hello" for bench_class.py to compare with: no middleware, no database, one
view, served by the same gunicorn settings as the app. `gunicorn hello:application`."""

from django.conf import settings

settings.configure(
    DEBUG=False,
    SECRET_KEY="bench-hello-only",
    ALLOWED_HOSTS=["*"],
    ROOT_URLCONF=__name__,
    MIDDLEWARE=[],
    INSTALLED_APPS=[],
)

from django.core.wsgi import get_wsgi_application  # noqa: E402
from django.http import HttpResponse  # noqa: E402
from django.urls import path  # noqa: E402


def hello(request):
    return HttpResponse("hello")


urlpatterns = [path("", hello)]
application = get_wsgi_application()
