// Settle signals and in-page guards (installed in every document, frames included,
// before its scripts run). After an action, MAG asks the page whether a navigation is
// on its way and whether the DOM has gone quiet, instead of sleeping for a fixed time.
//   navigations: cross-document navigations the page has started (Navigation API
//                `navigate` events, and `beforeunload`), window.open calls, and
//                link clicks or form submissions aimed at another window;
//   lastMutation: when the DOM last changed (performance.now());
//   refused: what the page tried outside the task's origins and was refused here,
//            when MAG's `__magRefused` binding is not there to hear it at once.
// Refused here, before anything exists: navigations and links to other origins
// (Chromium connects to a navigation's host as it starts), windows (a new tab's first
// request could leave before MAG intercepts that tab), and WebSockets and WebRTC
// connections (the DevTools protocol cannot intercept them at all).
(() => {
  if (window.__magSettle) return;
  const allowed = new Set(__MAG_ALLOWED_ORIGINS__);
  const tell = typeof window.__magRefused === 'function' ? window.__magRefused : null;
  const s = {navigations: 0, lastMutation: 0, pending: [], refused: []};
  const refuse = (what, u) => {
    const url = String(u).slice(0, 300);
    if (tell) { try { tell(what, url); return; } catch (e) { /* the binding is gone: keep it */ } }
    s.refused.push(url);
  };
  const inside = u => {
    if (u === undefined || u === null || String(u) === '' || String(u) === 'about:blank') return true;
    try { return allowed.has(new URL(String(u), location.href).origin); } catch (e) { return false; }
  };
  const socketInside = u => {
    try {
      const x = new URL(String(u), location.href);
      const scheme = {'ws:': 'http:', 'wss:': 'https:'}[x.protocol] || x.protocol;
      return allowed.has(scheme + '//' + x.host);
    } catch (e) { return false; }
  };
  const otherWindow = t => !['', '_self', '_top', '_parent'].includes((t || '').toLowerCase());
  Object.defineProperty(window, '__magSettle', {value: s, enumerable: false});
  // A navigation this document starts to another origin is cancelled before it begins:
  // Chromium connects to a navigation's host as it starts, before any request MAG could
  // intercept (one that cannot be cancelled here is still refused by the tab's guard).
  const navigable = u => {
    if (u === 'about:blank') return true;
    try { const x = new URL(u); return (x.protocol === 'http:' || x.protocol === 'https:') && allowed.has(x.origin); }
    catch (e) { return false; }
  };
  if (window.navigation) {
    window.navigation.addEventListener('navigate', e => {
      if (e.hashChange || (e.destination && e.destination.sameDocument)) return;
      const url = e.destination && e.destination.url;
      if (e.cancelable && url && !navigable(url)) { e.preventDefault(); refuse('link', url); return; }
      s.pending.push(e);
    });
  }
  addEventListener('beforeunload', () => { s.navigations++; }, true);
  // Submissions and link clicks that open another window fire no `navigate` here;
  // whether a handler cancelled them is read when the page is asked.
  addEventListener('submit', e => {
    const f = e.target;
    if (f && otherWindow(f.target) && !inside(f.action)) { e.preventDefault(); refuse('window', f.action); return; }
    s.pending.push(e);
  }, true);
  // Links to other origins are refused here too, in any window: following one makes Chromium
  // open a connection to its host before any request MAG could intercept.
  const isLink = n => n instanceof HTMLAnchorElement || n instanceof HTMLAreaElement;
  const leaves = a => a.hasAttribute('href') && !/^javascript:/i.test(a.href) && !inside(a.href);
  addEventListener('click', e => {
    const a = e.composedPath().find(isLink);
    if (!a || !a.hasAttribute('href')) return;
    if (leaves(a)) { e.preventDefault(); refuse(otherWindow(a.target) ? 'window' : 'link', a.href); return; }
    if (otherWindow(a.target)) s.pending.push(e);
  }, true);
  for (const proto of [HTMLAnchorElement.prototype, HTMLAreaElement.prototype]) {  // links never put in the page
    const click = proto.click, dispatch = proto.dispatchEvent;
    const detached = a => !a.isConnected && leaves(a);
    proto.click = function () {
      if (detached(this)) { refuse(otherWindow(this.target) ? 'window' : 'link', this.href); return; }
      return click.call(this);
    };
    proto.dispatchEvent = function (ev) {
      if (ev && ev.type === 'click' && detached(this)) { refuse(otherWindow(this.target) ? 'window' : 'link', this.href); return false; }
      return dispatch.call(this, ev);
    };
  }
  const submit = HTMLFormElement.prototype.submit;  // a script's submit() fires no `submit` event
  HTMLFormElement.prototype.submit = function () {
    if (otherWindow(this.target) && !inside(this.action)) { refuse('window', this.action); return; }
    return submit.call(this);
  };
  const open = window.open;
  window.open = function (url, ...rest) {
    if (!inside(url)) { refuse('window', url); return null; }
    s.navigations++;
    return open.call(this, url, ...rest);
  };
  const refusedError = (what, u) => new DOMException(`${what} to ${String(u).slice(0, 100)} refused: ` +
    'outside this task\'s sites', 'SecurityError');
  if (window.WebSocket) {
    window.WebSocket = new Proxy(window.WebSocket, {
      construct(target, args, newTarget) {
        if (!socketInside(args[0])) { refuse('WebSocket', args[0]); throw refusedError('a WebSocket', args[0]); }
        return Reflect.construct(target, args, newTarget);
      },
    });
  }
  for (const name of ['RTCPeerConnection', 'webkitRTCPeerConnection']) {  // ICE reaches any host and port
    if (!window[name]) continue;
    window[name] = new Proxy(window[name], {
      construct() { refuse('WebRTC connection', 'a peer connection'); throw refusedError('a WebRTC connection', 'peers'); },
    });
  }
  const watch = () => new MutationObserver(() => { s.lastMutation = performance.now(); })
    .observe(document, {subtree: true, childList: true, attributes: true, characterData: true});
  watch();
})();
