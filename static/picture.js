// The table at once on a return visit (issue 23): before Python starts, draw the table's
// picture that the page kept with the save (sheepshead/ui/storage/picture.py writes it under
// "sheepshead.picture" whenever the table rests). On a first visit (no link, nothing kept),
// the practice hand's first table, which build.py ships (static/first-picture.js); through a
// Daily's link, that Daily's first table (static/dailies.json, fetched).
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
  // Written by build.py (script_constants) from the Python that defines each of these: the
  // picture's key and format, the prefix of every key the page keeps, the Dailies' and the
  // previous version's keys, the regions, attributes and body classes a picture keeps, the
  // elements whose attributes it sets, and the markup it may hold (PICTURE_MARKUP). Not built
  // ("dev"): nothing is drawn.
  const PAGE = /*@PICTURE@*/"dev";
  if (typeof PAGE !== "object") return;
  const KEY = PAGE.key;
  const FORMAT = PAGE.format;
  const PREFIX = PAGE.prefix;
  const DAILY_PREFIX = PAGE.dailyPrefix;
  const OLD_SAVE_KEY = PAGE.oldSaveKey;          // a save to migrate: the engine decides
  const REGIONS = PAGE.regions;
  const SELECTORS = PAGE.selectors;
  const ATTRS = PAGE.attrs;
  const CLASSES = PAGE.classes;
  const HTML_NS = "http://www.w3.org/1999/xhtml";
  const SVG_NS = "http://www.w3.org/2000/svg";
  const XMLNS_NS = "http://www.w3.org/2000/xmlns/";

  // Storage is written by whatever can write this origin's storage, so a picture's markup is
  // never put on the page as it is: each region is parsed into an inert template, every node
  // is checked against PAGE.markup (elements by name and namespace, attributes by name, their
  // values matched in full), and only the checked nodes themselves are moved into the page
  // (no second parse). One node that does not pass, and the whole picture is thrown away.
  const MARKUP = PAGE.markup;
  const full = (pattern) => pattern === null ? null : new RegExp("^(?:" + pattern + ")$");
  const ELEMENTS = {[HTML_NS]: new Set(MARKUP.html), [SVG_NS]: new Set(MARKUP.svg)};
  const ATTRIBUTES = new Map(Object.entries(MARKUP.attributes).map(([k, v]) => [k, full(v)]));
  const PREFIXED = Object.entries(MARKUP.prefixed).map(([k, v]) => [k, full(v)]);
  const PREFIXED_NAME = full(MARKUP.prefixedName);

  function attributeAllowed(el, attr) {
    if (attr.namespaceURI === XMLNS_NS) {
      return attr.name === "xmlns" && el.namespaceURI === SVG_NS && attr.value === SVG_NS;
    }
    if (attr.namespaceURI !== null) return false;        // xlink:href and the like
    let pattern;
    if (ATTRIBUTES.has(attr.name)) {
      pattern = ATTRIBUTES.get(attr.name);
    } else {
      const prefixed = PREFIXED.find(([prefix]) => attr.name.startsWith(prefix));
      if (!prefixed || !PREFIXED_NAME.test(attr.name.slice(prefixed[0].length))) return false;
      pattern = prefixed[1];
    }
    return pattern === null || pattern.test(attr.value);
  }

  // The region's markup as checked nodes (a fragment), or null when anything fails.
  function checked(html) {
    const template = document.createElement("template");
    template.innerHTML = html;
    const walker = document.createTreeWalker(template.content, NodeFilter.SHOW_ALL);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      if (node.nodeType === Node.TEXT_NODE) continue;
      if (node.nodeType !== Node.ELEMENT_NODE) return null;          // comments and the rest
      const names = ELEMENTS[node.namespaceURI];
      if (!names || !names.has(node.localName)) return null;
      for (const attr of node.attributes) {
        if (!attributeAllowed(node, attr)) return null;
      }
    }
    return template.content;
  }

  function mark(name) {
    try { performance.mark("sheepshead:" + name); } catch (e) { /* old browsers */ }
  }

  function isoDay(d) {
    const two = (n) => String(n).padStart(2, "0");
    return `${d.getFullYear()}-${two(d.getMonth() + 1)}-${two(d.getDate())}`;
  }

  // CRC-32 of the text's UTF-8 bytes, as sheepshead/ui/storage/picture.py's save_digest.
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

  // The save the engine will open, as the picture says (the engine wrote which one a visit
  // without a link opens: picture.opens, "" for today's Daily), or null when it is not known
  // here (another game's link, a result link, the practice hand, a save to migrate).
  function keyToOpen(store, picture) {
    const hash = location.hash;
    if (hash && hash !== "#") return hash === picture.hash ? picture.key : null;
    if (store.getItem(OLD_SAVE_KEY) !== null) return null;
    return picture.opens || DAILY_PREFIX + isoDay(new Date());
  }

  // The picture's regions as checked fragments, or null: nothing of it may be drawn.
  function regionsOf(picture) {
    const out = [];
    for (const id of REGIONS) {
      const html = picture.regions[id];
      if (html === undefined) continue;
      if (typeof html !== "string") return null;
      const fragment = checked(html);
      if (fragment === null) return null;
      out.push([id, fragment]);
    }
    return out;
  }

  function drawTable(picture, regions) {
    for (const [id, fragment] of regions) {
      const el = document.getElementById(id);
      if (el) el.replaceChildren(document.importNode(fragment, true));
    }
    for (const item of picture.attrs) {
      if (!Array.isArray(item) || item.length !== 3) continue;
      const [selector, name, value] = item;
      if (!SELECTORS.includes(selector) || !ATTRS.includes(name)) continue;
      if (value !== null && !attributeAllowed(document.body, {name, value: String(value),
                                                             namespaceURI: null})) continue;
      const el = selector === "body" ? document.body : document.querySelector(selector);
      if (!el) continue;
      if (value === null) el.removeAttribute(name);
      else el.setAttribute(name, String(value));
    }
    for (const name of picture.classes) {
      if (CLASSES.includes(name)) document.body.classList.add(name);
    }
    if (typeof picture.title === "string") document.title = picture.title.slice(0, 200);
  }

  // No game in progress on a new day: the last Daily's line and the streak.
  function drawRest(rest) {
    const loading = document.getElementById("loading");
    const step = document.getElementById("loading-step");
    if (!loading || !step || typeof rest.line !== "string" || rest.line.length > 200) return false;
    const box = document.createElement("div");
    box.className = "between";
    box.id = "between";
    const line = document.createElement("p");
    line.className = "between-last";
    line.textContent = rest.line;
    box.append(line);
    const now = new Date();
    const yesterday = new Date(now.getFullYear(), now.getMonth(), now.getDate() - 1);
    if (Number.isInteger(rest.streak) && rest.streak > 0 && rest.streak < 100000
        && [isoDay(now), isoDay(yesterday)].includes(rest.through)) {
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
      if ((store.key(i) || "").startsWith(PREFIX)) return false;
    }
    return true;
  }

  // A first visit through a Daily's link (#daily=<date>, nothing of the game kept here):
  // that Daily's first table, which build.py ships for the days around its own
  // (static/dailies.json, by day; PAGE.dailies: the first and last day), fetched when a
  // link asks for one of those days. Drawn only while the engine has
  // not drawn yet and the link is still the same; a day with no file, a Daily still to come
  // (the engine says so) or any failure: the loading line.
  const DAILY_LINK = /^#daily=([0-9]{4}-[0-9]{2}-[0-9]{2})$/;

  function dailyLink(store) {
    const day = DAILY_LINK.exec(location.hash);
    if (!day || day[1] > isoDay(new Date()) || typeof WebAssembly !== "object") return null;
    const [first, last] = PAGE.dailies;     // the days build.py drew
    if (day[1] < first || day[1] > last) return null;
    for (let i = 0; i < store.length; i++) {
      if ((store.key(i) || "").startsWith(PREFIX)) return null;
    }
    return day[1];
  }

  function drawDaily(day) {
    const hash = location.hash;
    fetch("./static/dailies.json").then((r) => r.ok ? r.json() : null).then((pictures) => {
      const own = pictures && Object.prototype.hasOwnProperty.call(pictures, day);
      const picture = own ? pictures[day] : null;
      const live = document.body.dataset.ready === "1" || location.hash !== hash;
      if (live || !valid(picture) || picture.hash !== hash) return;
      const regions = regionsOf(picture);
      if (regions === null) return;
      drawFirst(picture, regions);
    }).catch(() => { /* the loading line stays */ });
  }

  // A first visit's table (the practice hand, a Daily's): the loading line under the title.
  function drawFirst(picture, regions) {
    drawTable(picture, regions);
    document.documentElement.dataset.table = "first";   // static/loading.js says how far
    const app = document.getElementById("app");
    if (app) app.setAttribute("aria-busy", "true");
    mark("table-visible");
  }

  function valid(picture) {
    return !!picture && picture.format === FORMAT && typeof picture.key === "string"
      && typeof picture.opens === "string" && (picture.opens === "" || picture.opens.startsWith(PREFIX))
      && !!picture.regions && typeof picture.regions === "object"
      && !Array.isArray(picture.regions) && Array.isArray(picture.attrs)
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
      const regions = valid(first) ? regionsOf(first) : null;
      if (regions !== null) drawFirst(first, regions);
      return;
    }
    const day = dailyLink(store);
    if (day !== null) {
      drawDaily(day);
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
    const regions = regionsOf(picture);
    if (regions === null) {                              // not the engine's drawing: never drawn
      store.removeItem(KEY);
      return;
    }
    if (key === picture.key && digest(saved) === picture.save) {
      drawTable(picture, regions);
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
