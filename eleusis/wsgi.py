import os

from django.core.wsgi import get_wsgi_application

from eleusis.warm import warm_in_background

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "eleusis.settings")
django_application = get_wsgi_application()

from classroom.live import IdleTablePollApp  # noqa: E402  (needs the apps loaded)

# A student's idle poll is answered before Django's handler (see IdleTablePollApp).
application = IdleTablePollApp(django_application)
warm_in_background()  # each server process, as it boots: see eleusis.warm
