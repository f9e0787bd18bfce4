"""What a refused request must leave as it was: the rows of every model of the classroom, the
lessons and the accounts, and each round's and session's version."""

from django.apps import apps
from django.contrib.auth import get_user_model

from classroom.models import GameSession, Round

_APPS = ("classroom", "lessons")


def database_state() -> dict:
    state: dict = {
        model._meta.label: model._default_manager.count()
        for name in _APPS
        for model in apps.get_app_config(name).get_models()
    }
    state["users"] = get_user_model().objects.count()
    for model in (Round, GameSession):
        state[f"{model._meta.label}.versions"] = sorted(model.objects.values_list("pk", "version"))
    return state
