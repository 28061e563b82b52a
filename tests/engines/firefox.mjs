// Firefox (Gecko) for the cross-engine suite (tests/engine_suite.py): Debian's firefox-esr
// driven over WebDriver BiDi by puppeteer-core (package.json), with no separate driver.
//
// A line-oriented bridge: tests/engine_drivers.py starts `node tests/engines/firefox.mjs`,
// writes one JSON command a line on its standard input ({"id", "op", "args"}) and reads one
// JSON answer a line ({"id", "ok", "value"} or {"id", "ok": false, "error"}). What the page
// logs (console errors, uncaught errors, every request URL) is kept here and read with "log".
import puppeteer from "puppeteer-core";
import { createInterface } from "node:readline";

const FIREFOX = process.env.SHEEPSHEAD_FIREFOX || "/usr/bin/firefox-esr";

let browser = null;
let context = null;
let page = null;
const log = { errors: [], requests: [] };

function watch(p) {
  p.on("console", (msg) => {
    if (msg.type() === "error") log.errors.push("console: " + msg.text());
  });
  p.on("pageerror", (err) => log.errors.push("page: " + (err && err.message ? err.message : String(err))));
  p.on("request", (request) => log.requests.push(request.url()));
}

const ops = {
  // A fresh profile (puppeteer makes a temporary one per launch) at `width` x `height`.
  // `prefs`: Firefox preferences for this profile (about:config).
  async launch({ width, height, prefs }) {
    browser = await puppeteer.launch({
      browser: "firefox",
      executablePath: FIREFOX,
      headless: true,
      protocolTimeout: 180_000,
      extraPrefsFirefox: prefs || {},
    });
    context = browser.defaultBrowserContext();
    page = (await browser.pages())[0] || (await browser.newPage());
    watch(page);
    await page.setViewport({ width, height });
    return await browser.version();
  },
  // A new, empty browser context (no storage shared with the first) with its own page.
  async fresh({ width, height }) {
    context = await browser.createBrowserContext();
    page = await context.newPage();
    watch(page);
    await page.setViewport({ width, height });
    return null;
  },
  // A script run in every new document of the page before its own scripts.
  async preload({ script }) {
    await page.evaluateOnNewDocument(script);
    return null;
  },
  async goto({ url }) {
    await page.goto(url, { waitUntil: "load", timeout: 180_000 });
    return null;
  },
  async reload() {
    await page.reload({ waitUntil: "load", timeout: 180_000 });
    return null;
  },
  // A JavaScript expression; a promise is awaited; the value comes back as JSON.
  async eval({ expr }) {
    return await page.evaluate(expr);
  },
  // A real pointer click at (x, y) from the element's top-left corner (its centre if null).
  async click({ selector, x, y }) {
    const handle = await page.$(selector);
    if (!handle) throw new Error("no element matches " + selector);
    const offset = x === null || x === undefined ? undefined : { x, y };
    await handle.click(offset ? { offset } : {});
    await handle.dispose();
    return null;
  },
  async select({ selector, value }) {
    return await page.select(selector, value);
  },
  // What the page logged since the last "log".
  async log() {
    return { errors: log.errors.splice(0), requests: log.requests.splice(0) };
  },
  async close() {
    if (browser) await browser.close();
    browser = null;
    return null;
  },
};

const lines = createInterface({ input: process.stdin });
for await (const line of lines) {
  if (!line.trim()) continue;
  const { id, op, args } = JSON.parse(line);
  let answer;
  try {
    const value = await ops[op](args || {});
    answer = { id, ok: true, value: value === undefined ? null : value };
  } catch (e) {
    answer = { id, ok: false, error: String(e && e.stack ? e.stack : e) };
  }
  process.stdout.write(JSON.stringify(answer) + "\n");
  if (op === "close") break;
}
if (browser) await browser.close();
process.exit(0);   // standard input may still be open: the bridge is done
