"""Teachers' log-in limits: django-axes counts wrong passwords per (user name, address) pair, so
a guesser locks out only their own address; the app slows a user name across addresses for new
devices only (classroom/forms.py); a device the account logged in from before is never refused.

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


# Devices that have logged in before -------------------------------------------------------------
#
# A successful log-in leaves a signed cookie naming the account (its id, signed with SECRET_KEY,
# so it cannot be made up). A wrong password from such a device still counts, but the limits
# that anyone could trigger for an account (wrong passwords from other addresses) never refuse
# it: an attacker who knows a teacher's user name slows only new devices, never the teacher's
# own (classroom/forms.py:LimitedAuthenticationForm, README "Production").

DEVICE_COOKIE = "eleusis_device"
DEVICE_SALT = "eleusis.auth.device"
DEVICE_MAX_AGE = 60 * 60 * 24 * 365
DEVICE_ACCOUNTS = 5  # accounts remembered by one device (a shared staff-room computer)


def device_accounts(request) -> list[int]:
    """The ids of the accounts that logged in from this device (an empty list when its cookie
    is missing, forged or older than a year)."""
    from django.core import signing

    value = request.COOKIES.get(DEVICE_COOKIE, "")
    if not value:
        return []
    try:
        found = signing.loads(value, salt=DEVICE_SALT, max_age=DEVICE_MAX_AGE)
    except signing.BadSignature:
        return []
    return [n for n in found if isinstance(n, int)] if isinstance(found, list) else []


def remember_device(request, response, user) -> None:
    """Mark this device as one `user` logged in from (the most recent accounts first)."""
    from django.conf import settings
    from django.core import signing

    accounts = [user.pk, *(n for n in device_accounts(request) if n != user.pk)]
    response.set_cookie(
        DEVICE_COOKIE,
        signing.dumps(accounts[:DEVICE_ACCOUNTS], salt=DEVICE_SALT),
        max_age=DEVICE_MAX_AGE,
        httponly=True,
        secure=getattr(settings, "SESSION_COOKIE_SECURE", False),
        samesite="Lax",
    )


def known_device(request, username: str) -> bool:
    """Whether the account named `username` has logged in from this device before."""
    accounts = device_accounts(request)
    if not accounts or not username:
        return False
    from django.contrib.auth import get_user_model

    model = get_user_model()
    lookup = {f"{model.USERNAME_FIELD}__iexact": username}
    return model.objects.filter(pk__in=accounts, **lookup).exists()


def known_device_whitelisted(request, credentials) -> bool:
    """django-axes' `AXES_WHITELIST_CALLABLE`: a device the account logged in from before is
    never locked out of it by the (user name, address) count."""
    username = (credentials or {}).get("username") or ""
    return request is not None and known_device(request, username)
