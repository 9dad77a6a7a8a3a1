// Set-of-Mark collector (DESIGN §6). Returns the visible, unoccluded,
// interactable elements in document order and tags each with data-mag-mark.
// Called with an argument instead, it describes one element, with its stable
// locator candidates (`locator`), and tags nothing:
//   {x, y}    the element an action at that point lands on (the nearest
//             interactable ancestor of the element under it, else that element);
//   {mark: n} the element tagged data-mag-mark=n by the last collection;
//   an Element (from page scripts such as the recorder: `window.__magSom(el)`);
//   {landing: el} for page scripts: the Element itself (not a description) that an
//             action on `el` lands on, its nearest interactable ancestor, or null
//             when there is none.
// It returns null when there is no such element.
(point) => {
  const W = window.innerWidth, H = window.innerHeight;
  if (!point) document.querySelectorAll('[data-mag-mark]').forEach(e => e.removeAttribute('data-mag-mark'));
  const WIDGET_ROLES = new Set(['button','link','checkbox','radio','tab','menuitem','menuitemcheckbox',
    'menuitemradio','option','switch','combobox','textbox','searchbox','slider','spinbutton','treeitem','listbox']);
  const norm = s => (s || '').replace(/\s+/g, ' ').trim();
  const clip = s => s.length > 80 ? s.slice(0, 77) + '...' : s;
  // Visible text without aria-hidden parts, as accessible names are computed.
  let containerText = false;  // describing a container (a click on no interactable): bounded text
  function textOf(node) {
    if (!node) return '';
    if (containerText) return boundedText(node);
    if (!node.querySelector || !node.querySelector('[aria-hidden="true"]')) return norm(node.innerText);
    const copy = node.cloneNode(true);
    copy.querySelectorAll('[aria-hidden="true"]').forEach(e => e.remove());
    return norm(copy.textContent);
  }

  // The first rendered, not aria-hidden, text of a container, read only until a name's worth:
  // innerText of a page-sized container (and its copy without the aria-hidden parts) cost
  // tens of milliseconds for a name that is clipped to 80 characters.
  function boundedText(node) {
    const parts = [];
    let total = 0;
    const walker = document.createTreeWalker(node, NodeFilter.SHOW_TEXT);
    for (let t = walker.nextNode(); t && total <= 160; t = walker.nextNode()) {
      const p = t.parentElement, text = norm(t.data);
      if (!text || !p || !p.getClientRects().length) continue;
      const hidden = p.closest('[aria-hidden="true"]');
      if (hidden && node.contains(hidden)) continue;
      parts.push(text);
      total += text.length + 1;
    }
    return norm(parts.join(' '));
  }

  function roleOf(el) {
    const r = el.getAttribute('role');
    if (r) return r.split(' ')[0];
    const tag = el.tagName.toLowerCase();
    if (tag === 'a') return el.hasAttribute('href') ? 'link' : 'generic';
    if (tag === 'button' || tag === 'summary') return 'button';
    if (tag === 'select') return el.multiple || el.size > 1 ? 'listbox' : 'combobox';
    if (tag === 'textarea') return 'textbox';
    if (tag === 'input') {
      const t = (el.getAttribute('type') || 'text').toLowerCase();
      if (['button','submit','reset','image'].includes(t)) return 'button';
      if (t === 'checkbox') return 'checkbox';
      if (t === 'radio') return 'radio';
      if (t === 'range') return 'slider';
      if (t === 'number') return 'spinbutton';
      if (t === 'search') return 'searchbox';
      return 'textbox';
    }
    if (tag === 'img') return 'img';
    return tag === 'label' ? 'label' : 'generic';
  }

  function nameOf(el) {
    const al = el.getAttribute('aria-label');
    if (al && norm(al)) return norm(al);
    const lb = el.getAttribute('aria-labelledby');
    if (lb) {
      const t = lb.split(/\s+/).map(id => document.getElementById(id)).filter(Boolean).map(e => textOf(e)).join(' ');
      if (norm(t)) return norm(t);
    }
    const tag = el.tagName.toLowerCase();
    if (['input','select','textarea'].includes(tag)) {
      const t = (el.getAttribute('type') || '').toLowerCase();
      if (['submit','button','reset'].includes(t)) return norm(el.value) || (t === 'submit' ? 'Submit' : '');
      if (el.labels && el.labels.length) {
        const t2 = norm(Array.from(el.labels).map(l => textOf(l)).join(' '));
        if (t2) return t2;
      }
      if (el.getAttribute('title')) return norm(el.getAttribute('title'));
      if (el.getAttribute('placeholder')) return norm(el.getAttribute('placeholder'));
      return norm(el.getAttribute('name') || '');
    }
    const text = textOf(el);
    if (text) return text;
    const img = el.querySelector('img[alt]');
    if (img && norm(img.alt)) return norm(img.alt);
    if (tag === 'img') return norm(el.getAttribute('alt'));
    return norm(el.getAttribute('title') || '');
  }

  // Computed cursors, memoised for the collection (a pointer's parent is asked once per child).
  const cursors = new Map();
  function cursorOf(el) {
    let c = cursors.get(el);
    if (c === undefined) { c = getComputedStyle(el).cursor; cursors.set(el, c); }
    return c;
  }
  function interactable(el) {
    const tag = el.tagName.toLowerCase();
    if (tag === 'a' && el.hasAttribute('href')) return true;
    if (['button','select','textarea','summary'].includes(tag)) return true;
    if (tag === 'input') return (el.getAttribute('type') || '').toLowerCase() !== 'hidden';
    const r = el.getAttribute('role');
    if (r && WIDGET_ROLES.has(r.split(' ')[0])) return true;
    if (el.hasAttribute('onclick') || el.isContentEditable && el.getAttribute('contenteditable') !== null) return true;
    const ti = el.getAttribute('tabindex');
    if (ti !== null && ti !== '-1') return true;
    if (cursorOf(el) === 'pointer') {
      const p = el.parentElement;
      return !(p && cursorOf(p) === 'pointer');
    }
    return false;
  }

  // The element's first box clipped to the viewport (geometry first: most elements of a long
  // page are outside the viewport or in hidden subtrees, and that needs no style lookup).
  function viewportBox(el) {
    const rects = el.getClientRects();
    let r = null;
    for (let i = 0; i < rects.length; i++) if (rects[i].width >= 1 && rects[i].height >= 1) { r = rects[i]; break; }
    if (!r) return null;
    const x0 = Math.max(0, r.left), y0 = Math.max(0, r.top);
    const x1 = Math.min(W, r.right), y1 = Math.min(H, r.bottom);
    if (x1 - x0 < 2 || y1 - y0 < 2) return null;
    return {x: x0, y: y0, width: x1 - x0, height: y1 - y0};
  }
  function shown(el) {
    const st = getComputedStyle(el);
    return !(st.visibility === 'hidden' || st.display === 'none' || parseFloat(st.opacity) === 0) && !el.disabled;
  }

  function unoccluded(el, b) {
    const pts = [[b.x + b.width / 2, b.y + b.height / 2]];
    for (const [px, py] of pts) {
      const top = document.elementFromPoint(px, py);
      if (!top) continue;
      if (top === el || el.contains(top) || top.contains(el)) return true;
      // a <label> covering its own control (custom checkboxes) counts as the control
      if (el.labels && Array.from(el.labels).some(l => l === top || l.contains(top))) return true;
    }
    return false;
  }

  function describe(el, b, id) {
    const tag = el.tagName.toLowerCase();
    const t = (el.getAttribute('type') || 'text').toLowerCase();
    const editable = el.isContentEditable || tag === 'textarea' ||
      (tag === 'input' && !['button','submit','reset','image','checkbox','radio','range','color','file','hidden'].includes(t));
    return {id, role: roleOf(el), name: clip(nameOf(el)), tag, bbox: b, editable: !!editable && !el.readOnly};
  }

  // Stable locator candidates, most robust first when used in this order: test id, element id,
  // aria-label, role + accessible name, visible text, CSS path (with nth-of-type steps).
  const cssEscape = s => (window.CSS && CSS.escape) ? CSS.escape(s) : s.replace(/[^a-zA-Z0-9_-]/g, c => '\\' + c);
  function cssPath(el) {
    const parts = [];
    for (let node = el; node && node.nodeType === 1 && node !== document.documentElement; node = node.parentElement) {
      if (node.id && document.querySelectorAll('#' + cssEscape(node.id)).length === 1) {
        parts.unshift('#' + cssEscape(node.id));
        return parts.join(' > ');
      }
      const tag = node.tagName.toLowerCase();
      const same = node.parentElement ? Array.from(node.parentElement.children).filter(c => c.tagName === node.tagName) : [];
      parts.unshift(same.length > 1 ? `${tag}:nth-of-type(${same.indexOf(node) + 1})` : tag);
    }
    return parts.join(' > ');
  }
  function locatorOf(el) {
    const attr = n => norm(el.getAttribute(n) || '') || null;
    const testid = attr('data-testid') || attr('data-test-id') || attr('data-test') || attr('data-qa');
    const text = ['input', 'select', 'textarea'].includes(el.tagName.toLowerCase()) ? null : clip(textOf(el)) || null;
    return {testid, id: el.id || null, aria_label: attr('aria-label'), role: roleOf(el), name: clip(nameOf(el)) || null,
            text, css: cssPath(el)};
  }
  function describeOne(el) {
    const r = el.getBoundingClientRect();
    return {...describe(el, {x: r.left, y: r.top, width: r.width, height: r.height}, 0), locator: locatorOf(el)};
  }

  // The nearest interactable ancestor of `el` (itself included), or null.
  function interactableAncestor(el) {
    while (el && el !== document.body && !interactable(el)) el = el.parentElement;
    return el && el !== document.body ? el : null;
  }

  if (point instanceof Element) return describeOne(point);
  if (point && point.landing instanceof Element) return interactableAncestor(point.landing);
  if (point && point.mark !== undefined) {
    const el = document.querySelector(`[data-mag-mark="${Number(point.mark)}"]`);
    return el ? {...describeOne(el), id: Number(point.mark)} : null;
  }
  if (point) {
    const hit = document.elementFromPoint(point.x, point.y);
    if (!hit) return null;
    const target = interactableAncestor(hit);
    if (target) return describeOne(target);
    containerText = true;
    try { return describeOne(hit); } finally { containerText = false; }
  }

  const out = [];
  let id = 0;
  // The body's elements in document order, less the subtrees of display:none elements (hidden
  // menus are most of a large page's elements): nothing in them has a box, so nothing there is
  // read, and nothing allocated per element. A display:contents element has no box of its
  // own either, but its children may: they are visited.
  const marked = [];
  const walker = document.body && document.createTreeWalker(document.body, NodeFilter.SHOW_ELEMENT, el =>
    el.checkVisibility() ? NodeFilter.FILTER_ACCEPT
      : getComputedStyle(el).display === 'none' ? NodeFilter.FILTER_REJECT : NodeFilter.FILTER_SKIP);
  for (let el = walker && walker.nextNode(); el; el = walker.nextNode()) {
    const b = viewportBox(el);
    if (!b || !interactable(el) || !shown(el) || !unoccluded(el, b)) continue;
    id += 1;
    marked.push(el);
    out.push(describe(el, b, id));
  }
  // tagged after every read, so no read above follows a write
  marked.forEach((el, i) => el.setAttribute('data-mag-mark', String(i + 1)));
  return out;
}
