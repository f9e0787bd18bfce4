"""Throttling of guesses and of costly requests, with atomic counters in the cache.

Each limit counts hits per key for a window that starts at the first hit. Counting is one atomic
increment that returns the new count, and the decision is taken on that count: parallel requests
each get their own number, so none slips past the limit (a read-then-write check would let a
burst through).

What is counted, and against what key (see the views):
- a wrong class code, against the device's address (`client_fingerprint`): past `CODE_GUESSES`
  a wrong code gets the wait page, but a right code still works, so one guesser behind a
  school's shared address cannot lock the other students out; past `CODE_GUESSES_HARD`, an
  hour's worth of guessing, that address is refused every code until the window ends;
- a wrong class code, also against every device at once (`CODE_GUESSES_ALL`): a wrong code
  names no class, so the only count that many addresses cannot spread out is the site's own.
  Past it (someone is guessing from many addresses), an address is refused every code after
  `CODE_GUESSES` wrong ones in its hour instead of `CODE_GUESSES_HARD`: each address of a
  guessing campaign gets ten tries an hour, not a hundred, while an address that typed a code
  wrong a few times, as a child does, still joins with the right one;
- a picture-password try, against the device and the student, and against the address for
  devices new to the student (`picture_try_refused`), before the pictures are checked; other
  students, and the student's own devices, are never refused because of it;
- a solo practice game started, against the student; a password-reset mail, against the e-mail
  address (hashed) and against the device.

When a key is the client's network address or an e-mail address, only a salted hash of it is
used (HMAC with SECRET_KEY, truncated), and only in the cache, where it expires after the
window: the address itself is never stored, in the database or in logs. When the cache is down
the counters read as zero: the limits are lifted rather than the app stopped.
"""

import contextlib
import hashlib
import hmac
from dataclasses import dataclass

from django.conf import settings
from django.core.cache import cache
from django.http import HttpRequest

from eleusis.web.client import client_address


@dataclass(frozen=True)
class Limit:
    scope: str
    max_failures: int  # how many hits the window allows
    window_seconds: int


# Wrong class codes from one device (joining or signing in): past this, wrong codes wait.
CODE_GUESSES = Limit("code", max_failures=10, window_seconds=10 * 60)
# Wrong class codes from one device over an hour: past this, every code from it waits.
CODE_GUESSES_HARD = Limit("code-hard", max_failures=100, window_seconds=60 * 60)
# Wrong class codes from all devices together in ten minutes (a busy school day makes a few
# dozen typos): past this, an address is blocked after `CODE_GUESSES` wrong codes in its hour.
CODE_GUESSES_ALL = Limit("code-all", max_failures=300, window_seconds=10 * 60)
_ALL = "all"
# Picture passwords (docs/architecture.md, "Picture passwords"): wrong tries never lock a
# student out of a device they used before (classroom/devices.py). They count per device and
# student (a right answer clears it); for devices new to the student, also per address and per
# student from anywhere. Past either, a new device is refused, except for the first tries of
# pictures the teacher has just renewed. Against 1,320 passwords: one address gets 12 tries an
# hour at the whole class (0.9 %), many addresses 8 + 3 at one student (0.8 %).
PICTURE_GUESSES_PER_DEVICE = Limit("pictures-device", max_failures=5, window_seconds=10 * 60)
PICTURE_GUESSES_NEW_DEVICES = Limit("pictures-address", max_failures=12, window_seconds=60 * 60)
PICTURE_GUESSES_NEW_DEVICES_STUDENT = Limit(
    "pictures-student", max_failures=8, window_seconds=60 * 60
)
PICTURE_GUESSES_FRESH = Limit("pictures-fresh", max_failures=3, window_seconds=60 * 60)
# Wrong tries for one student from anywhere, for the teacher's page (never refuses anything).
PICTURE_GUESSES_SEEN = Limit("pictures-seen", max_failures=5, window_seconds=24 * 60 * 60)
# Wrong teacher passwords for one user name from every address, and from one address for every
# user name: past either, new devices are refused for an hour; a device the account logged in
# from before never is (eleusis/auth.py). The (user name, address) pair is django-axes' limit.
LOGIN_FAILURES_PER_USERNAME = Limit("login-username", max_failures=30, window_seconds=60 * 60)
LOGIN_FAILURES_PER_ADDRESS = Limit("login-address", max_failures=100, window_seconds=60 * 60)
# Solo practice games one student may start.
SOLO_STARTS_PER_STUDENT = Limit("solo-student", max_failures=20, window_seconds=10 * 60)
# Password-reset mails: to one address, and asked from one device.
RESET_MAILS_PER_EMAIL = Limit("reset-email", max_failures=3, window_seconds=60 * 60)
RESET_MAILS_PER_CLIENT = Limit("reset-client", max_failures=10, window_seconds=60 * 60)


def _salted(kind: str, value: str) -> str:
    salt = f"eleusis-throttle:{kind}:{settings.SECRET_KEY}".encode()
    return hmac.new(salt, value.encode(), hashlib.sha256).hexdigest()[:24]


def client_fingerprint(request: HttpRequest) -> str:
    """A salted, truncated hash of the client address: enough to count, useless to identify."""
    address = client_address(request) or "unknown"
    salt = f"eleusis-throttle:{settings.SECRET_KEY}".encode()
    return hmac.new(salt, address.encode(), hashlib.sha256).hexdigest()[:24]


def username_fingerprint(username: str) -> str:
    return _salted("username", username.strip().casefold())


def email_fingerprint(email: str) -> str:
    return _salted("email", email.strip().lower())


def _cache_key(limit: Limit, key: str) -> str:
    return f"throttle:{limit.scope}:{key}"


def throttle_count(limit: Limit, key: str) -> int:
    """Count one hit and return the count in this window, this hit included (atomic). 0 when
    the cache is unavailable."""
    cache_key = _cache_key(limit, key)
    if cache.add(cache_key, 1, timeout=limit.window_seconds):
        return 1
    try:
        return int(cache.incr(cache_key))
    except ValueError:  # expired between add and incr: this hit opens a new window
        cache.add(cache_key, 1, timeout=limit.window_seconds)
        return 1


def throttle_over(limit: Limit, key: str) -> bool:
    """Count one hit; whether it is past the limit (the hit should be refused)."""
    return throttle_count(limit, key) > limit.max_failures


def throttle_is_blocked(limit: Limit, key: str) -> bool:
    """Whether the window's hits already reach the limit (without counting one)."""
    return int(cache.get(_cache_key(limit, key), 0) or 0) >= limit.max_failures


def throttle_fail(limit: Limit, key: str) -> None:
    """Count one failure (the window starts at the first failure and is not extended)."""
    throttle_count(limit, key)


def throttle_reset(limit: Limit, key: str) -> None:
    cache.delete(_cache_key(limit, key))


def _code_client(request: HttpRequest) -> str:
    """Whom wrong codes count against: a device that joined or signed in here before (its
    signed cookie, classroom/devices.py) counts on its own, so a classmate's guessing from the
    same school address never blocks it; any other device counts against its address."""
    from classroom.devices import device_id

    device = device_id(request)
    return f"device:{device}" if device else client_fingerprint(request)


def code_guess_refused(request: HttpRequest) -> bool:
    """Count a wrong class code from this device and from all devices; whether to answer with
    the wait page."""
    client = _code_client(request)
    throttle_count(CODE_GUESSES_ALL, _ALL)
    hard = throttle_over(CODE_GUESSES_HARD, client)
    return throttle_over(CODE_GUESSES, client) or hard


def code_guesses_blocked(request: HttpRequest) -> bool:
    """Whether this device has guessed so many codes that no code is checked for it now: an
    hour's worth, or, while codes are being guessed from many addresses, ten (one cache read)."""
    client_key = _cache_key(CODE_GUESSES_HARD, _code_client(request))
    all_key = _cache_key(CODE_GUESSES_ALL, _ALL)
    found = cache.get_many([client_key, all_key])
    guesses = int(found.get(client_key) or 0)
    if int(found.get(all_key) or 0) >= CODE_GUESSES_ALL.max_failures:
        return guesses >= CODE_GUESSES.max_failures
    return guesses >= CODE_GUESSES_HARD.max_failures


def _password_tag(picture_password: str) -> str:
    """New pictures start new counts: the keys name the password (hashed)."""
    return _salted("pictures", picture_password)[:8]


def picture_try_refused(request: HttpRequest, student_pk: int, picture_password: str) -> bool:
    """Count one picture try for this student on this device; whether to refuse it unchecked."""
    from classroom.devices import device_id, device_knows

    tag = _password_tag(picture_password)
    device = device_id(request) or f"address:{client_fingerprint(request)}"
    if throttle_over(PICTURE_GUESSES_PER_DEVICE, f"{device}:{student_pk}:{tag}"):
        return True
    if device_knows(request, student_pk):
        return False
    address_key = (PICTURE_GUESSES_NEW_DEVICES, client_fingerprint(request))
    student_key = (PICTURE_GUESSES_NEW_DEVICES_STUDENT, f"{student_pk}:{tag}")
    # Counted before the check (parallel tries cannot slip past); a right answer gives its
    # count back (`picture_try_right`), so a class signing in counts only its typos.
    request._picture_counts = [address_key, student_key]
    over_address = throttle_over(*address_key)
    over_student = throttle_over(*student_key)
    if not (over_address or over_student):
        return False
    # The teacher renewed these pictures within the hour: a few tries whatever a classmate did.
    renewed = cache.get(_cache_key(PICTURE_GUESSES_FRESH, f"renewed:{student_pk}:{tag}"))
    return not renewed or throttle_over(PICTURE_GUESSES_FRESH, f"{student_pk}:{tag}")


def picture_try_right(request: HttpRequest, student_pk: int, picture_password: str) -> None:
    from classroom.devices import device_id

    device = device_id(request) or f"address:{client_fingerprint(request)}"
    tag = _password_tag(picture_password)
    throttle_reset(PICTURE_GUESSES_PER_DEVICE, f"{device}:{student_pk}:{tag}")
    for limit, key in getattr(request, "_picture_counts", ()):
        with contextlib.suppress(ValueError):  # expired meanwhile
            cache.decr(_cache_key(limit, key))


def picture_try_wrong(student_pk: int) -> None:
    throttle_fail(PICTURE_GUESSES_SEEN, str(student_pk))


def pictures_guessed(student_pks: list[int]) -> dict[int, int]:
    """Wrong picture tries today for each student (those with at least
    `PICTURE_GUESSES_SEEN.max_failures`), for the teacher's page."""
    keys = {_cache_key(PICTURE_GUESSES_SEEN, str(pk)): pk for pk in student_pks}
    found = cache.get_many(list(keys))
    counts = {keys[key]: int(value or 0) for key, value in found.items()}
    return {pk: n for pk, n in counts.items() if n >= PICTURE_GUESSES_SEEN.max_failures}


def pictures_renewed(student_pk: int, picture_password: str) -> None:
    """The teacher gave new pictures: the warning starts again, and the new pictures get
    `PICTURE_GUESSES_FRESH` tries on any device for an hour, whatever a classmate did."""
    throttle_reset(PICTURE_GUESSES_SEEN, str(student_pk))
    tag = _password_tag(picture_password)
    key = _cache_key(PICTURE_GUESSES_FRESH, f"renewed:{student_pk}:{tag}")
    cache.set(key, 1, timeout=PICTURE_GUESSES_FRESH.window_seconds)
