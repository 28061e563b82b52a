// Before Python is up: the loading line, taps on the top bar, and the focus rings.
//
// - The loading line in the felt says where the start stands, with a bar:
//   "Downloading the game…" while Pyodide, its standard library, the engine and the start
//   snapshot arrive (counted by the Resource Timing entries of the files the start needs:
//   the snapshot only while static/start.mjs fetches one, <html data-start="restoring">;
//   not static/main.py and static/browser.py, small and preloaded), "Starting Python…" once
//   they are in, "Dealing the cards…" from PyScript's py:ready until
//   static/main.py marks <body data-ready="1">.
// - A tap on Menu or Scores before then is not lost: the button says it is waiting, and
//   <body data-pending-ui> names it; static/main.py opens it once the table is up.
// - A tap on the table's stored picture (static/picture.js) is not lost either: each is kept
//   in <body data-pending-taps> (one a line, in order) and the status line says
//   "One moment…"; static/main.py hands them to the engine, once each.
// - Focus rings show for the keyboard only: <html data-input> is "keyboard" after a key
//   press and "pointer" after a tap or click; static/style.css hides the ring of an
//   element focused by a tap or by the page itself.
(function () {
  "use strict";
  const root = document.documentElement;
  root.dataset.input = "pointer";
  document.addEventListener("keydown", (e) => {
    if (!e.altKey && !e.ctrlKey && !e.metaKey) root.dataset.input = "keyboard";
  }, true);
  document.addEventListener("pointerdown", () => { root.dataset.input = "pointer"; }, true);

  // The files the first start waits for (Resource Timing names end with these).
  const NEEDED = ["pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip", "pyodide.mjs",
                  "sheepshead.zip", "core.js"];
  const SNAPSHOT = /\/snapshot-[0-9a-f]+\.gz$/;
  const seen = new Set();
  const needed = () => NEEDED.length +
    (root.dataset.start === "restoring" || seen.has("snapshot") ? 1 : 0);
  let stage = "download";

  function ready() {
    return document.body && document.body.dataset.ready === "1";
  }

  function show() {
    const step = document.getElementById("loading-step");
    const fill = document.getElementById("load-fill");
    if (ready() || root.dataset.start === "failed") return;   // static/start.mjs said why
    // A first visit's practice table: the line goes under the title. Another stored table
    // says enough by itself.
    const first = root.dataset.table === "first";
    if (!first && (!step || root.dataset.table)) return;
    const done = seen.size / needed();
    let text, part;
    if (stage === "download" && done < 1) {
      text = `Downloading the game… ${seen.size} of ${needed()} files`;
      part = 0.7 * done;
    } else if (stage !== "dealing") {
      text = "Starting Python…";
      part = 0.8;
    } else {
      text = "Dealing the cards…";
      part = 0.92;
    }
    if (first) {
      root.style.setProperty("--starting", JSON.stringify(text));
      return;
    }
    step.textContent = text;
    if (fill) fill.style.width = `${Math.round(part * 100)}%`;
  }

  function note(entries) {
    for (const entry of entries) {
      const name = entry.name.split("?")[0];
      for (const want of NEEDED) {
        if (name.endsWith("/" + want)) seen.add(want);
      }
      if (SNAPSHOT.test(name)) seen.add("snapshot");
    }
    show();
  }

  if ("PerformanceObserver" in window) {
    try {
      new PerformanceObserver((list) => note(list.getEntries()))
        .observe({ type: "resource", buffered: true });
    } catch (e) {
      // No Resource Timing: the line still moves on with PyScript's events.
    }
  }
  document.addEventListener("py:ready", () => { stage = "dealing"; show(); }, true);

  // Taps on the table's stored picture (static/picture.js) while Python starts: each kept,
  // in order, for static/main.py to hand to the engine once; "One moment…" meanwhile.
  function keepTap(el) {
    if (el.disabled) return;
    const act = el.getAttribute("data-act");
    const tap = act !== null ? "act:" + act : "ui:" + el.getAttribute("data-ui");
    const taps = (document.body.dataset.pendingTaps || "").split("\n").filter(Boolean);
    if (taps.length >= 8 || /[\r\n]/.test(tap)) return;
    taps.push(tap);
    document.body.dataset.pendingTaps = taps.join("\n");
    el.classList.add("pending");                  // the engine's draw takes it off
    const status = document.getElementById("status");
    if (status) status.textContent = "One moment…";
  }

  // Taps on the top bar while Python starts: say so, remember the last one.
  document.addEventListener("click", (e) => {
    if (ready()) return;
    const button = e.target.closest && e.target.closest("header [data-ui]");
    if (!button) {
      const other = e.target.closest && e.target.closest("[data-act],[data-ui]");
      if (other && root.dataset.table) keepTap(other);
      return;
    }
    document.body.dataset.pendingUi = button.getAttribute("data-ui");
    button.setAttribute("aria-busy", "true");
    const wait = document.getElementById("load-wait");
    if (wait) {
      wait.textContent = `${button.textContent.replace("☰", "").trim()} opens as soon as ` +
        "the table is ready.";
    } else {                                      // the stored picture has no loading line
      const status = document.getElementById("status");
      if (status) status.textContent = "One moment…";
    }
  });
  document.addEventListener("DOMContentLoaded", show);
})();
