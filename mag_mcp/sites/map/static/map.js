// The slippy map of the Port Alder OpenStreetMap copy: tiles from the site's own tile
// server, dragged to pan, zoomed with the wheel, a double click, the keyboard (arrows,
// +/-) or the buttons. The server draws the first view into the page (tiles, markers,
// route, click targets); this script only moves and refetches. The view goes into the
// URL's #map=zoom/lat/lon after the first move, as on openstreetmap.org, and such a hash
// (also one a link sets) moves the map. Panels: Layers, Map Key, Share; modes: Query
// features (the next click on the map lists what is there), Show my location.
(() => {
  const root = document.getElementById('map');
  if (!root || !root.dataset.params) return;
  const P = JSON.parse(root.dataset.params);
  const tilePane = root.querySelector('.tile-pane');
  const gpsPane = root.querySelector('.gps-pane');
  const overlay = root.querySelector('svg.overlay');
  const markerPane = root.querySelector('.marker-pane');
  const hitPane = root.querySelector('.hit-pane');
  const notePane = root.querySelector('.note-pane');
  const TILE = 256;
  const st = {zoom: P.zoom, lat: P.lat, lon: P.lon, layer: P.layer, gps: false, notes: false, data: false,
              query: false, moved: false};

  // --- projection (the same as the server's tiles: see geo.py) -------------------------
  const mpp = z => P.mpx0 / Math.pow(2, z);
  const toPx = (lat, lon, z) => {
    const x = (lon - P.lon0) * P.mlon, y = (lat - P.lat0) * P.mlat, s = Math.pow(2, z);
    return [P.ox0 * s + x / mpp(z), P.oy0 * s - y / mpp(z)];
  };
  const toLatLon = (gx, gy, z) => {
    const s = Math.pow(2, z), x = (gx - P.ox0 * s) * mpp(z), y = (P.oy0 * s - gy) * mpp(z);
    return [P.lat0 + y / P.mlat, P.lon0 + x / P.mlon];
  };
  const size = () => [root.clientWidth || 930, root.clientHeight || 668];
  const origin = () => {
    const [w, h] = size(), [cx, cy] = toPx(st.lat, st.lon, st.zoom);
    return [Math.round(cx - w / 2), Math.round(cy - h / 2)];
  };
  const place = (el, lat, lon) => {
    const [l, t] = origin(), [gx, gy] = toPx(lat, lon, st.zoom);
    el.style.left = (gx - l) + 'px';
    el.style.top = (gy - t) + 'px';
  };

  // --- tiles ---------------------------------------------------------------------------
  function tiles(pane, layer) {
    const [w, h] = size(), [l, t] = origin(), n = Math.pow(2, st.zoom), want = new Map();
    for (let x = Math.floor(l / TILE); x <= Math.floor((l + w - 1) / TILE); x++) {
      for (let y = Math.floor(t / TILE); y <= Math.floor((t + h - 1) / TILE); y++) {
        if (x >= 0 && y >= 0 && x < n && y < n) want.set(`${layer}/${st.zoom}/${x}/${y}`, [x, y]);
      }
    }
    for (const img of Array.from(pane.children)) {
      const key = img.dataset.key;
      if (!want.has(key)) { img.remove(); continue; }
      const [x, y] = want.get(key);
      img.style.left = (x * TILE - l) + 'px';
      img.style.top = (y * TILE - t) + 'px';
      want.delete(key);
    }
    for (const [key, [x, y]] of want) {
      const img = document.createElement('img');
      img.className = 'tile';
      img.alt = '';
      img.draggable = false;
      img.dataset.key = key;
      img.style.left = (x * TILE - l) + 'px';
      img.style.top = (y * TILE - t) + 'px';
      img.addEventListener('load', () => img.classList.add('loaded'), {once: true});
      img.src = P.tile.replace('{layer}', layer).replace('{z}', st.zoom).replace('{x}', x).replace('{y}', y);
      pane.appendChild(img);
    }
  }

  function pathOf(pts, close) {
    const [l, t] = origin();
    let d = '';
    pts.forEach(([la, lo], i) => {
      const [gx, gy] = toPx(la, lo, st.zoom);
      d += (i ? 'L' : 'M') + (gx - l).toFixed(1) + ' ' + (gy - t).toFixed(1);
    });
    return d + (close && d ? 'Z' : '');
  }

  function render() {
    tiles(tilePane, st.layer);
    if (gpsPane) { if (st.gps) tiles(gpsPane, 'gps'); else gpsPane.replaceChildren(); }
    for (const el of root.querySelectorAll('[data-lat][data-lon]')) {
      if (el.closest('.map-pane')) place(el, +el.dataset.lat, +el.dataset.lon);
    }
    if (overlay) {
      for (const p of overlay.querySelectorAll('path[data-pts]')) {
        p.setAttribute('d', pathOf(JSON.parse(p.dataset.pts), p.dataset.closed === '1'));
      }
      for (const a of overlay.querySelectorAll('a.way-hit path')) {
        a.setAttribute('d', pathOf(JSON.parse(a.dataset.way), false));
      }
    }
    for (const el of document.querySelectorAll('.zoom-level')) el.textContent = 'Zoom ' + st.zoom;
    const bar = root.querySelector('.scale-bar');
    if (bar) {
      const m = [20, 50, 100, 200, 500, 1000, 2000, 5000].find(v => v / mpp(st.zoom) >= 70) || 5000;
      bar.style.width = Math.round(m / mpp(st.zoom)) + 'px';
      bar.textContent = m >= 1000 ? (m / 1000) + ' km' : m + ' m';
    }
    for (const row of document.querySelectorAll('#map-key-panel [data-minzoom]')) {
      row.classList.toggle('hidden-row', st.zoom < +row.dataset.minzoom);
    }
    links();
  }

  // --- what depends on the view: links, hash, click targets ---------------------------
  const fmt = v => v.toFixed(5);
  function links() {
    const zin = document.querySelector('.control-zoom-in'), zout = document.querySelector('.control-zoom-out');
    const at = (z) => location.pathname + location.search.replace(/([?&])(center|zoom)=[^&]*/g, '$1').replace(/[?&]+$/, '') +
      `#map=${z}/${st.lat.toFixed(4)}/${st.lon.toFixed(4)}`;
    if (zin) { zin.href = at(Math.min(P.maxZoom, st.zoom + 1)); zin.classList.toggle('disabled', st.zoom >= P.maxZoom); }
    if (zout) { zout.href = at(Math.max(P.minZoom, st.zoom - 1)); zout.classList.toggle('disabled', st.zoom <= P.minZoom); }
    for (const a of document.querySelectorAll('a[data-follow="where"]')) {
      a.href = `/reverse?lat=${fmt(st.lat)}&lon=${fmt(st.lon)}&zoom=${st.zoom}`;
    }
    for (const a of document.querySelectorAll('a[data-follow="note"]')) {
      a.href = `/note/new?lat=${st.lat.toFixed(6)}&lon=${st.lon.toFixed(6)}`;
    }
    for (const a of document.querySelectorAll('a[data-follow="query"]')) {
      a.href = `/query?lat=${fmt(st.lat)}&lon=${fmt(st.lon)}`;
    }
    share();
  }

  function setHash() {
    if (!st.moved) return;
    let h = `#map=${st.zoom}/${st.lat.toFixed(4)}/${st.lon.toFixed(4)}`;
    if (st.layer !== 'standard') h += '&layers=' + ({cyclemap: 'C', transport: 'T', hot: 'H'}[st.layer] || 'M');
    history.replaceState(history.state, '', location.pathname + location.search + h);
  }

  function bbox() {
    const [w, h] = size(), [l, t] = origin();
    const [n, west] = toLatLon(l, t, st.zoom), [s, east] = toLatLon(l + w, t + h, st.zoom);
    return [west, s, east, n];
  }

  let fetchSeq = 0;
  async function refetch() {
    const seq = ++fetchSeq, b = bbox().map(v => v.toFixed(6)).join(',');
    const skip = new Set(Array.from(markerPane ? markerPane.querySelectorAll('a[href^="/node/"]') : []).map(a => a.getAttribute('href')));
    try {
      const r = await fetch(`/api/pois?bbox=${b}&zoom=${st.zoom}`);
      const pois = await r.json();
      if (seq !== fetchSeq || !hitPane) return;
      hitPane.replaceChildren(...pois.filter(([id]) => !skip.has('/node/' + id)).map(([id, lat, lon, name]) => {
        const a = document.createElement('a');
        a.className = 'poi-hit';
        a.href = '/node/' + id;
        a.title = name;
        a.setAttribute('aria-label', name);
        a.dataset.lat = lat; a.dataset.lon = lon;
        place(a, lat, lon);
        return a;
      }));
    } catch (e) { /* the map still works without click targets */ }
    if (st.notes && notePane) {
      try {
        const notes = await (await fetch(`/api/notes?bbox=${b}`)).json();
        if (seq !== fetchSeq) return;
        notePane.replaceChildren(...notes.map(([id, lat, lon, open]) => {
          const a = document.createElement('a');
          a.className = 'note-pin ' + (open ? 'open' : 'closed');
          a.href = '/note/' + id;
          const label = (open ? 'Unresolved' : 'Resolved') + ' note #' + id;
          a.title = label; a.setAttribute('aria-label', label);
          a.dataset.lat = lat; a.dataset.lon = lon;
          place(a, lat, lon);
          return a;
        }));
      } catch (e) { /* ignore */ }
    }
    if (st.data && overlay) {
      try {
        const ways = await (await fetch(`/api/ways?bbox=${b}&zoom=${st.zoom}`)).json();
        if (seq !== fetchSeq) return;
        const g = overlay.querySelector('g.map-data');
        g.replaceChildren(...ways.map(([id, name, pts]) => {
          const a = document.createElementNS('http://www.w3.org/2000/svg', 'a');
          a.setAttribute('href', '/way/' + id);
          a.setAttribute('class', 'way-hit');
          a.setAttribute('aria-label', 'Way: ' + name);
          const p = document.createElementNS('http://www.w3.org/2000/svg', 'path');
          p.dataset.way = JSON.stringify(pts);
          p.setAttribute('d', pathOf(pts, false));
          a.appendChild(p);
          return a;
        }));
      } catch (e) { /* ignore */ }
    } else if (overlay) {
      const g = overlay.querySelector('g.map-data');
      if (g) g.replaceChildren();
    }
  }

  let settleTimer = null;
  function moved() {
    st.moved = true;
    render();
    setHash();
    clearTimeout(settleTimer);
    settleTimer = setTimeout(refetch, 120);
  }

  function zoomTo(z, ax, ay) {
    z = Math.max(P.minZoom, Math.min(P.maxZoom, z));
    if (z === st.zoom) return;
    const [w, h] = size(), [l, t] = origin();
    const px = ax === undefined ? w / 2 : ax, py = ay === undefined ? h / 2 : ay;
    const [alat, alon] = toLatLon(l + px, t + py, st.zoom);
    const [gx, gy] = toPx(alat, alon, z);
    [st.lat, st.lon] = toLatLon(gx - px + w / 2, gy - py + h / 2, z);
    st.zoom = z;
    moved();
  }

  function panBy(dx, dy) {
    const [cx, cy] = toPx(st.lat, st.lon, st.zoom);
    [st.lat, st.lon] = toLatLon(cx + dx, cy + dy, st.zoom);
    moved();
  }

  // --- input ---------------------------------------------------------------------------
  const onControl = e => e.target.closest('a, button, input, select, label, .map-controls, .map-panel');
  let drag = null;
  root.addEventListener('pointerdown', e => {
    if (e.button !== 0 || onControl(e)) return;
    drag = {x: e.clientX, y: e.clientY, lat: st.lat, lon: st.lon, moved: false, id: e.pointerId};
  });
  root.addEventListener('pointermove', e => {
    if (!drag) return;
    const dx = e.clientX - drag.x, dy = e.clientY - drag.y;
    if (!drag.moved && Math.abs(dx) + Math.abs(dy) < 4) return;
    if (!drag.moved) { drag.moved = true; root.classList.add('dragging'); root.setPointerCapture(drag.id); }
    const [cx, cy] = toPx(drag.lat, drag.lon, st.zoom);
    [st.lat, st.lon] = toLatLon(cx - dx, cy - dy, st.zoom);
    render();
  });
  const endDrag = e => {
    if (!drag) return;
    const was = drag.moved;
    drag = null;
    root.classList.remove('dragging');
    if (was) { moved(); return; }
    if (st.query && e && e.type === 'pointerup' && !onControl(e)) {
      const r = root.getBoundingClientRect(), [l, t] = origin();
      const [lat, lon] = toLatLon(l + e.clientX - r.left, t + e.clientY - r.top, st.zoom);
      location.href = `/query?lat=${fmt(lat)}&lon=${fmt(lon)}`;
    }
  };
  root.addEventListener('pointerup', endDrag);
  root.addEventListener('pointercancel', endDrag);
  let lastWheel = 0;
  root.addEventListener('wheel', e => {
    if (e.target.closest('.map-panel')) return;
    e.preventDefault();
    const now = performance.now();
    if (now - lastWheel < 180) return;
    lastWheel = now;
    const r = root.getBoundingClientRect();
    zoomTo(st.zoom + (e.deltaY < 0 ? 1 : -1), e.clientX - r.left, e.clientY - r.top);
  }, {passive: false});
  root.addEventListener('dblclick', e => {
    if (onControl(e)) return;
    e.preventDefault();
    const r = root.getBoundingClientRect();
    zoomTo(st.zoom + (e.shiftKey ? -1 : 1), e.clientX - r.left, e.clientY - r.top);
  });
  root.addEventListener('keydown', e => {
    if (e.target !== root) return;
    const step = 120, keys = {ArrowLeft: [-step, 0], ArrowRight: [step, 0], ArrowUp: [0, -step], ArrowDown: [0, step]};
    if (keys[e.key]) { e.preventDefault(); panBy(...keys[e.key]); }
    else if (e.key === '+' || e.key === '=') { e.preventDefault(); zoomTo(st.zoom + 1); }
    else if (e.key === '-' || e.key === '_') { e.preventDefault(); zoomTo(st.zoom - 1); }
  });
  for (const [sel, dz] of [['.control-zoom-in', 1], ['.control-zoom-out', -1]]) {
    const a = document.querySelector(sel);
    if (a) a.addEventListener('click', e => { e.preventDefault(); zoomTo(st.zoom + dz); });
  }
  function fromHash() {
    const m = /map=(\d+)\/(-?[\d.]+)\/(-?[\d.]+)/.exec(location.hash);
    const lay = /layers=([A-Z])/.exec(location.hash);
    if (lay) setLayer({C: 'cyclemap', T: 'transport', H: 'hot'}[lay[1]] || 'standard', false);
    if (!m) return false;
    st.zoom = Math.max(P.minZoom, Math.min(P.maxZoom, +m[1]));
    st.lat = +m[2]; st.lon = +m[3];
    return true;
  }
  addEventListener('hashchange', () => { if (fromHash()) moved(); });

  // --- panels and modes ---------------------------------------------------------------
  function openPanel(id) {
    for (const p of document.querySelectorAll('.map-panel')) {
      const show = p.id === id && p.hidden;
      p.hidden = !show;
      const btn = document.querySelector(`[aria-controls="${p.id}"]`);
      if (btn) btn.setAttribute('aria-expanded', String(show));
    }
  }
  for (const b of document.querySelectorAll('[data-panel]')) {
    b.addEventListener('click', e => { e.preventDefault(); openPanel(b.dataset.panel); });
  }
  for (const b of document.querySelectorAll('.map-panel .panel-close')) {
    b.addEventListener('click', () => openPanel(null));
  }
  function setLayer(layer, move = true) {
    if (layer === st.layer) return;
    st.layer = layer;
    tilePane.replaceChildren();
    for (const r of document.querySelectorAll('input[name="base-layer"]')) r.checked = r.value === layer;
    if (move) moved();
  }
  for (const r of document.querySelectorAll('input[name="base-layer"]')) {
    r.addEventListener('change', () => { if (r.checked) setLayer(r.value); });
  }
  for (const c of document.querySelectorAll('input[name="overlay"]')) {
    c.addEventListener('change', () => {
      st[c.value] = c.checked;
      if (c.value === 'notes' && !c.checked && notePane) notePane.replaceChildren();
      moved();
    });
  }
  const q = document.querySelector('.control-query');
  if (q) q.addEventListener('click', e => {
    e.preventDefault();
    st.query = !st.query;
    q.classList.toggle('active', st.query);
    q.setAttribute('aria-pressed', String(st.query));
    root.classList.toggle('querying', st.query);
  });
  const loc = document.querySelector('.control-locate');
  if (loc) loc.addEventListener('click', e => {
    e.preventDefault();
    const say = t => { const s = document.getElementById('locate-status'); if (s) s.textContent = t; };
    if (!navigator.geolocation) { say('Location is not available in this browser.'); return; }
    navigator.geolocation.getCurrentPosition(p => { st.lat = p.coords.latitude; st.lon = p.coords.longitude; moved(); },
      () => say('Your location could not be found.'), {timeout: 3000});
  });

  // --- the right-click menu -------------------------------------------------------------
  const menu = document.getElementById('map-context-menu');
  if (menu) {
    root.addEventListener('contextmenu', e => {
      if (onControl(e)) return;
      e.preventDefault();
      const r = root.getBoundingClientRect(), [l, t] = origin();
      const [lat, lon] = toLatLon(l + e.clientX - r.left, t + e.clientY - r.top, st.zoom);
      const ll = `${fmt(lat)},${fmt(lon)}`;
      const href = {from: `/directions?route_from=${ll}`, to: `/directions?route_to=${ll}`,
                    note: `/note/new?lat=${lat.toFixed(6)}&lon=${lon.toFixed(6)}`,
                    where: `/reverse?lat=${fmt(lat)}&lon=${fmt(lon)}&zoom=${st.zoom}`,
                    query: `/query?lat=${fmt(lat)}&lon=${fmt(lon)}`, centre: `#map=${st.zoom}/${lat.toFixed(4)}/${lon.toFixed(4)}`};
      for (const a of menu.querySelectorAll('a[data-ctx]')) a.href = href[a.dataset.ctx];
      menu.style.left = e.clientX + 'px';
      menu.style.top = e.clientY + 'px';
      menu.hidden = false;
    });
    addEventListener('click', e => { if (!menu.hidden && !menu.contains(e.target)) menu.hidden = true; });
    addEventListener('keydown', e => { if (e.key === 'Escape') menu.hidden = true; });
  }

  // --- share ---------------------------------------------------------------------------
  function share() {
    const panel = document.getElementById('share-panel');
    if (!panel) return;
    const marker = panel.querySelector('#share-marker');
    let url = location.origin + '/';
    const params = [];
    if (marker && marker.checked) params.push(`mlat=${fmt(st.lat)}`, `mlon=${fmt(st.lon)}`);
    if (params.length) url += '?' + params.join('&');
    url += `#map=${st.zoom}/${st.lat.toFixed(4)}/${st.lon.toFixed(4)}`;
    const kind = (panel.querySelector('input[name="share-kind"]:checked') || {}).value || 'link';
    const out = panel.querySelector('#share-url');
    const b = bbox().map(v => v.toFixed(5));
    if (out) {
      out.value = kind === 'html'
        ? `<iframe width="425" height="350" src="${location.origin}/export/embed.html?bbox=${b.join(',')}&layer=${st.layer}"></iframe>`
        : kind === 'geo' ? `geo:${fmt(st.lat)},${fmt(st.lon)}?z=${st.zoom}` : kind === 'short' ? `${location.origin}/go/${st.zoom}/${fmt(st.lat)}/${fmt(st.lon)}` : url;
    }
    const dl = panel.querySelector('#share-download');
    if (dl) dl.href = `/map.svg?bbox=${b.join(',')}&layers=${st.layer}`;
    for (const el of panel.querySelectorAll('[data-bbox]')) el.value = b[+el.dataset.bbox];
  }
  const sp = document.getElementById('share-panel');
  if (sp) sp.addEventListener('change', share);

  // --- start ---------------------------------------------------------------------------
  root.tabIndex = 0;
  if (fromHash()) st.moved = true;
  const base = document.querySelector(`input[name="base-layer"][value="${st.layer}"]`);
  if (base) base.checked = true;
  for (const img of tilePane.querySelectorAll('img.tile')) {
    if (img.complete) img.classList.add('loaded'); else img.addEventListener('load', () => img.classList.add('loaded'), {once: true});
  }
  render();
  addEventListener('resize', render);
})();
