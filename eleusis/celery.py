"""The Celery app. With no REDIS_URL, tasks run eagerly in the calling process (see settings)."""

import os

from celery import Celery

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "eleusis.settings")

app = Celery("eleusis", include=["eleusis.tasks"])
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks()
