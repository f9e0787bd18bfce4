// The teacher's live view: hide names for projecting (button or the N key), remembered across
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
    document.addEventListener("keydown", (event) => {
      if (event.key !== "n" && event.key !== "N") return;
      if (event.ctrlKey || event.metaKey || event.altKey) return;
      const target = event.target;
      if (target && (target.isContentEditable || ["INPUT", "TEXTAREA", "SELECT"].includes(target.tagName))) return;
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

  document.body.addEventListener("htmx:afterRequest", (event) => {
    const form = event.detail.elt;
    if (!form || !form.classList || !form.classList.contains("hint-form") || !event.detail.successful) return;
    const input = form.querySelector("input[name=text]");
    const current = input ? document.getElementById(input.id) : null;
    if (current && !document.querySelector("#session-live .message-error")) current.value = "";
  });
});
