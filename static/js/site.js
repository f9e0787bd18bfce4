// Small progressive enhancements. Pages work without this file.
document.addEventListener("DOMContentLoaded", () => {
  // Submit the language form as soon as a language is picked, keeping the button for keyboards.
  const select = document.getElementById("language-select");
  if (select) {
    select.addEventListener("change", () => select.form.submit());
  }
});
