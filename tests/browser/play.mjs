// The web door in a real browser: Debian's Chromium, driven by playwright-core. Starts the
// server (the nim-tui-serve binary cargo built; NIM_SERVE_BIN to choose another) with the web
// door only on a loopback port and a class code, opens the page, joins with a name and the
// code, plays a game against the AI to its end with the keyboard, then one with the mouse
// (clicks on the start screen's row and on the heaps' tokens), checking the screen's text
// (xterm.js's buffer) at each step, then a game on the plain page (lines in a live region, for a
// screen reader), and saves screenshots (a laptop's window and a phone's) under target/browser/. Exit 0 when all went as a player would expect; the last line says
// "N passed, N failed".
import { chromium } from "playwright-core";
import { spawn } from "node:child_process";
import { mkdtempSync, mkdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const bin = process.env.NIM_SERVE_BIN || path.join(process.env.CARGO_TARGET_DIR || path.join(root, "target"), "debug/nim-tui-serve");
const shots = path.join(root, "target/browser");
mkdirSync(shots, { recursive: true });
const PATIENCE = 60_000; // a failure bound, never a judgement of speed
const CODE = "maths";

const home = mkdtempSync(path.join(tmpdir(), "nim-browser-"));
let server = null, context = null;
let passed = 0, failed = 0;

function check(ok, what) {
  if (ok) { passed += 1; console.log(`ok: ${what}`); }
  else { failed += 1; console.log(`FAILED: ${what}`); }
  return ok;
}

async function startServer(web = "127.0.0.1:0") {
  server = spawn(bin, ["--no-ssh", "--web", web, "--code", CODE, "--db", path.join(home, "class.sqlite3")], {
    env: { ...process.env, HOME: home, XDG_STATE_HOME: path.join(home, "state"), XDG_DATA_HOME: path.join(home, "data"), NIM_TUI_LOG: "" },
    stdio: ["ignore", "ignore", "pipe"],
  });
  let said = "";
  return await new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the server did not start: ${said}`)), PATIENCE);
    server.stderr.on("data", (chunk) => {
      said += chunk.toString();
      const found = said.match(/http:\/\/(127\.0\.0\.1:\d+)\//);
      if (found) { clearTimeout(timer); resolve(`http://${found[1]}/`); }
    });
    server.on("exit", (code) => reject(new Error(`the server exited (${code}): ${said}`)));
  });
}

const screen = (page) => page.evaluate(() => (window.nimScreen ? window.nimScreen() : ""));

async function waitFor(page, test, what) {
  const end = Date.now() + PATIENCE;
  let text = "";
  while (Date.now() < end) {
    text = await screen(page);
    if (test(text)) return text;
    await page.waitForTimeout(100);
  }
  throw new Error(`waited in vain for ${what}; the screen:\n${text}`);
}
const waitText = (page, needle) => waitFor(page, (s) => s.includes(needle), JSON.stringify(needle));
const over = (s) => s.includes("You win!") || s.includes("You lose");

async function join(page, url, name) {
  await page.goto(url + "?lang=en");
  await page.fill("#name", name);
  await page.fill("#code", CODE);
  await page.click("#go");
  await waitText(page, "On the server:");
}

async function keyboardGame(page) {
  await page.keyboard.press("Enter"); // from the lobby: a table against the AI
  await waitText(page, "Start");
  await page.keyboard.press("Enter"); // a new game
  await waitFor(page, (s) => s.includes("Your turn") || s.includes("thinking"), "the game");
  for (let turn = 0; turn < 80; turn++) {
    const s = await screen(page);
    if (over(s)) return s;
    if (s.includes("Your turn")) {
      if (turn === 0) await page.screenshot({ path: path.join(shots, "game-playing.png") });
      await page.keyboard.press("h");
      await waitText(page, "Hint");
      await page.keyboard.press("Enter");
      await waitFor(page, (t) => !t.includes("Hint") || over(t), "the move");
    }
    await page.waitForTimeout(150);
  }
  throw new Error("the keyboard game did not end:\n" + (await screen(page)));
}

// Where (column, row) a text is on the screen.
function find(text, needle) {
  const lines = text.split("\n");
  for (let row = 0; row < lines.length; row++) {
    const col = lines[row].indexOf(needle);
    if (col >= 0) return { col: [...lines[row].slice(0, col)].length, row };
  }
  return null;
}

// The first token of the first heap that has any: heap rows read "N │ " before their tokens.
function tokenCell(text) {
  const lines = text.split("\n");
  for (let row = 0; row < lines.length; row++) {
    const found = lines[row].match(/^(.*?\s)(\d+) │ (?!\(empty\))/u);
    if (found) return { col: [...found[0]].length + 1, row };
  }
  return null;
}

async function click(page, col, row) {
  const at = await page.evaluate(([c, r]) => window.nimCell(c, r), [col, row]);
  await page.mouse.click(at.x, at.y);
}

async function mouseGame(page) {
  // The start screen's first row, clicked, starts the game.
  const start = find(await waitText(page, "Start"), "Start");
  await click(page, start.col + 1, start.row);
  await waitFor(page, (s) => s.includes("Your turn") || s.includes("thinking"), "the game started by a click");
  for (let turn = 0; turn < 80; turn++) {
    const s = await screen(page);
    if (over(s)) return s;
    if (s.includes("Your turn")) {
      const token = tokenCell(s);
      if (!token) throw new Error("no token on the screen:\n" + s);
      // A click picks the tokens from there to the heap's end; the same click again takes them.
      await click(page, token.col, token.row);
      await page.waitForTimeout(100);
      await click(page, token.col, token.row);
      await waitFor(page, (t) => !t.includes("Your turn") || over(t) || t !== s, "the clicked move");
    }
    await page.waitForTimeout(150);
  }
  throw new Error("the mouse game did not end:\n" + (await screen(page)));
}

main().then(
  () => finish(),
  (error) => { console.log(`FAILED: ${error.stack || error}`); failed += 1; finish(); },
);

async function finish() {
  try { if (context) await context.close(); } catch {}
  if (server) server.kill("SIGTERM");
  rmSync(home, { recursive: true, force: true });
  console.log(`${passed} passed, ${failed} failed`);
  process.exit(failed === 0 && passed > 0 ? 0 : 1);
}

async function main() {
  const url = await startServer();
  context = await chromium.launchPersistentContext(mkdtempSync(path.join(home, "profile-")), {
    executablePath: process.env.CHROMIUM || "/usr/bin/chromium",
    headless: true,
    args: ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking",
      "--disable-component-update", "--disable-sync"],
    viewport: { width: 1280, height: 800 },
    hasTouch: true, // taps as a tablet's, beside the mouse
  });
  const page = context.pages()[0] || (await context.newPage());
  const errors = [];
  page.on("pageerror", (e) => errors.push(String(e)));
  page.on("console", (m) => { if (m.type() === "error") errors.push(m.text()); });

  // A wrong code is refused on the form, with the reason.
  await page.goto(url + "?lang=en");
  await page.fill("#name", "alice");
  await page.fill("#code", "wrong");
  await page.click("#go");
  await page.waitForSelector("#error:not(:empty)", { timeout: PATIENCE });
  check((await page.textContent("#error")).includes("Wrong class code"), "a wrong class code is refused on the form");

  await join(page, url, "alice");
  check(true, "joined with a name and the class code: the lobby");
  const end = await keyboardGame(page);
  check(over(end), "a game against the AI played to its end with the keyboard");
  await page.screenshot({ path: path.join(shots, "game-keyboard.png") });
  await page.keyboard.press("q");
  await waitText(page, "On the server:");
  check((await screen(page)).includes("alice"), "back in the lobby, under the name given");

  // The mouse: the lobby's Enter opens the table, then clicks only.
  await page.keyboard.press("Enter");
  const mouseEnd = await mouseGame(page);
  check(over(mouseEnd), "a game against the AI played to its end with clicks");
  await page.screenshot({ path: path.join(shots, "game-mouse.png") });

  // The window follows the browser's: a phone's size.
  await page.setViewportSize({ width: 390, height: 760 });
  const narrow = await waitFor(page, (s) => s.split("\n").length > 0 && s.split("\n")[0].length <= 60, "a narrow screen");
  check(narrow.length > 0, "the screen is drawn again at a phone's width");
  await page.screenshot({ path: path.join(shots, "game-phone.png") });

  // A tap is a click: a new game, and a move made by tapping a token twice.
  await page.keyboard.press("Enter");
  const before = await waitText(page, "Your turn");
  const token = tokenCell(before);
  check(token !== null, "a token to tap on a phone's screen");
  for (let tap = 0; tap < 2; tap++) {
    const at = await page.evaluate(([c, r]) => window.nimCell(c, r), [token.col, token.row]);
    await page.touchscreen.tap(at.x, at.y);
    await page.waitForTimeout(100);
  }
  await waitFor(page, (s) => s !== before && s.includes("took"), "the tapped move");
  check(true, "a move made by tapping on a phone's screen");

  // A dropped connection is said, and the page joins again by itself.
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.keyboard.press("q");
  // Leaving a game in play may ask first; yes.
  const leave = await waitFor(page, (t) => t.includes("On the server:") || t.includes("y: yes"), "the lobby or a question");
  if (leave.includes("y: yes")) await page.keyboard.press("y");
  await waitText(page, "On the server:");
  server.kill("SIGTERM");
  await page.waitForSelector("#banner:not([hidden])", { timeout: PATIENCE });
  check((await page.textContent("#banner-text")).includes("lost"), "the page says the connection was lost");
  // The server back on its address: the page joins again by itself, under the same name.
  if (server.exitCode === null && server.signalCode === null) await new Promise((resolve) => server.once("exit", resolve));
  await startServer(new URL(url).host);
  const back = await waitText(page, "On the server:");
  check(back.includes("alice"), "the page joined the server again by itself, as alice");
  check(await page.isHidden("#banner"), "the message is gone once joined again");

  // The plain page (#37), for a screen reader: no terminal, the game as lines in a live region,
  // commands typed in a labelled box; a whole game against the AI.
  const plain = await context.newPage();
  plain.on("pageerror", (e) => errors.push(String(e)));
  await plain.goto(url + "?lang=en&plain=1");
  check(await plain.isChecked("#plain"), "?plain=1 ticks the plain text box");
  await plain.fill("#name", "bea");
  await plain.fill("#code", CODE);
  await plain.click("#go");
  const said = () => plain.evaluate(() => (window.nimLines ? window.nimLines() : ""));
  const waitLine = async (test, what) => {
    const end = Date.now() + PATIENCE;
    let text = "";
    while (Date.now() < end) {
      text = await said();
      if (test(text)) return text;
      await plain.waitForTimeout(100);
    }
    throw new Error(`waited in vain for ${what}; the lines:\n${text}`);
  };
  const type = async (line) => {
    await plain.fill("#command", line);
    await plain.press("#command", "Enter");
  };
  await waitLine((t) => t.includes("Lobby. Type ai"), "the lobby's lines");
  check((await plain.getAttribute("#lines", "aria-live")) === "polite", "the lines are a polite live region");
  check((await plain.locator(".xterm").count()) === 0, "no terminal on the plain page");
  check(await plain.evaluate(() => document.activeElement && document.activeElement.id === "command"), "the command box has the focus");
  await type("ai");
  await waitLine((t) => t.includes("Type p to play"), "the start menu");
  await type("p");
  // Each "Your move." after the last one answered, until the result.
  let result = "", seen = 0;
  const ends = (l) => l.endsWith("Your move.") || l.endsWith("You win.") || l.endsWith("You lose.");
  for (let turn = 0; turn < 40 && !result; turn++) {
    const text = await waitLine((t) => t.split("\n").slice(seen).some(ends), "a move or the result");
    const lines = text.split("\n");
    const at = lines.findIndex((l, n) => n >= seen && ends(l));
    const last = lines[at];
    seen = at + 1;
    if (!last.endsWith("Your move.")) { result = last; break; }
    const heaps = last.match(/Heaps?: ([\d, ]+)\./)[1].split(", ").map(Number);
    const sum = heaps.reduce((a, b) => a ^ b, 0);
    let i = heaps.findIndex((h) => (h ^ sum) < h);
    const take = i >= 0 ? heaps[i] - (heaps[i] ^ sum) : 1;
    if (i < 0) i = heaps.findIndex((h) => h > 0);
    await type(`${i + 1} ${take}`);
  }
  check(result.endsWith("You win.") || result.endsWith("You lose."), `a game against the AI played in lines (${result})`);
  const all = await said();
  check(!/[\u2500-\u259f\u2800-\u28ff\u001b]/u.test(all), "no box-drawing, braille or escape in the lines");
  await plain.screenshot({ path: path.join(shots, "plain-page.png") });
  check(errors.length === 0, `no script errors (${errors.join("; ")})`);
}
