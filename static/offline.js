// Offline support for the Sheepshead page: registers the service worker (./sw.js, made
// by build.py) once Python is up, and tells the player what it means.
//
// - Registers only after PyScript's "py:all-done" (or when <body data-ready="1"> is
//   already set), so the first visit's downloads are in the HTTP cache by then and the
//   worker's precache revalidates them instead of downloading them again.
// - Says "Ready to play offline" once, when this browser first gets the worker, after the
//   first hand is over (nothing but the game speaks in the first minutes).
// - When a new build has installed and waits, offers "New version — Reload". It never
//   reloads by itself: only a tap on Reload asks the waiting worker to take over
//   ("skip-waiting") and then reloads the page (the game is saved after every action).
// - Shows an "Install" button where the browser fires beforeinstallprompt, and on an
//   iPhone or iPad in Safari (not already on the home screen) a one-time hint:
//   "Share, then Add to Home Screen".
// <html data-offline="..."> says where this stands: "unsupported", "registering",
// "installing", "ready" (this page is served by the worker), "update" (a new version
// waits), "error". Banners live in #offline-bar, inside the page's one notice area
// (index.html; styles: static/offline.css), in the flow of the page. Install offers wait
// until the first hand is over (<body data-phase="over"> or data-hand above 1), as does
// the quiet request to keep this site's storage (navigator.storage.persist()).

const WORKER_URL = "./sw.js";
const SEEN_READY_KEY = "sheepshead.offline.ready-shown";
const SEEN_IOS_HINT_KEY = "sheepshead.offline.ios-hint-shown";
const UPDATE_CHECK_MS = 30 * 60 * 1000;
const HINT_MS = 20000;  // install offers step aside after a while; updates stay
const INSTALL_TRIES = 3;  // a failed first install is tried again this many times,
const INSTALL_RETRY_MS = 3000;  // after this pause

const root = document.documentElement;
let reloadRequested = false;

function setState(state) {
  root.dataset.offline = state;
}

function remember(key) {
  try {
    if (localStorage.getItem(key)) return false;
    localStorage.setItem(key, "1");
  } catch (e) {
    // Storage blocked: show it this once anyway.
  }
  return true;
}

function bar() {
  let el = document.getElementById("offline-bar");
  if (!el) {
    el = document.createElement("div");
    el.id = "offline-bar";
    el.className = "offline-bar";
    el.setAttribute("role", "status");
    el.setAttribute("aria-live", "polite");
    document.body.appendChild(el);
  }
  return el;
}

// One message in the bar, with optional buttons; returns its element.
// kind: "ready", "update", "install", "ios"; a message of the same kind is replaced.
function show(kind, text, buttons = [], { closable = true, hideAfterMs = 0 } = {}) {
  const holder = bar();
  holder.querySelector(`[data-offline-msg="${kind}"]`)?.remove();
  const msg = document.createElement("div");
  msg.className = "offline-msg";
  msg.dataset.offlineMsg = kind;
  const span = document.createElement("span");
  span.textContent = text;
  msg.appendChild(span);
  for (const [label, action, primary] of buttons) {
    const b = document.createElement("button");
    b.type = "button";
    b.className = primary ? "offline-btn primary" : "offline-btn";
    b.textContent = label;
    b.addEventListener("click", action);
    msg.appendChild(b);
  }
  if (closable) {
    const x = document.createElement("button");
    x.type = "button";
    x.className = "offline-btn close";
    x.setAttribute("aria-label", "Dismiss");
    x.textContent = "×";
    x.addEventListener("click", () => msg.remove());
    msg.appendChild(x);
  }
  holder.appendChild(msg);
  if (hideAfterMs) setTimeout(() => msg.remove(), hideAfterMs);
  return msg;
}

function hide(kind) {
  document.querySelector(`[data-offline-msg="${kind}"]`)?.remove();
}

// ------------------------------------------------------------------ update offer

function offerUpdate(registration) {
  const waiting = registration.waiting;
  if (!waiting || !navigator.serviceWorker.controller) return;
  setState("update");
  show("update", "New version —", [["Reload", () => applyUpdate(registration), true]], {
    closable: true,
  });
}

function applyUpdate(registration) {
  reloadRequested = true;
  const waiting = registration.waiting;
  if (!waiting) {
    location.reload();
    return;
  }
  waiting.postMessage({ type: "skip-waiting" });
  // controllerchange reloads; if it never comes, reload anyway (the player asked).
  setTimeout(() => location.reload(), 4000);
}

function watchForUpdates(registration) {
  if (registration.waiting) offerUpdate(registration);
  registration.addEventListener("updatefound", () => {
    const worker = registration.installing;
    if (!worker) return;
    worker.addEventListener("statechange", () => {
      if (worker.state === "installed") offerUpdate(registration);
    });
  });
  navigator.serviceWorker.addEventListener("controllerchange", () => {
    // Only after the player tapped Reload: the first install's clients.claim() also
    // changes the controller, and that must not reload a game in progress.
    if (reloadRequested) location.reload();
  });
  const check = () => registration.update().catch(() => {});  // offline: fine
  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState === "visible") check();
  });
  setInterval(check, UPDATE_CHECK_MS);
}

// ------------------------------------------------------------------ registration

async function register() {
  if (!("serviceWorker" in navigator)) {
    setState("unsupported");
    return;
  }
  setState("registering");
  let registration;
  try {
    registration = await navigator.serviceWorker.register(WORKER_URL, { updateViaCache: "none" });
  } catch (error) {
    setState("error");
    console.warn("Sheepshead: offline play is not available here:", error);
    return;
  }
  if (!registration) {            // service workers blocked by policy (an automation profile)
    setState("unsupported");
    return;
  }
  watchForUpdates(registration);
  if (!navigator.serviceWorker.controller) {
    setState("installing");
    retryFailedInstall(registration, INSTALL_TRIES);
    await navigator.serviceWorker.ready;  // installed and active (precache complete)
    if (!navigator.serviceWorker.controller) {
      await new Promise((resolve) =>
        navigator.serviceWorker.addEventListener("controllerchange", resolve, { once: true })
      );
    }
    if (root.dataset.offline !== "update") setState("ready");
    // Quiet first minutes: the greeting waits until the first hand is over.
    afterFirstHand(() => {
      if (remember(SEEN_READY_KEY)) {
        show("ready", "Ready to play offline", [], { closable: false, hideAfterMs: 8000 });
      }
    });
  } else if (root.dataset.offline !== "update") {
    setState("ready");
  }
}

// A first install whose precache failed (a file not fetched: a flaky network, a busy
// machine) leaves the worker redundant, and offline play would wait for the next visit:
// register again after a pause, a few times, until one installs.
function retryFailedInstall(registration, tries) {
  const worker = registration.installing;
  if (!worker || tries <= 0) return;
  worker.addEventListener("statechange", () => {
    if (worker.state !== "redundant" || navigator.serviceWorker.controller) return;
    console.warn("Sheepshead: the offline copy could not be made; trying again.");
    setTimeout(async () => {
      try {
        const again = await navigator.serviceWorker.register(WORKER_URL, { updateViaCache: "none" });
        retryFailedInstall(again, tries - 1);
      } catch (error) {
        console.warn("Sheepshead: offline play is not available here:", error);
      }
    }, INSTALL_RETRY_MS);
  });
}

// ------------------------------------------------------------- install prompts

let deferredPrompt = null;

// Runs `then` once the first hand is over (at once if it already is).
function afterFirstHand(then) {
  const body = document.body;
  const done = () => body && (body.dataset.phase === "over" || Number(body.dataset.hand || 1) > 1);
  if (done()) {
    then();
    return;
  }
  const watch = new MutationObserver(() => {
    if (done()) {
      watch.disconnect();
      then();
    }
  });
  watch.observe(body, { attributes: true, attributeFilter: ["data-phase", "data-hand"] });
}

window.addEventListener("beforeinstallprompt", (event) => {
  event.preventDefault();
  deferredPrompt = event;
  afterFirstHand(offerInstall);
});

function offerInstall() {
  if (!deferredPrompt) return;
  show("install", "Play from your home screen", [
    ["Install", async () => {
      hide("install");
      const prompt = deferredPrompt;
      deferredPrompt = null;
      if (prompt) {
        prompt.prompt();
        try { await prompt.userChoice; } catch (e) { /* dismissed */ }
      }
    }, true],
  ], { hideAfterMs: HINT_MS });
}

window.addEventListener("appinstalled", () => {
  deferredPrompt = null;
  hide("install");
});

function isIos() {
  const ua = navigator.userAgent || "";
  return /iPhone|iPad|iPod/.test(ua) ||
    (navigator.platform === "MacIntel" && navigator.maxTouchPoints > 1);
}

function isStandalone() {
  return navigator.standalone === true ||
    (window.matchMedia && window.matchMedia("(display-mode: standalone)").matches);
}

function maybeIosHint() {
  if (isIos() && !isStandalone() && remember(SEEN_IOS_HINT_KEY)) {
    show("ios", "To play offline from your home screen: tap Share, then Add to Home Screen.", [],
      { hideAfterMs: HINT_MS });
  }
}

// ------------------------------------------------------------ lasting storage

// Safari deletes a site's storage after about seven days without a visit (unless the game
// runs from the home screen), and any browser may clear it when the device runs short: the
// saves and the Daily results book would go. Once the first hand is over, ask to keep it
// (navigator.storage.persist()) where the browser decides quietly by its own rules
// (Chromium, Safari 17+). Not in Firefox, where asking opens a permission prompt, nor where
// the browser lacks it (WebKitGTK, older Safari). <html data-persist> says what happened:
// "kept" (granted, now or before), "not-kept" (refused), "not-asked" (Firefox),
// "unsupported", "error".
function askToKeepStorage() {
  const storage = navigator.storage;
  if (!storage || typeof storage.persist !== "function" || typeof storage.persisted !== "function") {
    root.dataset.persist = "unsupported";
    return;
  }
  storage.persisted()
    .then((kept) => {
      if (kept) return true;
      if (/\bFirefox\//.test(navigator.userAgent || "")) return null;  // would prompt
      return storage.persist();
    })
    .then((kept) => {
      root.dataset.persist = kept === null ? "not-asked" : kept ? "kept" : "not-kept";
    })
    .catch((e) => {
      root.dataset.persist = "error";
      console.warn("Sheepshead: could not ask to keep this site's storage:", e);
    });
}

// ------------------------------------------------------------------------ start

let started = false;
function start() {
  if (started) return;
  started = true;
  register();
  afterFirstHand(maybeIosHint);
  afterFirstHand(askToKeepStorage);
}

if (document.body && document.body.dataset.ready === "1") start();
else window.addEventListener("py:all-done", start, { once: true });
