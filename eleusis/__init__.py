"""Eleusis Classroom's project package: settings, URLs, the Celery app and the pure engine.

Importing it loads nothing: the engine under `eleusis/engine/` must stay usable without Django
or Celery. Django loads the Celery app when the `classroom` app is ready (`classroom/apps.py`);
workers name it directly (`celery -A eleusis.celery worker`).
"""
