// Title suggestions under the Kiwix search box (kiwix-serve's /suggest), as links.
// Enter submits the full-text search unless a suggestion was picked with the arrow keys.
(() => {
  const box = document.getElementById('kiwixsearchbox');
  const list = document.getElementById('kiwixsearchsuggest');
  if (!box || !list) return;
  const book = box.form.querySelector('input[name="content"]').value;
  let timer = null, active = -1, seq = 0;
  const hide = () => { list.hidden = true; list.innerHTML = ''; active = -1; };
  const items = () => Array.from(list.querySelectorAll('a'));
  function show(entries) {
    list.innerHTML = '';
    for (const e of entries) {
      const li = document.createElement('li');
      li.setAttribute('role', 'option');
      const a = document.createElement('a');
      a.textContent = e.label;
      a.href = e.kind === 'pattern'
        ? '/search?content=' + encodeURIComponent(book) + '&pattern=' + encodeURIComponent(e.value.trim())
        : '/' + book + '/' + e.path;
      li.appendChild(a);
      list.appendChild(li);
    }
    list.hidden = entries.length === 0;
    active = -1;
  }
  box.addEventListener('input', () => {
    clearTimeout(timer);
    const term = box.value.trim();
    if (!term) { hide(); return; }
    const mine = ++seq;
    timer = setTimeout(() => {
      fetch('/suggest?content=' + encodeURIComponent(book) + '&term=' + encodeURIComponent(term) + '&count=8')
        .then(r => r.ok ? r.json() : [])
        .then(entries => { if (mine === seq && document.activeElement === box) show(entries); })
        .catch(() => {});
    }, 150);
  });
  box.addEventListener('keydown', ev => {
    const links = items();
    if (ev.key === 'ArrowDown' || ev.key === 'ArrowUp') {
      if (!links.length) return;
      ev.preventDefault();
      active = (active + (ev.key === 'ArrowDown' ? 1 : links.length - 1)) % links.length;
      links.forEach((a, i) => a.parentElement.classList.toggle('active', i === active));
    } else if (ev.key === 'Enter' && active >= 0 && links[active]) {
      ev.preventDefault();
      window.location.href = links[active].href;
    } else if (ev.key === 'Escape') {
      hide();
    }
  });
  box.form.addEventListener('submit', () => { seq++; hide(); });
  box.addEventListener('blur', () => setTimeout(hide, 200));
})();
