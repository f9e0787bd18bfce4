from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class ClassroomConfig(AppConfig):
    name = "classroom"
    verbose_name = _("Classroom")

    def ready(self) -> None:
        # The project's Celery app must exist before any task is sent, so that `shared_task`
        # binds to it (and not to Celery's default app) in every web process.
        # Register the tasks that services ask for by name (`classroom.task_queue`).
        import classroom.insight_tasks
        import classroom.tasks  # noqa: F401
        import eleusis.celery
        import eleusis.web.checks  # noqa: F401  (the project's deploy checks)
