// Demonstration recorder (`mag record`). Injected into every page and frame after
// `window.__magSom` (som.js, the one copy of role / name / locator logic) and
// `window.__magRecConfig` = {scrollStep, viewportHeight, askAnswer}. It reports what the
// person does through the `__magRecord` binding, one message per step, sent before the
// page's own handlers run (so a click that navigates is reported before the page unloads):
//   {kind: 'click'|'type'|'select'|'press', tag, candidates, html, value, enter, url, scrolls}
//   {kind: 'load', url, referrer, navigation}  top frame, once per document (and bfcache restores)
//   {kind: 'finish', answer, url, scrolls}     the Finish control, or Python calling finish()
// `tag` is also written to the target's data-mag-rec attribute, and `html` is a copy of the
// document at that moment (scripts left out, a <base> added), so Python can check which
// element a locator resolves to even once the page is gone. `scrolls` are the scroll steps
// a replay needs first: a replay scrolls by whole steps of `scrollStep` from the top of each
// new document, so the target is brought into view by that rule, whatever the person's own
// scrolling was.
(() => {
  if (window.__magRec) return;
  const cfg = window.__magRecConfig;
  const som = window.__magSom;
  const isTop = window === window.top;
  const doc = Math.random().toString(36).slice(2, 10);
  let seq = 0;
  let host = null;  // the Finish control (top frame), in a closed shadow root
  let typing = null;  // the field being typed in: {el, tag, candidates, scrolls}
  let skipClickOn = null;  // a label's control, about to receive the click the label forwards
  let submitting = false;  // Enter in a field: the click a form's implicit submission makes is not the person's
  let replayY = 0;  // where a replay of the steps so far has scrolled this document to

  const send = msg => window.__magRecord(msg);
  const own = ev => host !== null && ev.composedPath().includes(host);

  function tagOf(el) {
    seq += 1;
    const tag = `${doc}-${seq}`;
    el.setAttribute('data-mag-rec', tag);
    return tag;
  }

  // ---------------------------------------------------------------- the replay's scrolling
  function maxScroll() {
    const se = document.scrollingElement || document.documentElement;
    return Math.max(0, se.scrollHeight - cfg.viewportHeight);
  }
  function moveReplay(dir, out) {
    const next = Math.min(maxScroll(), Math.max(0, replayY + dir * cfg.scrollStep));
    if (next === replayY) return false;
    replayY = next;
    out.push(dir > 0 ? 'down' : 'up');
    return true;
  }
  function fixed(el) {
    for (let n = el; n && n.nodeType === 1; n = n.parentElement) {
      if (getComputedStyle(n).position === 'fixed') return true;
    }
    return false;
  }
  // Scroll steps that bring `el` wholly into the replay's viewport (its top, if it is taller).
  function scrollsTo(el) {
    const out = [];
    if (!isTop || fixed(el)) return out;
    const r = el.getBoundingClientRect();
    const y0 = r.top + window.scrollY, y1 = r.bottom + window.scrollY, h = cfg.viewportHeight;
    const fits = () => (y1 - y0 <= h ? y0 >= replayY && y1 <= replayY + h : y0 >= replayY && y0 < replayY + h);
    const dir = y0 < replayY ? -1 : 1;
    while (!fits() && out.length < 100 && moveReplay(dir, out));
    return out;
  }
  // Scroll steps that end the replay looking where the person looks now.
  function scrollsToView() {
    const out = [];
    while (isTop && Math.abs(window.scrollY - replayY) > cfg.scrollStep / 2 && out.length < 100 &&
           moveReplay(window.scrollY > replayY ? 1 : -1, out));
    return out;
  }

  // ---------------------------------------------------------------- steps
  // The document as it is now, without scripts or this recorder's control, with a <base>
  // so that its stylesheets load wherever the copy is opened.
  function snapshot() {
    const copy = document.documentElement.cloneNode(true);
    copy.querySelectorAll('script, noscript, mag-recorder').forEach(e => e.remove());
    const base = document.createElement('base');
    base.href = document.baseURI;
    (copy.querySelector('head') || copy).prepend(base);
    return (document.doctype ? `<!DOCTYPE ${document.doctype.name}>` : '') + copy.outerHTML;
  }

  function step(kind, el, extra) {
    const msg = {kind, tag: null, candidates: null, html: null, value: null, enter: false, url: location.href,
                 scrolls: el ? scrollsTo(el) : [], ...extra};
    if (el) {
      msg.candidates = som(el).locator;
      msg.tag = tagOf(el);
      msg.html = snapshot();
    }
    send(msg);
  }

  const valueOf = el => (el.isContentEditable ? el.innerText : el.value);
  function flushTyping(enter) {
    if (!typing) return;
    const t = typing;
    typing = null;
    send({kind: 'type', tag: t.tag, candidates: t.candidates, html: t.el.isConnected ? snapshot() : null,
          value: valueOf(t.el), enter, url: location.href, scrolls: t.scrolls});
  }
  function startTyping(el) {
    if (typing && typing.el === el) return;
    flushTyping(false);
    const scrolls = scrollsTo(el);
    typing = {el, candidates: som(el).locator, tag: tagOf(el), scrolls};
  }

  // A text field (not a button-like input, checkbox or dropdown), as som.js calls it editable.
  const textField = el => el instanceof Element && som(el).editable;
  const CONTROL_TAGS = new Set(['A', 'BUTTON', 'INPUT', 'SELECT', 'TEXTAREA']);
  function shown(el) {
    const st = getComputedStyle(el);
    return el.getClientRects().length > 0 && st.visibility !== 'hidden' && parseFloat(st.opacity) > 0;
  }

  window.addEventListener('click', ev => {
    if (!ev.isTrusted || own(ev) || !(ev.target instanceof Element)) return;
    if (submitting && ev.detail === 0) return;
    if (ev.target === skipClickOn) {
      skipClickOn = null;
      return;
    }
    let el = som({landing: ev.target});
    const label = ev.target.closest('label');
    if (label && label.control && !(el && el !== label && CONTROL_TAGS.has(el.tagName))) {
      // a click on a label is forwarded to its control: record one click, on the control if it is shown
      el = shown(label.control) ? label.control : label;
      if (!textField(label.control)) {
        skipClickOn = label.control;
        setTimeout(() => { skipClickOn = null; }, 0);
      }
    }
    if (!el) return;  // nothing interactable there: the click does nothing
    if (typing && typing.el !== el) flushTyping(false);
    // focusing a field is part of typing in it; a dropdown reports its choice on change
    if (textField(el) || el.tagName === 'SELECT' || el.tagName === 'OPTION') return;
    step('click', el);
  }, true);

  window.addEventListener('input', ev => {
    const el = ev.composedPath()[0];
    if (own(ev) || !textField(el)) return;
    startTyping(el.isContentEditable ? el.closest('[contenteditable]:not([contenteditable="false"])') || el : el);
  }, true);

  window.addEventListener('focusout', ev => {
    if (typing && ev.target === typing.el) flushTyping(false);
  }, true);

  window.addEventListener('change', ev => {
    const el = ev.target;
    if (own(ev) || !(el instanceof HTMLSelectElement)) return;
    flushTyping(false);
    const value = Array.from(el.selectedOptions).map(o => (o.label || o.text).trim()).join(', ');
    step('select', el, {value});
  }, true);

  // Keys that a button or link turns into a click are recorded as that click.
  const ACTIVATES = el => el instanceof Element && el.matches(
    'a[href], button, summary, input[type=submit], input[type=button], input[type=reset], input[type=image]');
  window.addEventListener('keydown', ev => {
    if (!ev.isTrusted || own(ev) || ev.isComposing || ev.ctrlKey || ev.altKey || ev.metaKey) return;
    if (ev.key !== 'Enter' && ev.key !== 'Escape') return;
    const el = ev.composedPath()[0];
    if (ev.key === 'Enter') {
      if (textField(el)) {
        if (el.tagName === 'TEXTAREA' || el.isContentEditable) return;  // a new line, part of the text
        startTyping(el);
        flushTyping(true);
        submitting = true;
        setTimeout(() => { submitting = false; }, 0);
        return;
      }
      if (ACTIVATES(el)) return;
    }
    flushTyping(false);
    step('press', null, {value: ev.key});
  }, true);

  window.addEventListener('pagehide', () => flushTyping(false), true);

  // ---------------------------------------------------------------- documents
  if (isTop) {
    const entry = performance.getEntriesByType('navigation')[0];
    send({kind: 'load', url: location.href, referrer: document.referrer, navigation: entry ? entry.type : 'navigate'});
    window.addEventListener('pageshow', ev => {
      if (!ev.persisted) return;
      replayY = 0;
      send({kind: 'load', url: location.href, referrer: document.referrer, navigation: 'back_forward'});
    });
  }

  // ---------------------------------------------------------------- finishing
  function finish(answer) {
    flushTyping(false);
    send({kind: 'finish', answer, url: location.href, scrolls: scrollsToView()});
  }

  function mountFinishControl() {
    if (!isTop || host || !document.body) return;
    host = document.createElement('mag-recorder');
    host.style.cssText = 'all: initial; position: fixed; right: 12px; bottom: 12px; z-index: 2147483647;';
    const root = host.attachShadow({mode: 'closed'});
    root.innerHTML = `<style>
      .box { font: 14px system-ui, sans-serif; background: #1f2937; color: #fff; border-radius: 8px;
             padding: 8px; box-shadow: 0 2px 10px rgba(0,0,0,.35); display: flex; gap: 6px; align-items: center; }
      button { font: inherit; border: 0; border-radius: 6px; padding: 6px 10px; cursor: pointer; }
      .finish { background: #dc2626; color: #fff; }
      input { font: inherit; padding: 5px; width: 260px; }
      [hidden] { display: none; }
    </style>
    <div class="box">
      <span class="dot">● REC</span>
      <button class="finish" type="button">Finish recording</button>
      <form hidden><input name="answer" placeholder="Final answer" aria-label="Final answer" autocomplete="off">
        <button type="submit">Done</button></form>
      <span class="over" hidden>Recording finished: you may close this window.</span>
    </div>`;
    const button = root.querySelector('.finish'), form = root.querySelector('form');
    const done = answer => {
      button.hidden = true;
      form.hidden = true;
      root.querySelector('.over').hidden = false;
      finish(answer);
    };
    button.addEventListener('click', () => {
      if (!cfg.askAnswer) return done(null);
      button.hidden = true;
      form.hidden = false;
      form.answer.focus();
    });
    form.addEventListener('submit', ev => {
      ev.preventDefault();
      done(form.answer.value.trim());
    });
    document.body.appendChild(host);
  }
  if (document.body) mountFinishControl();
  else document.addEventListener('DOMContentLoaded', mountFinishControl);

  window.__magRec = {flush: () => flushTyping(false), finish};
})();
