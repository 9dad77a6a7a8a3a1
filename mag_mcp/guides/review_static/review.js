// The review page of `mag annotate`: one card per demonstration step, edits sent to the
// server as they happen (it keeps them in review.json), keyboard shortcuts, verify & save.
"use strict";

const view = { data: null, current: 0 };
const pending = new Map(); // step number -> {timer, body}: edits not sent yet
const $ = (sel, root = document) => root.querySelector(sel);

async function api(path, body) {
  const init = body === undefined ? {} :
    { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) };
  const response = await fetch(path, init);
  const data = await response.json();
  if (!response.ok) throw new Error(data.error || response.statusText);
  return data;
}

function cards() { return Array.from(document.querySelectorAll("#cards .card")); }
function stepOf(number) { return view.data.steps[number - 1]; }

async function load() {
  view.data = await api("/api/state");
  const d = view.data;
  document.title = `MAG · review ${d.task_id}`;
  $("#task-id").textContent = d.task_id;
  $("#intent").textContent = d.intent;
  $("#source").textContent = `From the ${d.source_kind} ${d.source} · saves into ${d.task_file}`;
  const replay = $("#replay");
  replay.replaceChildren();
  for (const [g, r] of Object.entries(d.replay)) {
    const chip = document.createElement("span");
    chip.className = "chip " + (r.success && !r.failed_steps.length ? "ok" : "bad");
    const failed = r.failed_steps.length ? ` · step ${r.failed_steps.join(", ")} failed` : "";
    chip.textContent = `Replay in ${d.groundings[g]}: ${r.message}${failed}`;
    replay.append(chip);
  }
  const main = $("#cards");
  main.replaceChildren();
  for (const s of d.steps) main.append(makeCard(s));
  showProgress(d.progress);
  if (d.last_save) showSave(d.last_save);
  setCurrent(Math.min(view.current, d.steps.length - 1), false);
}

function makeCard(s) {
  const card = $("#card-template").content.firstElementChild.cloneNode(true);
  card.dataset.number = s.number;
  card.id = `step-${s.number}`;
  card.addEventListener("click", () => setCurrent(s.number - 1, false));
  const guide = $(".guide", card);
  guide.addEventListener("input", () => queue(s.number, { guide: guide.value }));
  guide.addEventListener("blur", () => flush(s.number));
  $(".approve", card).addEventListener("click", (e) => { e.stopPropagation(); approve(s.number); });
  $(".edit", card).addEventListener("click", (e) => { e.stopPropagation(); edit(s.number); });
  $(".drop", card).addEventListener("click", (e) => { e.stopPropagation(); drop(s.number); });
  fillCard(card, s);
  return card;
}

function fillCard(card, s) {
  const img = $(".shot img", card);
  if (s.image) { img.src = s.image; img.hidden = false; } else { img.hidden = true; }
  $(".number", card).textContent = `Step ${s.number}`;
  $(".summary", card).textContent = s.summary;
  const status = $(".status", card);
  status.textContent = s.status;
  status.className = "status " + s.status;
  card.classList.toggle("dropped", s.status === "dropped");
  $(".meta", card).textContent = `${s.action}${s.target ? " · " + s.target : ""} · on ${s.url}`;
  const replays = $(".replays", card);
  replays.replaceChildren();
  for (const [g, r] of Object.entries(s.replay)) {
    const chip = document.createElement("span");
    chip.className = "chip " + (r.ok ? "ok" : "bad");
    chip.textContent = `${view.data.groundings[g]}: ${r.ok ? "replayed" : r.error}`;
    replays.append(chip);
  }
  const source = $(".source", card);
  source.className = "source " + s.draft.source;
  const edited = s.status === "edited";
  source.textContent = {
    llm: edited ? "rewritten from the model's draft" : "drafted by the model",
    template: edited ? "rewritten from a template draft" : "template draft: rewrite it",
    demo: edited ? "rewritten from the demonstration's guide" : "from the demonstration",
  }[s.draft.source];
  const guide = $(".guide", card);
  if (document.activeElement !== guide) guide.value = s.guide;
  const flags = $(".flags", card);
  flags.replaceChildren(...s.flags.map((f) => Object.assign(document.createElement("li"), { textContent: f })));
  if (s.draft.note) flags.append(Object.assign(document.createElement("li"), { textContent: s.draft.note }));
  fillCoord(card, s);
}

function fillCoord(card, s) {
  const box = $(".coord", card);
  if (!s.coord_steps) { box.replaceChildren(); return; }
  if (box.querySelectorAll("input").length === s.coord_steps.length) {
    box.querySelectorAll("input").forEach((input, i) => {
      if (document.activeElement !== input) input.value = s.coord_steps[i].guide;
    });
    return;
  }
  const head = Object.assign(document.createElement("p"), { textContent: `With coordinates this step takes ${s.coord_steps.length} steps:` });
  box.replaceChildren(head);
  for (const c of s.coord_steps) {
    const row = Object.assign(document.createElement("div"), { className: "sub" });
    const code = Object.assign(document.createElement("code"), { textContent: c.action, title: c.action });
    const input = Object.assign(document.createElement("input"), { value: c.guide });
    input.addEventListener("input", () => queue(s.number, {
      coord_guides: Array.from(box.querySelectorAll("input"), (el) => el.value) }));
    input.addEventListener("blur", () => flush(s.number));
    row.append(code, input);
    box.append(row);
  }
}

function showProgress(p) {
  $("#progress-fill").style.width = `${p.total ? (100 * p.reviewed / p.total) : 0}%`;
  $("#progress-text").textContent = `${p.reviewed} / ${p.total} reviewed · ${p.kept} kept`;
}

function queue(number, body) {
  const entry = pending.get(number) || { timer: null, body: {} };
  clearTimeout(entry.timer);
  Object.assign(entry.body, body);
  entry.timer = setTimeout(() => flush(number), 400);
  pending.set(number, entry);
}

// Changes go to the server one at a time, in the order they were made, so the answers
// (the step and the progress as the server has them) are shown in that order too.
let sending = Promise.resolve();

function flush(number, extra) {
  const entry = pending.get(number);
  pending.delete(number);
  if (entry) clearTimeout(entry.timer);
  const body = Object.assign({}, entry ? entry.body : {}, extra || {});
  if (!Object.keys(body).length) return sending;
  sending = sending.then(async () => {
    try {
      const r = await api(`/api/steps/${number}`, body);
      view.data.steps[number - 1] = r.step;
      fillCard(cards()[number - 1], r.step);
      showProgress(r.progress);
    } catch (err) {
      showSave({ ok: false, message: `could not record the change to step ${number}: ${err.message}`, failures: [] });
    }
  });
  return sending;
}

async function flushAll() {
  for (const number of Array.from(pending.keys())) flush(number);
  await sending;
}

function setCurrent(index, scroll = true) {
  const all = cards();
  if (!all.length) return;
  view.current = Math.max(0, Math.min(index, all.length - 1));
  all.forEach((c, i) => c.classList.toggle("current", i === view.current));
  if (scroll) all[view.current].scrollIntoView({ block: "center", behavior: "smooth" });
}

// Both move on to the next card at once, so keys pressed in quick succession act on the next steps.
async function approve(number) {
  const guide = $(".guide", cards()[number - 1]).value;
  setCurrent(number, true);
  await flush(number, { guide, status: "approved" });
}

async function drop(number) {
  const dropped = stepOf(number).status === "dropped";
  if (!dropped) setCurrent(number, true);
  await flush(number, { status: dropped ? "pending" : "dropped" });
}

function edit(number) {
  const guide = $(".guide", cards()[number - 1]);
  setCurrent(number - 1, true);
  guide.focus();
  guide.setSelectionRange(guide.value.length, guide.value.length);
}

async function save() {
  const button = $("#save");
  if (button.disabled) return;
  button.disabled = true;
  showSave({ busy: true, message: "Verifying: replaying the gold in Set-of-Mark and coordinates and running the task's checker…" });
  try {
    await flushAll();
    showSave(await api("/api/save", {}));
  } catch (err) {
    showSave({ ok: false, message: `save failed: ${err.message}`, failures: [] });
  } finally {
    button.disabled = false;
  }
}

function showSave(report) {
  const box = $("#save-status");
  box.className = "save-status " + (report.busy ? "busy" : report.ok ? "ok" : "bad");
  box.replaceChildren(Object.assign(document.createElement("span"), {
    textContent: report.busy ? report.message : (report.ok ? "Saved: " : "Not saved: ") + report.message }));
  const failing = new Set();
  if (report.failures && report.failures.length) {
    const list = document.createElement("ul");
    for (const f of report.failures) {
      const where = [f.step ? `step ${f.step}` : null, f.grounding ? (view.data ? view.data.groundings[f.grounding] : f.grounding) : null,
        f.gold_step ? `gold step ${f.gold_step}` : null].filter(Boolean).join(" · ");
      list.append(Object.assign(document.createElement("li"), { textContent: (where ? where + ": " : "") + f.message }));
      if (f.step) failing.add(f.step);
    }
    box.append(list);
  }
  if (!report.busy) cards().forEach((c) => c.classList.toggle("failed", failing.has(Number(c.dataset.number))));
}

document.addEventListener("keydown", (e) => {
  if ((e.ctrlKey || e.metaKey) && e.key.toLowerCase() === "s") {
    e.preventDefault();
    save();
    return;
  }
  if (e.target.matches("textarea, input")) {
    if (e.key === "Escape") { e.target.blur(); cards()[view.current].focus(); }
    return;
  }
  if (e.ctrlKey || e.metaKey || e.altKey || !view.data) return;
  const number = view.current + 1;
  const actions = { j: () => setCurrent(view.current + 1), k: () => setCurrent(view.current - 1),
    a: () => approve(number), d: () => drop(number), e: () => edit(number) };
  const act = actions[e.key];
  if (act) { e.preventDefault(); act(); }
});

$("#save").addEventListener("click", save);
load().catch((err) => showSave({ ok: false, message: `could not load the review: ${err.message}`, failures: [] }));
