"""A real browser: Debian's Chromium driven by Playwright, against Django's live server."""

import os
import shutil
import subprocess
import tempfile
from pathlib import Path

import pytest

CHROMIUM = Path("/usr/bin/chromium")
LAUNCH_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--no-first-run",
]
ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts"
# The README's pictures: taken by the browser tests, kept in the repository.
# The README's screenshots are rewritten only when asked (README_SCREENSHOTS=1 make test), so an
# ordinary run leaves the working tree clean; otherwise they go with the other artifacts.
README_SCREENSHOTS = (
    Path(__file__).resolve().parents[2] / "docs" / "screenshots"
    if os.environ.get("README_SCREENSHOTS") == "1"
    else ARTIFACTS / "screenshots"
)

# axe-core, the accessibility checker, from the npm registry: served to the tests only (injected
# by Playwright), never to the app. Installed on first use into a folder git ignores.
AXE_VERSION = "4.14.1"
AXE_DIR = Path(__file__).resolve().parents[2] / ".axe"
AXE_FILE = AXE_DIR / f"axe-core-{AXE_VERSION}.min.js"


def axe_install() -> Path:
    """axe.min.js of the pinned version, installed with npm when it is not there yet."""
    if AXE_FILE.exists():
        return AXE_FILE
    npm = shutil.which("npm")
    if npm is None:
        pytest.skip(
            "npm is not installed (apt-get install npm): it installs axe-core for the tests"
        )
    AXE_DIR.mkdir(exist_ok=True)
    with tempfile.TemporaryDirectory(dir=AXE_DIR) as scratch:
        subprocess.run(
            [
                npm,
                "install",
                "--no-save",
                "--no-audit",
                "--no-fund",
                "--prefix",
                scratch,
                f"axe-core@{AXE_VERSION}",
            ],
            check=True,
            capture_output=True,
            timeout=600,
        )
        built = Path(scratch) / "node_modules" / "axe-core" / "axe.min.js"
        partial = AXE_DIR / f".{os.getpid()}.js"
        shutil.copyfile(built, partial)
        os.replace(partial, AXE_FILE)  # two test workers may install at once: one file wins
    return AXE_FILE


@pytest.fixture(scope="session")
def axe_source():
    return axe_install().read_text(encoding="utf-8")


@pytest.fixture(scope="session")
def browser():
    if not CHROMIUM.exists():
        pytest.skip("Debian's chromium is not installed (apt-get install chromium)")
    # Playwright's sync API runs an event loop in this thread; Django's ORM calls made by the
    # test itself are still synchronous and safe.
    os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=str(CHROMIUM), args=LAUNCH_ARGS)
        yield browser
        browser.close()


@pytest.fixture(scope="session")
def warm_server():
    """The live server runs in this process: like every server process as it boots
    (eleusis.warm), it has the candidate space built before the class starts, so the first
    round that ends does not wait for it."""
    from eleusis.engine.inference.space import candidate_space

    candidate_space()


@pytest.fixture
def new_page(browser, live_server, warm_server):
    contexts = []

    def make(**options):
        context = browser.new_context(base_url=live_server.url, **options)
        context.set_default_timeout(15_000)
        contexts.append(context)
        return context.new_page()

    yield make
    for context in contexts:
        context.close()


@pytest.fixture
def screenshot():
    def save(page, name):
        ARTIFACTS.mkdir(exist_ok=True)
        page.screenshot(path=str(ARTIFACTS / f"{name}.png"), full_page=True)

    return save


@pytest.fixture
def readme_screenshot():
    """A screenshot for the README (see README_SCREENSHOTS)."""

    def save(page, name):
        README_SCREENSHOTS.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(README_SCREENSHOTS / f"{name}.png"), full_page=True)

    return save


@pytest.fixture
def patient_expect():
    """Every expect of the test waits up to 15 s (Playwright's default is 5): a move that reaches
    the other browsers by their poll, on a loaded CI machine, can take longer than 5 s."""
    from playwright.sync_api import expect

    expect.set_options(timeout=15_000)
    yield
    expect.set_options(timeout=5_000)
