// Small progressive enhancements. Pages work without this file.
//
// 1. Keyboard focus survives live updates. htmx replaces parts of a page on every poll and after
//    every move; htmx itself only puts focus back on an element with an id. This puts it back on
//    the replacement of whatever had focus (a card, a True/False token, a teacher's button, the
//    replay's "Next play"), found by the path from its nearest ancestor with an id, or on the
//    closest thing that is still there (another card, the group around it).
// 2. An error that an answer brings moves focus to itself, or to the field it is about
//    (`data-error-for`), which is marked `aria-invalid` and described by the message.
// 3. Announcements: elements marked `data-announce` in a new page or an update are read out once
//    through the page's one lasting live region (`#live-announcer`), never by rebuilding it.
// 4. A page swapped whole in place (a new round) keeps focus, or puts it on its heading.
// 5. A request that fails (4xx, 5xx, no connection) is said in the page's language; what the
//    person typed stays where it was.
// The language menu changes the language only when its "Change" button is pressed: picking with
// the arrow keys must not reload the page and wipe what a child has typed (nothing here submits it).
(() => {
  "use strict";

  const FOCUSABLE =
    "a[href], button, input:not([type=hidden]), select, textarea, summary, [tabindex]:not([tabindex='-1'])";
  const CONTAINERS = new Set(["DIV", "SECTION", "NAV", "FIELDSET", "UL", "OL", "LI", "P", "FORM", "TABLE", "TBODY", "TR", "TD", "TH", "DETAILS", "SPAN"]);

  const usable = (el) =>
    el instanceof HTMLElement &&
    el.isConnected &&
    !el.disabled &&
    !el.closest("[hidden], [inert]") &&
    el.getClientRects().length > 0;

  // What identifies an element among its siblings, across a re-render: for a control its kind,
  // name and value (or rel for a link), for a form its action, for a container its classes.
  const signature = (el) => {
    const parts = [el.tagName];
    if (el.tagName === "FORM") parts.push(el.getAttribute("action") || "");
    else if (CONTAINERS.has(el.tagName)) parts.push(el.getAttribute("class") || "", el.getAttribute("role") || "");
    else {
      for (const name of ["name", "value", "rel", "type"]) parts.push(el.getAttribute(name) || "");
    }
    return parts.join("|");
  };
  const kind = (el) => el.tagName + "|" + (el.getAttribute("name") || "") + "|" + (el.getAttribute("rel") || "");

  const describe = (el) => {
    if (!(el instanceof HTMLElement) || el === document.body || el === document.documentElement) return null;
    const steps = [];
    let node = el;
    while (node && node !== document.body && !node.id) {
      const parent = node.parentElement;
      const sig = signature(node);
      let index = 0;
      let sameKind = 0;
      if (parent) {
        for (const sibling of parent.children) {
          if (sibling === node) break;
          if (signature(sibling) === sig) index += 1;
          if (kind(sibling) === kind(node)) sameKind += 1;
        }
      }
      steps.unshift({ sig, index, kind: kind(node), sameKind });
      node = parent;
    }
    if (!node || node === document.body) return null;
    return { anchor: node.id, steps };
  };

  const focusable = (el) => {
    if (!(el instanceof HTMLElement)) return false;
    return el.matches(FOCUSABLE) || el.hasAttribute("tabindex");
  };

  // Find the element a description names in the current page, or the nearest usable stand-in.
  const resolve = (description) => {
    if (!description) return null;
    let node = document.getElementById(description.anchor);
    if (!node) return null;
    let depth = 0;
    for (const step of description.steps) {
      const matches = [...node.children].filter((child) => signature(child) === step.sig);
      const next = matches[Math.min(step.index, matches.length - 1)];
      if (!next) break;
      node = next;
      depth += 1;
    }
    if (depth === description.steps.length) {
      if (description.steps.length === 0 || usable(node)) return { el: node, exact: true };
    }
    // The element itself is gone (a card played) or disabled (not your turn any more): a usable
    // control of the same kind nearby (the next card), else the first usable control in what
    // is left of its surroundings, else the surroundings themselves.
    const last = description.steps[description.steps.length - 1];
    const container = depth === description.steps.length ? node.parentElement : node;
    if (last && depth >= description.steps.length - 1) {
      const peers = [...container.children].filter((child) => kind(child) === last.kind && usable(child));
      if (peers.length) return { el: peers[Math.min(last.sameKind, peers.length - 1)], exact: false };
    }
    if (depth > 0) {
      const inside = [...container.querySelectorAll(FOCUSABLE)].find(usable);
      if (inside) return { el: inside, exact: false };
    }
    return { el: container, exact: false };
  };

  let remembered = null; // where the person put focus last
  let moving = false; // focus being moved by this script, not by the person
  let standIn = null; // an element focused in place of the remembered one (gone or disabled)
  let pointerAt = 0;

  const focusOn = (el, scroll) => {
    if (!focusable(el)) el.setAttribute("tabindex", "-1");
    moving = true;
    try {
      el.focus({ preventScroll: !scroll });
    } finally {
      moving = false;
    }
  };

  document.addEventListener(
    "pointerdown",
    () => {
      pointerAt = Date.now();
    },
    true,
  );
  document.addEventListener("focusin", (event) => {
    if (moving) return;
    remembered = describe(event.target);
    standIn = null;
  });
  document.addEventListener("focusout", (event) => {
    // Focus moved away on purpose (a click outside any control, or Escape out of a field).
    if (!moving && !event.relatedTarget && Date.now() - pointerAt < 800) remembered = null;
  });

  const lost = () => {
    const active = document.activeElement;
    return !active || active === document.body || active === document.documentElement || !active.isConnected;
  };

  const restoreFocus = () => {
    if (!lost() || !remembered) return;
    const found = resolve(remembered);
    if (!found || !found.el) return;
    focusOn(found.el, false);
    // A stand-in keeps the person's place; the next update tries the element they chose again
    // (the True button when the next card comes, a card when the turn comes back).
    standIn = found.exact ? null : found.el;
  };

  // 2. Errors in an answer to the person's own request.
  const showErrors = (root) => {
    let first = null;
    for (const error of root.querySelectorAll("[data-error-for]")) {
      const field = document.getElementById(error.dataset.errorFor);
      if (!error.id) error.id = "error-" + Math.random().toString(36).slice(2);
      if (field) {
        field.setAttribute("aria-invalid", "true");
        const described = (field.getAttribute("aria-describedby") || "").split(/\s+/).filter(Boolean);
        if (!described.includes(error.id)) described.push(error.id);
        field.setAttribute("aria-describedby", described.join(" "));
        field.dataset.errorId = error.id;
      }
      if (!first) first = field && usable(field) ? field : error;
    }
    if (!first) first = root.querySelector(".message-error");
    if (!first) return false;
    focusOn(first, true);
    const message = first.dataset.errorId ? document.getElementById(first.dataset.errorId) : null;
    if (message && message !== first) revealBoth(first, message);
    return true;
  };

  // The field and the message about it, both in view when they fit the window together (the
  // message can sit further down, beside the button that was pressed): focus alone scrolls the
  // field to the middle and can leave the message below the fold.
  const revealBoth = (field, message) => {
    const a = field.getBoundingClientRect();
    const b = message.getBoundingClientRect();
    const top = Math.min(a.top, b.top);
    const bottom = Math.max(a.bottom, b.bottom);
    const room = window.innerHeight;
    const margin = 8;
    if (bottom - top + 2 * margin > room) return;
    if (top < margin) window.scrollBy(0, top - margin);
    else if (bottom > room - margin) window.scrollBy(0, bottom - room + margin);
  };

  // A field marked invalid is unmarked as soon as the person changes it.
  const clearError = (event) => {
    const field = event.target;
    if (!(field instanceof HTMLElement)) return;
    const group = field.closest("fieldset[aria-invalid]");
    for (const el of [field, group]) {
      if (!el || el.getAttribute("aria-invalid") !== "true") continue;
      el.removeAttribute("aria-invalid");
      const errorId = el.dataset.errorId;
      if (errorId) {
        const rest = (el.getAttribute("aria-describedby") || "").split(/\s+/).filter((id) => id && id !== errorId);
        if (rest.length) el.setAttribute("aria-describedby", rest.join(" "));
        else el.removeAttribute("aria-describedby");
        delete el.dataset.errorId;
        const error = document.getElementById(errorId);
        if (error) error.remove();
      }
    }
  };
  document.addEventListener("input", clearError);
  document.addEventListener("change", clearError);

  // 3. One lasting live region per page. `data-announce="KEY"` is read once per KEY (a play, a
  // hint, the reveal); `data-announce-slot="NAME"` is read whenever its text changes (whose turn).
  const announced = new Set();
  const slots = new Map();
  // A sentence only for the ear sits in `data-say` (no second copy of it in the page's text);
  // an empty `data-say` keeps a slot silent while its text changes (a count of classmates).
  const textOf = (el) => (el.hasAttribute("data-say") ? el.dataset.say : el.textContent).trim().replace(/\s+/g, " ");
  // The text goes into a closed shadow root of the region: screen readers read it (it is in the
  // accessibility tree like any text), but it is not a second copy of the page's words for
  // text searches in the page (find in page, tests that look for a message by its text).
  let speaker = null;
  const region = () => {
    if (speaker) return speaker;
    const host = document.getElementById("live-announcer");
    if (!host) return null;
    speaker = document.createElement("span");
    host.attachShadow({ mode: "closed" }).appendChild(speaker);
    return speaker;
  };
  const announce = (initial) => {
    const out = region();
    if (!out) return;
    const texts = [];
    for (const el of document.querySelectorAll("[data-announce], [data-announce-slot]")) {
      const text = textOf(el);
      if (el.hasAttribute("data-announce-slot")) {
        const slot = el.dataset.announceSlot;
        if (slots.get(slot) === text) continue;
        slots.set(slot, text);
      } else {
        const key = el.dataset.announce || text;
        if (announced.has(key)) continue;
        announced.add(key);
      }
      if (!initial && text) texts.push(text);
    }
    if (!texts.length) return;
    // Emptied first, so that a text equal to the last one is read again.
    out.textContent = "";
    window.setTimeout(() => {
      out.textContent = texts.join(" ");
    }, 50);
  };

  // A box that scrolls (a long hypothesis stream, a wide data table) can be scrolled from the
  // keyboard: it takes focus when it holds nothing focusable (WCAG 2.1.1).
  const SCROLLERS = ".stream, .table-scroll, .rule-caret, pre, .layout";
  const scrollersFocusable = () => {
    for (const box of document.querySelectorAll(SCROLLERS)) {
      const scrolls = box.scrollWidth > box.clientWidth + 1 || box.scrollHeight > box.clientHeight + 1;
      if (!scrolls || box.hasAttribute("tabindex") || box.querySelector(FOCUSABLE)) continue;
      const style = getComputedStyle(box);
      if (![style.overflowX, style.overflowY].some((value) => value === "auto" || value === "scroll")) continue;
      box.setAttribute("tabindex", "0");
    }
  };

  // 4. A page that changes in place (a round ends or begins, a player becomes or stops being the
  // prophet: the server swaps the whole of `#main`). Focus stays on the control the person was on
  // when the new page has it, else goes to the page's heading, never to the top of the page; the
  // announcement says what changed (`_page_change.html`, then the status).
  let shownMain = null;
  const pageChanged = () => {
    const main = document.getElementById("main");
    if (!main || main === shownMain) return false;
    shownMain = main;
    return true;
  };
  const focusChangedPage = () => {
    if (!lost()) return; // kept by htmx (the same id in the new page), or outside `#main`
    const main = shownMain;
    const found = remembered ? resolve(remembered) : null;
    if (found && found.exact && found.el !== main && usable(found.el)) focusOn(found.el, false);
    else focusOn(main.querySelector("h1") || main, true);
  };

  // htmx fires htmx:afterSwap on each new element of one answer (the target and any
  // out-of-band parts); the work is done once, after the last of them.
  let pending = null;
  const afterSwap = (event) => {
    const config = (event.detail && event.detail.requestConfig) || {};
    if (!pending) {
      pending = { own: false, roots: [] };
      window.setTimeout(() => {
        const { own, roots } = pending;
        pending = null;
        // Only an answer to the person's own move may move focus to an error; a poll never does.
        const changed = pageChanged();
        const errorShown = own && roots.some((root) => root.isConnected && showErrors(root));
        if (!errorShown) {
          if (changed) focusChangedPage();
          else restoreFocus();
        }
        announce(false);
        scrollersFocusable();
      }, 0);
    }
    if (config.verb && config.verb !== "get") pending.own = true;
    if (event.target instanceof Element) pending.roots.push(event.target);
  };

  // 5. A request that fails: htmx swaps nothing (the form and what was typed stay as they are),
  // and the page says what happened in the person's language (`#request-error`'s data-
  // attributes, base.html), once per kind of failure; the next request that succeeds clears it.
  let failure = "";
  let failedMove = false; // a failure of the person's own request, not of a poll
  const ownRequest = (event) => {
    const config = (event.detail && event.detail.requestConfig) || {};
    return !!config.verb && config.verb !== "get";
  };
  const showFailure = (kind, own) => {
    const box = document.getElementById("request-error");
    failedMove = failedMove || own;
    if (!box || failure === kind) return;
    failure = kind;
    const message = document.createElement("p");
    message.className = "message message-error";
    message.textContent = box.dataset[kind] || "";
    box.replaceChildren(message);
  };
  const requestFailed = (event) => {
    const status = (event.detail && event.detail.xhr && event.detail.xhr.status) || 0;
    showFailure(status >= 500 || status === 0 ? "server" : "refused", ownRequest(event));
  };
  // A poll that succeeds does not clear what the person's own failed move said: only their next
  // request that succeeds does.
  const requestDone = (event) => {
    if (!failure || !(event.detail && event.detail.successful)) return;
    if (failedMove && !ownRequest(event)) return;
    failure = "";
    failedMove = false;
    const box = document.getElementById("request-error");
    if (box) box.replaceChildren();
  };

  document.addEventListener("DOMContentLoaded", () => {
    shownMain = document.getElementById("main");
    announce(true);
    scrollersFocusable();
    window.addEventListener("resize", scrollersFocusable);
    const body = document.body;
    // htmx moves focus by id itself; for everything else, remember it before the swap.
    const rememberActive = () => {
      const active = document.activeElement;
      if (!lost() && active !== standIn) remembered = describe(active);
    };
    body.addEventListener("htmx:beforeRequest", rememberActive);
    body.addEventListener("htmx:beforeSwap", rememberActive);
    body.addEventListener("htmx:afterSwap", afterSwap);
    body.addEventListener("htmx:responseError", requestFailed);
    body.addEventListener("htmx:sendError", (event) => showFailure("network", ownRequest(event)));
    body.addEventListener("htmx:afterRequest", requestDone);
    // Form errors rendered with a whole page (no htmx): focus the first one.
    if (document.querySelector("[data-error-for]")) showErrors(document);
  });
})();
