import os

from django.core.wsgi import get_wsgi_application

from eleusis.warm import warm_in_background

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "eleusis.settings")
application = get_wsgi_application()
warm_in_background()  # each server process, as it boots: see eleusis.warm
