"""The trap pages of the allowed origin (`/t/<name>`): each tries one way out of it, aimed
at the forbidden origin's `/hit/<name>`; and pages that misuse the renderer."""

from __future__ import annotations

import html
from urllib.parse import quote


def go_button(script: str) -> str:
    """A button named "Go" that runs `script` when clicked."""
    return f'<button type="button" onclick="{html.escape(script)}">Go</button>'


def trap_pages(allowed: str, forbidden: str, forbidden_port: int) -> dict[str, str]:
    """The body of every trap page (`/t/<name>`), aimed at the forbidden origin's `/hit/<name>`."""
    def hit(name: str) -> str:
        return f"{forbidden}/hit/{name}"

    ws = f"ws://127.0.0.1:{forbidden_port}/hit"
    blob_doc = ("const d = '<title>Blob</title><script>location.href = ' + JSON.stringify('HIT') + '</' + "
                "'script>'; location.href = window.URL.createObjectURL(new Blob([d], {type: 'text/html'}));")
    pages = {
        # links and forms the agent clicks
        "link-other-port": f'<a href="{hit("link-other-port")}">Go</a>',
        "link-other-host": '<a href="http://example.invalid/hit/link-other-host">Go</a>',
        "link-metadata": '<a href="http://169.254.169.254/latest/meta-data/">Go</a>',
        "link-file": '<a href="file:///etc/passwd">Go</a>',
        "link-data": '<a href="data:text/html,<h1>data</h1>">Go</a>',
        "link-view-source": f'<a href="view-source:{allowed}/">Go</a>',
        "link-chrome": '<a href="chrome://version/">Go</a>',
        "link-javascript": f"<a href=\"javascript:location.href='{hit('link-javascript')}'\">Go</a>",
        "link-blob": go_button(blob_doc.replace("HIT", hit("link-blob"))),
        "link-blank": f'<a href="{hit("link-blank")}" target="_blank">Go</a>',
        "link-blank-noopener": f'<a href="{hit("link-blank-noopener")}" target="_blank" rel="noopener noreferrer">Go</a>',
        "link-ping": f'<a href="/t/landing" ping="{hit("link-ping")}">Go</a>',
        "form-get": f'<form action="{hit("form-get")}"><input name="q" value="x"><button>Go</button></form>',
        "form-post": f'<form method="post" action="{hit("form-post")}"><input name="q" value="x"><button>Go</button></form>',
        "form-post-blank": (f'<form method="post" target="_blank" action="{hit("form-post-blank")}">'
                            '<input name="q" value="x"><button>Go</button></form>'),
        "form-script-submit-blank": (f'<form id="f" method="post" action="{hit("form-script-submit-blank")}">'
                                     '<input name="q" value="x"></form>'
                                     + go_button("const f = document.getElementById('f'); f.target = '_blank'; "
                                                 "HTMLFormElement.prototype.submit.call(f);")),
        "form-post-307": ('<form method="post" action="/r/307?to=' + quote(hit("form-post-307"), safe="") + '">'
                          '<input name="q" value="x"><button>Go</button></form>'),
        # script navigations
        "js-location-href": go_button(f"location.href = '{hit('js-location-href')}'"),
        "js-location-replace": go_button(f"location.replace('{hit('js-location-replace')}')"),
        "js-location-assign": go_button(f"location.assign('{hit('js-location-assign')}')"),
        "js-document-location": go_button(f"document.location = '{hit('js-document-location')}'"),
        "js-navigation-api": go_button(f"navigation.navigate('{hit('js-navigation-api')}')"),
        "js-history": go_button(f"try {{ history.pushState({{}}, '', '{hit('js-history')}'); }} catch (e) {{}} "
                                "history.go(0);"),
        "js-timer-navigation": go_button(f"setTimeout(() => {{ location.href = '{hit('js-timer-navigation')}'; }}, 300)"),
        "js-top-from-frame": ('<iframe name="inner" srcdoc="<p>inner</p>"></iframe>'
                              + go_button(f"frames.inner.eval(\"top.location.href = '{hit('js-top-from-frame')}'\")")),
        # new windows
        "window-open": go_button(f"window.open('{hit('window-open')}')"),
        "window-open-noopener": go_button(f"window.open('{hit('window-open-noopener')}', '_blank', 'noopener')"),
        "window-open-timer": go_button(f"setTimeout(() => window.open('{hit('window-open-timer')}'), 300)"),
        "window-open-then-navigate": go_button(f"const w = window.open('about:blank'); "
                                               f"w.location.href = '{hit('window-open-then-navigate')}';"),
        "window-open-other-realm": go_button("const f = document.createElement('iframe'); document.body.append(f); "
                                             f"f.contentWindow.open('{hit('window-open-other-realm')}');"),
        "link-detached-dispatch": go_button(f"const a = document.createElement('a'); a.href = "
                                            f"'{hit('link-detached-dispatch')}'; a.dispatchEvent(new MouseEvent('click'));"),
        "window-open-detached-link": go_button(f"const a = document.createElement('a'); a.href = "
                                               f"'{hit('window-open-detached-link')}'; a.target = '_blank'; a.click();"),
        # pages that leave by themselves once opened
        "meta-refresh": f'<meta http-equiv="refresh" content="0;url={hit("meta-refresh")}"><p>refreshing</p>',
        "meta-refresh-delayed": f'<meta http-equiv="refresh" content="1;url={hit("meta-refresh-delayed")}"><p>soon</p>',
        "js-redirect-after-load": ("<script>addEventListener('load', () => setTimeout(() => "
                                   f"{{ location.href = '{hit('js-redirect-after-load')}'; }}, 200));</script>"),
        "iframe-out": f'<iframe src="{hit("iframe-out")}"></iframe>',
        "iframe-redirect": '<iframe src="/r/302?to=' + quote(hit("iframe-redirect"), safe="") + '"></iframe>',
        "iframe-navigate": ('<iframe name="f" src="/t/landing"></iframe><script>addEventListener("load", () => '
                            f"{{ frames.f.location.href = '{hit('iframe-navigate')}'; }});</script>"),
        "iframe-srcdoc": ("<iframe srcdoc=\"<script>location.href = '" + hit("iframe-srcdoc") + "'</script>\"></iframe>"),
        "iframe-metadata": '<iframe src="http://169.254.169.254/latest/meta-data/"></iframe>',
        # sub-resources
        "img": f'<img src="{hit("img")}" alt="x">',
        "img-redirect": '<img alt="x" src="/r/302?to=' + quote(hit("img-redirect"), safe="") + '">',
        "script": f'<script src="{hit("script")}"></script>',
        "stylesheet": f'<link rel="stylesheet" href="{hit("stylesheet")}">',
        "css-background": f'<div style="width:50px;height:50px;background:url({hit("css-background")})"></div>',
        "font": (f"<style>@font-face {{ font-family: trap; src: url({hit('font')}); }} "
                 "body { font-family: trap; }</style><p>text</p>"),
        "fetch": f"<script>fetch('{hit('fetch')}', {{mode: 'no-cors'}}).catch(() => {{}});</script>",
        "fetch-redirect": ("<script>fetch('/r/302?to=' + encodeURIComponent('" + hit("fetch-redirect")
                           + "')).catch(() => {});</script>"),
        "xhr": f"<script>const x = new XMLHttpRequest(); x.open('GET', '{hit('xhr')}'); x.send();</script>",
        "websocket": f"<script>try {{ new WebSocket('{ws}/websocket'); }} catch (e) {{}}</script>",
        "beacon": f"<script>navigator.sendBeacon('{hit('beacon')}', 'x');</script>",
        "eventsource": f"<script>new EventSource('{hit('eventsource')}');</script>",
        "worker-fetch": ('<script>new Worker("/worker.js?to=' + quote(hit("worker-fetch"), safe="")
                         + '&kind=fetch");</script>'),
        "worker-websocket": ('<script>new Worker("/worker.js?to=' + quote(f"{ws}/worker-websocket", safe="")
                             + '&kind=websocket");</script>'),
        "websocket-other-realm": ("<script>const f = document.createElement('iframe'); document.body.append(f); "
                                  f"try {{ new f.contentWindow.WebSocket('{ws}/websocket-other-realm'); }} catch (e) {{}}"
                                  "</script>"),
        "webrtc-turn": ("<script>try { const pc = new RTCPeerConnection({iceServers: [{urls: "
                        f"'turn:127.0.0.1:{forbidden_port}?transport=tcp', username: 'u', credential: 'c'}}]}}); "
                        "pc.createDataChannel('x'); pc.createOffer().then(o => pc.setLocalDescription(o)); "
                        "} catch (e) {}</script>"),
        "shared-worker-fetch": ('<script>new SharedWorker("/worker.js?to=' + quote(hit("shared-worker-fetch"), safe="")
                                + '&kind=fetch");</script>'),
        "prefetch": f'<link rel="prefetch" href="{hit("prefetch")}">',
        "preload": f'<link rel="preload" as="image" href="{hit("preload")}">',
        "object": f'<object data="{hit("object")}" width="50" height="50"></object>',
        "video": f'<video src="{hit("video")}"></video>',
    }
    return pages


WORKER_JS = {
    "fetch": "fetch(TO).catch(() => {});",
    "websocket": "try { new WebSocket(TO); } catch (e) {}",
}


def abuse_pages() -> dict[str, str]:
    """Pages that misuse the renderer: memory without bound, a script that never ends."""
    return {
        # Plain JS objects: the V8 heap limit (chromium.py) ends it with an out-of-memory crash.
        "allocate": ("<title>Allocate</title><p>allocating</p><script>const keep = []; "
                     "function grow() { for (let i = 0; i < 200; i++) keep.push(new Array(100000).fill(i + keep.length)); "
                     "setTimeout(grow, 0); } addEventListener('load', () => setTimeout(grow, 50));</script>"),
        "busy-loop": ("<title>Busy</title><p>looping</p><script>addEventListener('load', () => "
                      "setTimeout(() => { for (;;) {} }, 50));</script>"),
        "long-page": "<title>Long page</title>" + "".join(f"<p>line {i}</p>" for i in range(400)),
    }
