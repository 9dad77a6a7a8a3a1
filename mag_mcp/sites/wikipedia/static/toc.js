// Vector's contents sidebar: "hide" folds the list, each toggle folds a section's subsections.
(() => {
  const toc = document.getElementById('toc');
  if (!toc) return;
  const hide = toc.querySelector('.toc-hide');
  const list = document.getElementById('toc-list');
  hide.addEventListener('click', () => {
    const open = hide.getAttribute('aria-expanded') === 'true';
    list.hidden = open;
    hide.setAttribute('aria-expanded', String(!open));
    hide.textContent = open ? 'show' : 'hide';
  });
  for (const btn of toc.querySelectorAll('.toc-toggle')) {
    btn.addEventListener('click', () => {
      const open = btn.getAttribute('aria-expanded') === 'true';
      btn.setAttribute('aria-expanded', String(!open));
      for (let li = btn.parentElement.nextElementSibling; li && li.classList.contains('toclevel-2');
        li = li.nextElementSibling) li.hidden = open;
    });
  }
})();
