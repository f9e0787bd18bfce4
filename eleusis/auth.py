"""Teachers' log-in limit: django-axes counts wrong passwords per account and per address.

`LoginLimitBackend` is Axes' standalone backend, except that a log-in made without a request
(a management command, a test client's `login`) is not a guess from the web: it is let through
to the next backend instead of being refused for lack of a request.
"""

from axes.backends import AxesStandaloneBackend
from django.contrib.auth.backends import ModelBackend


class LoginLimitBackend(AxesStandaloneBackend):
    def authenticate(self, request, username=None, password=None, **kwargs):
        if request is None:
            return None
        return super().authenticate(request, username=username, password=password, **kwargs)

    def get_user(self, user_id):
        # A session may name this backend (a test client's force_login takes the first one):
        # it is read as the model backend reads it, the user by id, active users only.
        return ModelBackend().get_user(user_id)
