/* Postmill: collapse and expand comment threads ([–] / [+]); the submission form's Markdown toolbar, preview and counters. Works without it. */
document.addEventListener("click", function (event) {
  var button = event.target.closest(".comment__toggle");
  if (!button) return;
  var comment = button.closest(".comment");
  var collapsed = comment.classList.toggle("comment--collapsed");
  button.setAttribute("aria-expanded", collapsed ? "false" : "true");
  button.textContent = collapsed ? "[+]" : "[\u2013]";
});

/* Submission form: the Markdown toolbar wraps the selection (or inserts a sample) in the body box. */
var MARKDOWN_FORMATS = {
  bold: ["**", "**", "bold text"], italic: ["*", "*", "italic text"], code: ["`", "`", "code"],
  link: ["[", "](https://)", "link text"], quote: ["> ", "", "quoted text"], heading: ["## ", "", "Heading"],
  ul: ["- ", "", "item"], ol: ["1. ", "", "item"]
};
document.addEventListener("click", function (event) {
  var button = event.target.closest(".markdown-toolbar__button");
  if (!button) return;
  var box = document.getElementById(button.closest(".markdown-toolbar").dataset.for);
  var f = MARKDOWN_FORMATS[button.dataset.format];
  if (!box || !f) return;
  var start = box.selectionStart, end = box.selectionEnd, text = box.value.slice(start, end) || f[2];
  var before = box.value.slice(0, start), lineStart = f[1] === "" && before && !/\n$/.test(before) ? "\n" : "";
  box.value = before + lineStart + f[0] + text + f[1] + box.value.slice(end);
  var at = start + lineStart.length + f[0].length;
  box.focus();
  box.setSelectionRange(at, at + text.length);
});

/* Write / Preview tabs: the preview is rendered by the site (POST /markdown_preview). */
document.addEventListener("click", function (event) {
  var tab = event.target.closest(".markdown-tab");
  if (!tab) return;
  var input = tab.closest(".markdown-input"), box = input.querySelector("textarea[data-preview]");
  var panel = document.getElementById(box.dataset.preview), preview = tab.id.slice(-11) === "preview-tab";
  input.querySelectorAll(".markdown-tab").forEach(function (t) { t.setAttribute("aria-selected", t === tab ? "true" : "false"); });
  input.querySelector(".markdown-toolbar").hidden = preview;
  box.hidden = preview;
  panel.hidden = !preview;
  if (!preview) { box.focus(); return; }
  panel.textContent = "Loading preview…";
  fetch("/markdown_preview", {method: "POST", body: new URLSearchParams({markdown: box.value})})
    .then(function (r) { return r.text(); })
    .then(function (html) { panel.innerHTML = html; })
    .catch(function () { panel.textContent = "The preview could not be loaded."; });
});

/* Character counters (the title's "0 / 300"). */
document.addEventListener("input", function (event) {
  var box = event.target, id = box.dataset && box.dataset.counter;
  if (id && document.getElementById(id)) document.getElementById(id).textContent = box.value.length;
});
