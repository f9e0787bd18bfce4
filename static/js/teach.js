// The teacher's live view: hide names for projecting (button or Alt+N), remembered across
// polls and reloads; opened hands stay open across polls; and an empty hint box once a hint has
// been sent. The page works without this file.
document.addEventListener("DOMContentLoaded", () => {
  const KEY = "eleusis-teach-names-hidden";
  const button = document.getElementById("toggle-names");
  if (button) {
    const apply = (hidden) => {
      document.body.classList.toggle("names-hidden", hidden);
      button.setAttribute("aria-pressed", hidden ? "true" : "false");
      button.textContent = hidden ? button.dataset.showLabel : button.dataset.hideLabel;
      try {
        window.localStorage.setItem(KEY, hidden ? "1" : "0");
      } catch (error) {
        // Private browsing: the choice lasts until the page is left.
      }
    };
    let stored = null;
    try {
      stored = window.localStorage.getItem(KEY);
    } catch (error) {
      stored = null;
    }
    button.hidden = false;
    apply(stored === "1");
    button.addEventListener("click", () => apply(!document.body.classList.contains("names-hidden")));
    // The shortcut needs a modifier (Alt+N; Option+N on a Mac), so that a letter typed or spoken
    // by speech input never hides the names by accident (WCAG 2.1.4).
    document.addEventListener("keydown", (event) => {
      if (event.code !== "KeyN" || !event.altKey || event.ctrlKey || event.metaKey) return;
      event.preventDefault();
      apply(!document.body.classList.contains("names-hidden"));
    });
  }

  // Hands and rules the teacher opened stay open when a poll replaces the live view.
  const opened = new Set();
  document.addEventListener(
    "toggle",
    (event) => {
      const details = event.target;
      if (!(details instanceof HTMLDetailsElement) || !details.id) return;
      if (details.open) opened.add(details.id);
      else opened.delete(details.id);
    },
    true,
  );
  document.body.addEventListener("htmx:afterSwap", () => {
    opened.forEach((id) => {
      const details = document.getElementById(id);
      if (details && !details.open) details.open = true;
    });
  });

  // The hint box keeps its text across polls (hx-preserve); once the hint is sent it is emptied.
  // The box is moved into the new page by then, so it is found by the id noted before sending.
  let hintBox = null;
  document.body.addEventListener("htmx:beforeRequest", (event) => {
    const form = event.detail.elt;
    if (!form || !form.classList || !form.classList.contains("hint-form")) return;
    const input = form.querySelector("input[name=text]");
    hintBox = input ? input.id : null;
  });
  // The answer replaces the whole live view, form included, so events on the form no longer
  // reach the page: the swap of the new live view is where the box is emptied.
  document.body.addEventListener("htmx:afterSwap", (event) => {
    if (!hintBox || !(event.target instanceof Element) || event.target.id !== "session-live") return;
    const config = event.detail.requestConfig || {};
    if (config.verb === "get") return; // a poll, not the answer to the hint
    const current = document.getElementById(hintBox);
    hintBox = null;
    if (current && !document.querySelector("#session-live .message-error")) current.value = "";
  });
});
