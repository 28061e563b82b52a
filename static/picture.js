// The table at once on a return visit (issue 23): before Python starts, draw the table's
// picture that the page kept with the save (sheepshead/ui/picture.py writes it under
// "sheepshead.picture" whenever the table rests). On a first visit (no link, nothing kept),
// the practice hand's first table, which build.py ships (static/first-picture.js).
//
// A classic script right after the table's HTML, so it runs before the first paint. The saves
// stay the one truth: the picture names the save it is a drawing of (its key and a CRC-32 of its
// text) and is drawn only when the game that will open is that save, unchanged; when that save
// has moved on, the picture is thrown away. With no game in progress on a new day (today's
// Daily not begun), the last finished Daily's line and the streak show while it is dealt.
//
// What the page shows until Python takes over: <html data-table="stored"> (a game) or
// "waiting" (the last results), the table aria-busy; static/loading.js keeps the taps and says
// "One moment…"; static/main.py hands them to the engine once, and its first draw patches the
// same HTML over this one (nothing changes on screen). Any failure draws nothing: the loading
// line shows as on a first visit.
(function () {
  "use strict";
  const KEY = "sheepshead.picture";
  const FORMAT = "sheepshead-picture/1";
  const GAME_KEY = "sheepshead.game";
  const DAILY_PREFIX = "sheepshead.daily.";
  const SETTINGS_KEY = "sheepshead.settings";
  const OLD_SAVE_KEY = "sheepshead.save";          // a save to migrate: the engine decides
  const REGIONS = ["info", "seat-1", "seat-2", "seat-3", "seat-4", "chips", "center", "status",
                   "tip", "actions", "mine", "hand", "panel"];
  const SELECTORS = ["body", "#panel", "#seat-1", "#seat-2", "#seat-3", "#seat-4",
                     "header.topbar", "#felt", "#status", "#actions", "#mine", "#hand"];
  const ATTRS = ["hidden", "inert", "data-players", "data-panel"];
  const CLASSES = ["four-colour", "reduced-motion"];

  function mark(name) {
    try { performance.mark("sheepshead:" + name); } catch (e) { /* old browsers */ }
  }

  function isoDay(d) {
    const two = (n) => String(n).padStart(2, "0");
    return `${d.getFullYear()}-${two(d.getMonth() + 1)}-${two(d.getDate())}`;
  }

  // CRC-32 of the text's UTF-8 bytes, as sheepshead/ui/picture.py's save_digest.
  function digest(text) {
    if (text === null) return "";
    let crc = 0xFFFFFFFF;
    for (const byte of new TextEncoder().encode(text)) {
      let c = (crc ^ byte) & 0xFF;
      for (let k = 0; k < 8; k++) c = (c & 1) ? (0xEDB88320 ^ (c >>> 1)) : (c >>> 1);
      crc = (crc >>> 8) ^ c;
    }
    return ((crc ^ 0xFFFFFFFF) >>> 0).toString(16).padStart(8, "0");
  }

  // The save the engine will open (Session.go / open_default), or null when it is not known
  // here (another game's link, a result link, the practice hand, a save to migrate).
  function keyToOpen(store, picture) {
    const hash = location.hash;
    if (hash && hash !== "#") return hash === picture.hash ? picture.key : null;
    if (store.getItem(OLD_SAVE_KEY) !== null) return null;
    let open = "daily";
    try {
      open = JSON.parse(store.getItem(SETTINGS_KEY)).settings.open || "daily";
    } catch (e) { /* no settings, or unreadable: the engine says so */ }
    if (open === "game" && store.getItem(GAME_KEY) !== null) return GAME_KEY;
    return DAILY_PREFIX + isoDay(new Date());
  }

  function drawTable(picture) {
    for (const id of REGIONS) {
      const html = picture.regions[id];
      const el = document.getElementById(id);
      if (typeof html === "string" && el) el.innerHTML = html;
    }
    for (const item of picture.attrs) {
      if (!Array.isArray(item) || item.length !== 3) continue;
      const [selector, name, value] = item;
      if (!SELECTORS.includes(selector) || !ATTRS.includes(name)) continue;
      const el = selector === "body" ? document.body : document.querySelector(selector);
      if (!el) continue;
      if (value === null) el.removeAttribute(name);
      else el.setAttribute(name, String(value));
    }
    for (const name of picture.classes) {
      if (CLASSES.includes(name)) document.body.classList.add(name);
    }
    if (typeof picture.title === "string") document.title = picture.title;
  }

  // No game in progress on a new day: the last Daily's line and the streak.
  function drawRest(rest) {
    const loading = document.getElementById("loading");
    const step = document.getElementById("loading-step");
    if (!loading || !step || typeof rest.line !== "string") return false;
    const box = document.createElement("div");
    box.className = "between";
    box.id = "between";
    const line = document.createElement("p");
    line.className = "between-last";
    line.textContent = rest.line;
    box.append(line);
    const now = new Date();
    const yesterday = new Date(now.getFullYear(), now.getMonth(), now.getDate() - 1);
    if (rest.streak > 0 && [isoDay(now), isoDay(yesterday)].includes(rest.through)) {
      const streak = document.createElement("p");
      streak.className = "between-streak";
      streak.textContent = `Current streak: ${rest.streak} ${rest.streak === 1 ? "day" : "days"}`;
      box.append(streak);
    }
    loading.prepend(box);
    step.textContent = "Today's Daily is being dealt…";
    return true;
  }

  // A first visit: no link and nothing of the game kept here (Session.start then opens the
  // practice hand, at your first decision with the default settings: the same everywhere).
  function firstVisit(store) {
    if (location.hash && location.hash !== "#") return false;
    if (typeof WebAssembly !== "object") return false;   // the loading line says why not
    for (let i = 0; i < store.length; i++) {
      if ((store.key(i) || "").startsWith("sheepshead.")) return false;
    }
    return true;
  }

  function valid(picture) {
    return !!picture && picture.format === FORMAT && typeof picture.key === "string"
      && typeof picture.regions === "object" && Array.isArray(picture.attrs)
      && Array.isArray(picture.classes);
  }

  function show() {
    let store;
    try {
      store = window.localStorage;
      if (!store) return;
    } catch (e) {
      return;                     // storage denied: the engine says so
    }
    const root = document.documentElement;
    const app = document.getElementById("app");
    if (firstVisit(store)) {      // build.py's static/first-picture.js
      const first = window.sheepsheadFirstPicture;
      if (!valid(first)) return;
      drawTable(first);
      root.dataset.table = "first";   // static/loading.js says how far the start is
      if (app) app.setAttribute("aria-busy", "true");
      mark("table-visible");
      return;
    }
    let picture;
    try {
      const text = store.getItem(KEY);
      if (text === null) return;
      picture = JSON.parse(text);
      if (!valid(picture)) throw new Error("not a picture of this version");
    } catch (e) {
      try { store.removeItem(KEY); } catch (e2) { /* storage refused: nothing to drop */ }
      return;
    }
    const key = keyToOpen(store, picture);
    if (key === null) return;
    const saved = store.getItem(key);
    if (key === picture.key && digest(saved) === picture.save) {
      drawTable(picture);
      root.dataset.table = "stored";
    } else {
      if (key === picture.key) store.removeItem(KEY);     // its save has moved on
      const newDay = saved === null && key.startsWith(DAILY_PREFIX) && key !== picture.key;
      if (!newDay || !picture.rest || !drawRest(picture.rest)) return;
      root.dataset.table = "waiting";
    }
    if (app) app.setAttribute("aria-busy", "true");
    mark("table-visible");
  }

  try {
    show();
  } catch (e) {
    console.warn("Sheepshead: the stored table could not be drawn.", e);
  }
})();
