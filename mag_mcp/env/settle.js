// Settle signals (installed in every document before its scripts run). After an
// action, MAG asks the page whether a navigation is on its way and whether the
// DOM has gone quiet, instead of sleeping for a fixed time.
//   navigations: cross-document navigations the page has started (Navigation API
//                `navigate` events, and `beforeunload`), window.open calls, and
//                link clicks or form submissions aimed at another window;
//   lastMutation: when the DOM last changed (performance.now());
//   refused: URLs of windows the page tried to open outside the task's origins
//            (refused here, before the new tab exists: its first request could
//            leave before MAG intercepts that tab's requests).
(() => {
  if (window.__magSettle) return;
  const allowed = new Set(__MAG_ALLOWED_ORIGINS__);
  const s = {navigations: 0, lastMutation: 0, pending: [], refused: []};
  const inside = u => {
    if (u === undefined || u === null || String(u) === '' || String(u) === 'about:blank') return true;
    try { return allowed.has(new URL(String(u), location.href).origin); } catch (e) { return false; }
  };
  const otherWindow = t => !['', '_self', '_top', '_parent'].includes((t || '').toLowerCase());
  Object.defineProperty(window, '__magSettle', {value: s, enumerable: false});
  if (window.navigation) {
    window.navigation.addEventListener('navigate', e => {
      if (!e.hashChange && !(e.destination && e.destination.sameDocument)) s.pending.push(e);
    });
  }
  addEventListener('beforeunload', () => { s.navigations++; }, true);
  // Submissions and link clicks that open another window fire no `navigate` here;
  // whether a handler cancelled them is read when the page is asked.
  addEventListener('submit', e => {
    const f = e.target;
    if (f && otherWindow(f.target) && !inside(f.action)) { e.preventDefault(); s.refused.push(String(f.action)); return; }
    s.pending.push(e);
  }, true);
  addEventListener('click', e => {
    const a = e.target && e.target.closest && e.target.closest('a[href][target]');
    if (!a || !otherWindow(a.target)) return;
    if (!inside(a.href)) { e.preventDefault(); s.refused.push(String(a.href)); return; }
    s.pending.push(e);
  }, true);
  const open = window.open;
  window.open = function (url, ...rest) {
    if (!inside(url)) { s.refused.push(String(url)); return null; }
    s.navigations++;
    return open.call(this, url, ...rest);
  };
  const watch = () => new MutationObserver(() => { s.lastMutation = performance.now(); })
    .observe(document, {subtree: true, childList: true, attributes: true, characterData: true});
  watch();
})();
