// Sheepshead service worker, built by build.py from static/build/sw.js: the placeholders
// below become the version and the list of shipped files. Do not edit the built copy.
//
// Precaches exactly the shipped files under a cache named for their content, deletes
// this site's older caches on activation, serves cache-first and falls back to the
// cached page for navigations. A new build installs and then WAITS: the page
// (static/offline.js) offers "New version — Reload" and posts "skip-waiting".
// Every URL is relative to this worker, so the site works from any sub-path.
"use strict";

const VERSION = /*@VERSION@*/"dev";
const FILES = /*@PRECACHE@*/[];
const SCOPE = self.registration.scope;  // ends with "/"
const PREFIX = "sheepshead:" + SCOPE + ":";
const CACHE = PREFIX + VERSION;
const INDEX = new URL("./index.html", SCOPE).href;

self.addEventListener("install", (event) => {
  // "no-cache" revalidates with the server (a 304 reuses what the first visit
  // already downloaded) instead of trusting a possibly stale HTTP cache entry.
  event.waitUntil(
    caches.open(CACHE).then((cache) =>
      cache.addAll(FILES.map((f) => new Request(new URL(f, SCOPE).href, { cache: "no-cache" })))
    )
  );
  // No skipWaiting() here: a new version waits until the player chooses to reload.
});

self.addEventListener("activate", (event) => {
  event.waitUntil((async () => {
    for (const key of await caches.keys()) {
      if (key.startsWith(PREFIX) && key !== CACHE) await caches.delete(key);
    }
    await self.clients.claim();
  })());
});

self.addEventListener("message", (event) => {
  if (event.data && event.data.type === "skip-waiting") self.skipWaiting();
  if (event.data && event.data.type === "version" && event.ports[0]) {
    event.ports[0].postMessage({ version: VERSION, cache: CACHE });
  }
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET") return;
  const url = new URL(request.url);
  url.hash = "";
  if (!url.href.startsWith(SCOPE)) return;  // other origins and paths: not ours
  event.respondWith(respond(request, url));
});

async function respond(request, url) {
  const cache = await caches.open(CACHE);
  const navigate = request.mode === "navigate";
  if (navigate) url.search = "";
  const key = url.href === SCOPE ? INDEX : url.href;
  const hit = await cache.match(key);
  if (hit) return hit;
  try {
    return await fetch(request);
  } catch (error) {
    if (navigate) {
      const page = await cache.match(INDEX);
      if (page) return page;
    }
    throw error;
  }
}
