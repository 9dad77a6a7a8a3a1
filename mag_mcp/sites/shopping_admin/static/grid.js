// The grids' selection menu (Select All / Deselect All / ... on This Page, and the header
// checkbox) and the dropdowns' Cancel buttons.
(function () {
  function rows(wrap) {
    const table = wrap.closest('table');
    return table ? Array.from(table.querySelectorAll('tbody input[type=checkbox][form="mass-form"]')) : [];
  }
  function selectAllBox() {
    return document.querySelector('#mass-form input[name="select_all"]');
  }
  document.addEventListener('click', function (ev) {
    const close = ev.target.closest('[data-close-dropdown]');
    if (close) {
      const d = close.closest('details');
      if (d) d.open = false;
      return;
    }
    const item = ev.target.closest('[data-select]');
    if (!item) return;
    const wrap = item.closest('[data-multicheck]');
    if (!wrap) return;
    const how = item.getAttribute('data-select');
    const on = how === 'all' || how === 'page';
    rows(wrap).forEach(function (box) { box.checked = on; });
    const all = selectAllBox();
    if (all && (how === 'all' || how === 'none')) all.checked = how === 'all';
    if (all && how === 'page-none') all.checked = false;
    const page = wrap.querySelector('[data-multicheck-page]');
    if (page) page.checked = on;
    const d = item.closest('details');
    if (d) d.open = false;
  });
  document.addEventListener('change', function (ev) {
    const page = ev.target.closest('[data-multicheck-page]');
    if (!page) return;
    rows(page.closest('[data-multicheck]')).forEach(function (box) { box.checked = page.checked; });
  });
})();
