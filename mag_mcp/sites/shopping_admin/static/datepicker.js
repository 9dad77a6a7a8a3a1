// Magento's date picker: a calendar button after every MM/DD/YYYY field; the calendar it opens
// (month and year steps, "Go Today", "Close") writes the chosen day into the field.
(function () {
  const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October',
    'November', 'December'];
  const pad = n => String(n).padStart(2, '0');
  const fmt = d => `${pad(d.getMonth() + 1)}/${pad(d.getDate())}/${d.getFullYear()}`;
  function parse(v) {
    const m = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec((v || '').trim());
    return m ? new Date(+m[3], +m[1] - 1, +m[2]) : null;
  }
  function labelOf(input) {
    const l = input.labels && input.labels[0];
    return l ? l.textContent.replace(/\s+/g, ' ').trim() : (input.getAttribute('aria-label') || input.name || 'date');
  }
  let open = null;
  function close() { if (open) { open.remove(); open = null; } }
  function show(input, button, month) {
    close();
    const box = document.createElement('div');
    box.className = 'ui-datepicker';
    box.setAttribute('role', 'dialog');
    box.setAttribute('aria-label', 'Calendar');
    const head = document.createElement('div');
    head.className = 'ui-datepicker-header';
    const title = document.createElement('span');
    title.className = 'ui-datepicker-title';
    title.textContent = `${MONTHS[month.getMonth()]} ${month.getFullYear()}`;
    const step = (label, delta) => {
      const b = document.createElement('button');
      b.type = 'button'; b.className = 'ui-datepicker-step'; b.textContent = label;
      b.setAttribute('aria-label', delta < 0 ? 'Previous month' : 'Next month');
      b.addEventListener('click', () => show(input, button, new Date(month.getFullYear(), month.getMonth() + delta, 1)));
      return b;
    };
    head.append(step('\u2039', -1), title, step('\u203a', 1));
    const table = document.createElement('table');
    table.className = 'ui-datepicker-calendar';
    const hr = table.insertRow();
    for (const d of ['Su', 'Mo', 'Tu', 'We', 'Th', 'Fr', 'Sa']) { const th = document.createElement('th'); th.textContent = d; hr.append(th); }
    const first = new Date(month.getFullYear(), month.getMonth(), 1);
    const days = new Date(month.getFullYear(), month.getMonth() + 1, 0).getDate();
    let row = table.insertRow();
    for (let i = 0; i < first.getDay(); i++) row.insertCell();
    for (let day = 1; day <= days; day++) {
      if (row.cells.length === 7) row = table.insertRow();
      const b = document.createElement('button');
      b.type = 'button'; b.className = 'ui-state-default'; b.textContent = day;
      const when = new Date(month.getFullYear(), month.getMonth(), day);
      b.addEventListener('click', () => { input.value = fmt(when); input.dispatchEvent(new Event('change', {bubbles: true})); close(); input.focus(); });
      row.insertCell().append(b);
    }
    const foot = document.createElement('div');
    foot.className = 'ui-datepicker-buttonpane';
    const today = document.createElement('button');
    today.type = 'button'; today.textContent = 'Go Today';
    today.addEventListener('click', () => { input.value = fmt(new Date()); close(); input.focus(); });
    const shut = document.createElement('button');
    shut.type = 'button'; shut.textContent = 'Close';
    shut.addEventListener('click', close);
    foot.append(today, shut);
    box.append(head, table, foot);
    const r = button.getBoundingClientRect();
    box.style.left = `${window.scrollX + r.left}px`;
    box.style.top = `${window.scrollY + r.bottom + 4}px`;
    document.body.append(box);
    open = box;
  }
  function attach(input) {
    if (input.dataset.datepicker === 'on') return;
    input.dataset.datepicker = 'on';
    const b = document.createElement('button');
    b.type = 'button';
    b.className = 'ui-datepicker-trigger';
    b.title = 'Select Date';
    b.setAttribute('aria-label', `Select date: ${labelOf(input)}`);
    b.addEventListener('click', ev => {
      ev.preventDefault();
      if (open) { close(); return; }
      const d = parse(input.value) || new Date();
      show(input, b, new Date(d.getFullYear(), d.getMonth(), 1));
    });
    input.insertAdjacentElement('afterend', b);
  }
  function init() { document.querySelectorAll('input[placeholder="MM/DD/YYYY"]').forEach(attach); }
  document.addEventListener('keydown', ev => { if (ev.key === 'Escape') close(); });
  document.addEventListener('click', ev => { if (open && !open.contains(ev.target) && !ev.target.closest('.ui-datepicker-trigger')) close(); });
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', init); else init();
})();
