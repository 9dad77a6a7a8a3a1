// Set-of-Mark overlay, drawn in the page itself (in a closed shadow root that
// ignores the pointer) just for the screenshot: one box and one id label per
// mark. Called with the marks to draw, or with null to remove it.
(marks) => {
  const HOST_ID = '__mag_overlay';
  const old = document.getElementById(HOST_ID);
  if (old) old.remove();
  if (!marks) return;
  const PALETTE = ['#e6194b', '#0082c8', '#3cb44b', '#f58230', '#911eb4', '#008080', '#aa6e28', '#800000', '#000080', '#f032e6'];
  const host = document.createElement('div');
  host.id = HOST_ID;
  host.style.cssText = 'position:fixed;left:0;top:0;width:0;height:0;z-index:2147483647;pointer-events:none;';
  const root = host.attachShadow({mode: 'closed'});
  const parts = [];
  for (const m of marks) {
    const c = PALETTE[m.id % PALETTE.length];
    const b = m.bbox;
    parts.push(`<div style="position:fixed;left:${b.x}px;top:${b.y}px;width:${b.width}px;height:${b.height}px;` +
      `box-sizing:border-box;border:2px solid ${c};"></div>`);
    const above = b.y >= 17;
    parts.push(`<div style="position:fixed;left:${Math.max(0, Math.min(b.x, window.innerWidth - 28))}px;` +
      `top:${above ? b.y - 17 : b.y}px;background:${c};color:#fff;font:bold 12px/15px Arial,sans-serif;` +
      `padding:0 3px;min-width:10px;text-align:center;">${m.id}</div>`);
  }
  root.innerHTML = `<div style="all:initial;pointer-events:none">${parts.join('')}</div>`;
  (document.body || document.documentElement).appendChild(host);
}
