"""What a page's lasting live region says, each time it says it (site.js writes it into a closed
shadow root of `#live-announcer`). An init script observes that root as the page makes it and
keeps every non-empty text written there, in the tab's session storage, so that what a page
said before it reloaded is still counted after."""

from __future__ import annotations

from collections.abc import Callable

# Observes, never changes: the shadow root is made as site.js asks, then watched.
_RECORD = """(() => {
  const KEY = "spoken-by-test";
  const attach = Element.prototype.attachShadow;
  Element.prototype.attachShadow = function (init) {
    const root = attach.call(this, init);
    if (this.id === "live-announcer") {
      new MutationObserver(() => {
        const text = root.textContent.trim();
        if (!text) return;
        const said = JSON.parse(sessionStorage.getItem(KEY) || "[]");
        said.push(text);
        sessionStorage.setItem(KEY, JSON.stringify(said));
      }).observe(root, { subtree: true, childList: true, characterData: true });
    }
    return root;
  };
})();"""


def record_spoken(page) -> None:
    """From the next page this tab loads on, keep what its live region says."""
    page.add_init_script(_RECORD)


def spoken_all(page) -> list[str]:
    """Every announcement since `record_spoken`, in order."""
    return page.evaluate("() => JSON.parse(sessionStorage.getItem('spoken-by-test') || '[]')")


def wait_spoken_where(
    page, test: Callable[[str], bool], *, after: int = 0, timeout_ms: int = 15_000
):
    """Waits until an announcement after the first `after` passes `test`; returns them all."""
    for _ in range(timeout_ms // 100):
        said = spoken_all(page)
        if any(test(text) for text in said[after:]):
            return said
        page.wait_for_timeout(100)
    raise AssertionError(f"never announced; said: {spoken_all(page)[after:]!r}")
