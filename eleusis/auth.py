"""Teachers' log-in limit: django-axes counts wrong passwords per account and per address.

`LoginLimitBackend` is Axes' standalone backend, except that a log-in made without a request
(a management command, a test client's `login`) is not a guess from the web: it is let through
to the next backend instead of being refused for lack of a request.
"""

from axes.backends import AxesStandaloneBackend


class LoginLimitBackend(AxesStandaloneBackend):
    def authenticate(self, request, username=None, password=None, **kwargs):
        if request is None:
            return None
        return super().authenticate(request, username=username, password=password, **kwargs)
