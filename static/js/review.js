// The review's pages: the N key hides or shows the students' names (for projecting), as the
// live view's does. Names are hidden by the server (?names=hidden, so no name reaches the
// projected page), and the key reloads the same address with or without it. The pages work
// without this file (each has a "Hide names" / "Show names" link).
document.addEventListener("DOMContentLoaded", () => {
  document.addEventListener("keydown", (event) => {
    if (event.key !== "n" && event.key !== "N") return;
    if (event.ctrlKey || event.metaKey || event.altKey) return;
    const target = event.target;
    if (target && (target.isContentEditable || ["INPUT", "TEXTAREA", "SELECT"].includes(target.tagName))) return;
    event.preventDefault();
    const url = new URL(window.location.href);
    if (url.searchParams.get("names") === "hidden") url.searchParams.delete("names");
    else url.searchParams.set("names", "hidden");
    window.location.assign(url.toString());
  });
});
