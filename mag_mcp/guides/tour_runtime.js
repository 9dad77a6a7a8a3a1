// The MAG tour runtime: runs a tour written by `mag export-guide` on the live site
// with driver.js, and carries it across page loads.
//
// This file is one function expression. The exported script calls it as
//   (runtime)(driverFactory, describe, css).run(tour, {mode})
// with driver.js's `driver` function, som.js (which, given an element, reports its
// role, accessible name, visible text and locator exactly as they were recorded) and
// driver.js's stylesheet. It needs nothing from the network.
//
// Progress lives in localStorage under "mag-tour:<tour id>" as {index, state}, state
// being active, done or closed, so it survives navigations and reloads on one origin.
// On every page load the tour resumes at the stored step when the page matches that
// step's URL rule; when it does not but matches the next step's, the person already
// did the stored step some other way and the tour moves on. mode "auto" (userscript,
// injected script) starts a tour that was never run when the page matches step 1 and
// leaves finished or closed tours alone; mode "manual" (bookmarklet) starts over at
// the first step of the current page unless a tour is under way.
//
// A step's element is looked for every POLL_MS (the page may still be rendering)
// with the step's ranked locators: the first locator that finds exactly one visible
// element wins; if none is unique, the first element of the first locator that found
// any. By role, the candidates are the elements with the recorded tag or an explicit
// role, kept when som.js gives them the recorded role and accessible name. Clicking a
// click step's element advances (driver.js advanceOnClick); the other kinds advance
// on their event (see mag_mcp/guides/export.py) or the Next button.
(function (driverFactory, describe, css) {
  "use strict";
  const POLL_MS = 150;
  const WAIT_MS = 10000; // then the step is shown without its element
  const NAVIGATION_GRACE_MS = 2000; // an action may open another page within this time
  const TESTID_ATTRS = ["data-testid", "data-test-id", "data-test", "data-qa"];
  const NAVIGATION_BUTTONS = { goto: "Open the page", go_back: "Go back", go_forward: "Go forward" };
  const NOT_FOUND = "The element of this step was not found on this page: do it as described, then click Next.";
  const EXTRA_CSS =
    ".mag-tour-popover{max-width:340px}.mag-tour-popover p{margin:0 0 6px}" +
    ".mag-tour-popover .mag-tour-answer{font-weight:700}.mag-tour-popover .mag-tour-note{color:#727272;font-size:13px}";

  const norm = (s) => (s || "").replace(/\s+/g, " ").trim();
  const esc = (s) => String(s).replace(/[&<>"']/g, (c) => "&#" + c.charCodeAt(0) + ";");
  const trimSlash = (p) => (p.length > 1 ? p.replace(/\/+$/, "") : p);

  function matches(rule) {
    if (trimSlash(window.location.pathname) !== trimSlash(rule.path)) return false;
    const query = new URLSearchParams(window.location.search);
    return Object.entries(rule.query).every(([k, v]) => query.has(k) && (v === null || query.get(k) === v));
  }

  function atDestination(destination) {
    const url = new URL(destination, window.location.href);
    return url.origin === window.location.origin && trimSlash(url.pathname) === trimSlash(window.location.pathname) &&
      url.search === window.location.search;
  }

  function visible(el) {
    if (!el.getClientRects().length || el.closest(".driver-popover")) return false;
    const st = getComputedStyle(el);
    return st.display !== "none" && st.visibility !== "hidden";
  }

  function all(selector) {
    try {
      return Array.from(document.querySelectorAll(selector));
    } catch (e) {
      return []; // a selector this browser does not accept
    }
  }

  function candidates(match, target) {
    const attr = (el, name) => norm(el.getAttribute(name));
    switch (match.by) {
      case "testid":
        return all(TESTID_ATTRS.map((a) => "[" + a + "]").join(","))
          .filter((el) => TESTID_ATTRS.some((a) => attr(el, a) === match.value));
      case "id":
        return all("[id]").filter((el) => el.id === match.value);
      case "aria_label":
        return all("[aria-label]").filter((el) => attr(el, "aria-label") === match.value);
      case "role":
        return all(target.tag + ",[role]").filter((el) => {
          const d = describe(el);
          return d.role === match.value && d.name === match.name;
        });
      case "text":
        return all(target.tag).filter((el) => describe(el).locator.text === match.value);
      case "css":
        return all(match.value);
      default:
        return [];
    }
  }

  function resolve(target) {
    let fallback = null;
    for (const match of target.locators) {
      const found = candidates(match, target).filter(visible);
      if (found.length === 1) return found[0];
      if (found.length > 1 && !fallback) fallback = found[0];
    }
    return fallback;
  }

  function keyMatches(event, combo) {
    const parts = combo.split("+");
    const key = parts.pop() || "+";
    const mods = { control: "ctrlKey", shift: "shiftKey", alt: "altKey", meta: "metaKey" };
    return event.key.toLowerCase() === key.toLowerCase() &&
      parts.every((m) => event[mods[m.toLowerCase()]] === true);
  }

  function injectCss() {
    if (document.getElementById("mag-tour-css")) return;
    const style = document.createElement("style");
    style.id = "mag-tour-css";
    style.textContent = css + EXTRA_CSS;
    (document.head || document.documentElement).appendChild(style);
  }

  function controller(tour) {
    const steps = tour.steps;
    const storeKey = "mag-tour:" + tour.id;
    const listeners = [];
    let current = -1; // index of the step on show
    let element = null; // its element, once found
    let generation = 0; // bumped by every change, so stale timers do nothing
    let drv = null;

    function progress() {
      try {
        return JSON.parse(window.localStorage.getItem(storeKey) || "null");
      } catch (e) {
        return null;
      }
    }

    function remember(index, state) {
      try {
        window.localStorage.setItem(storeKey, JSON.stringify({ index, state }));
      } catch (e) {
        // storage refused (private mode): the tour still runs on this page
      }
    }

    const onPage = (step) => step.page === null || matches(step.page);

    function begin(mode) {
      const saved = progress();
      let index;
      if (saved && saved.state === "active" && steps[saved.index]) index = saved.index;
      else if (mode === "manual") index = Math.max(0, steps.findIndex((s) => s.page !== null && matches(s.page)));
      else if (!saved && onPage(steps[0])) index = 0;
      else return;
      const following = steps[index + 1];
      if (!onPage(steps[index]) && following && following.page !== null && matches(following.page)) index += 1;
      show(index, false);
    }

    function show(index, afterAction) {
      const step = steps[index];
      const gen = ++generation;
      current = index;
      element = null;
      remember(index, "active");
      hide();
      if (step.kind === "goto" && atDestination(step.value)) {
        advance(index);
        return;
      }
      if (!onPage(step)) {
        if (afterAction) setTimeout(() => gen === generation && elsewhere(step), NAVIGATION_GRACE_MS);
        else elsewhere(step);
        return;
      }
      if (!step.target) {
        pop(step, null, "");
        return;
      }
      const started = Date.now();
      (function look() {
        if (gen !== generation) return;
        const el = resolve(step.target);
        if (el) pop(step, el, "");
        else if (Date.now() - started >= WAIT_MS) pop(step, null, NOT_FOUND);
        else setTimeout(look, POLL_MS);
      })();
    }

    function describeStep(step, note) {
      let html = "<p>" + esc(step.guide) + "</p>";
      if (step.kind === "stop" && step.value && !step.guide.includes(step.value)) {
        html += '<p class="mag-tour-answer">Answer: ' + esc(step.value) + "</p>";
      }
      if (note) html += '<p class="mag-tour-note">' + esc(note) + "</p>";
      return html;
    }

    function nextText(step) {
      if (step.advance === "done") return "Done";
      return (step.advance === "navigate" && NAVIGATION_BUTTONS[step.kind]) || "Next";
    }

    function pop(step, el, note) {
      element = el;
      const byClick = el && (step.advance === "click" || step.advance === "double_click");
      const before = steps[current - 1];
      const buttons = ["close"];
      if (!byClick) buttons.push("next");
      if (before && before.page !== null && matches(before.page)) buttons.push("previous");
      render(el, {
        description: describeStep(step, note),
        showButtons: buttons,
        nextBtnText: nextText(step),
        onNextClick: () => next(step),
      }, step.advance === "click");
    }

    function elsewhere(step) {
      const where = step.page.example;
      render(null, {
        description: describeStep(step, "This step is on another page: " + where),
        showButtons: ["close", "next"],
        nextBtnText: "Open that page",
        onNextClick: () => window.location.assign(where),
      }, false);
    }

    function render(el, popover, advanceOnClick) {
      hide();
      drv = driverFactory({
        animate: false, // a click right after the highlight appears must count
        allowKeyboardControl: false, // arrow keys and Escape belong to the page's fields
        overlayClickBehavior: () => {}, // a click beside the element does nothing
        stagePadding: 6,
        popoverClass: "mag-tour-popover",
      });
      drv.highlight({
        element: el || undefined,
        advanceOnClick,
        popover: {
          title: "Step " + steps[current].number + " of " + steps.length,
          prevBtnText: "Back",
          onPrevClick: () => show(current - 1, false),
          onCloseClick: close,
          ...popover,
        },
      });
    }

    function hide() {
      if (drv) drv.destroy();
      drv = null;
    }

    function next(step) {
      if (steps[current] !== step) return;
      if (step.advance === "done") {
        finish();
        return;
      }
      advance(current);
      if (step.kind === "goto") window.location.assign(step.value);
      else if (step.kind === "go_back") window.history.back();
      else if (step.kind === "go_forward") window.history.forward();
    }

    function advance(index) {
      if (index !== current) return;
      if (index + 1 >= steps.length) finish();
      else show(index + 1, true);
    }

    function finish() {
      generation++;
      remember(steps.length - 1, "done");
      hide();
    }

    function close() {
      generation++;
      remember(current, "closed");
      hide();
    }

    // Page events that complete a step, caught before the page's own handlers.
    function listen() {
      const on = (type, handler) => {
        const fn = (event) => {
          const step = steps[current];
          const onElement = element ? element === event.target || element.contains(event.target) : step && !step.target;
          if (step && onElement && handler(step, event)) advance(current);
        };
        document.addEventListener(type, fn, true);
        listeners.push([type, fn]);
      };
      const typedValue = (step) =>
        norm(element.value !== undefined ? element.value : element.innerText) === norm(step.value);
      on("keydown", (step, e) => (step.advance === "type" && step.enter && e.key === "Enter") ||
        (step.advance === "key" && keyMatches(e, step.value)));
      on("input", (step) => step.advance === "type" && !step.enter && element !== null && typedValue(step));
      on("change", (step) => step.advance === "change" || (step.advance === "type" && !step.enter));
      on("mouseover", (step) => step.advance === "hover");
      on("dblclick", (step) => step.advance === "double_click");
      const pageshow = (e) => e.persisted && begin("auto"); // back/forward cache: the page was not reloaded
      window.addEventListener("pageshow", pageshow, true);
      listeners.push(["pageshow", pageshow, window]);
    }

    function stop() {
      generation++;
      hide();
      for (const [type, fn, target] of listeners) (target || document).removeEventListener(type, fn, true);
    }

    return { begin, listen, stop };
  }

  function run(tour, options) {
    if (window.top !== window) return null; // frames get no tour of their own
    if (window.__magTour) window.__magTour.stop();
    const ctl = controller(tour);
    window.__magTour = ctl;
    const start = () => {
      injectCss();
      ctl.listen();
      ctl.begin((options && options.mode) || "auto");
    };
    if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start, { once: true });
    else start();
    return ctl;
  }

  return { run };
})
