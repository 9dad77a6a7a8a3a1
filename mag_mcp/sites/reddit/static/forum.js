/* Postmill: collapse and expand comment threads ([–] / [+]). Works without it: threads stay open. */
document.addEventListener("click", function (event) {
  var button = event.target.closest(".comment__toggle");
  if (!button) return;
  var comment = button.closest(".comment");
  var collapsed = comment.classList.toggle("comment--collapsed");
  button.setAttribute("aria-expanded", collapsed ? "false" : "true");
  button.textContent = collapsed ? "[+]" : "[\u2013]";
});
