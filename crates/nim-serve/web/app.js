// The web door's page: a join form, then xterm.js over one WebSocket (crates/nim-serve/src/web.rs).
// The server runs the whole game; this page is only a terminal. Messages on the socket:
//   to the server:   a text hello {name, code, lang, cols, rows, plain}, then binary frames of keys
//                    (what the terminal types: keys, SGR mouse reports, pastes) and text
//                    {cols, rows} when the window changes;
//   from the server: text {joined: NAME} or {error: TEXT}, then binary frames of the screen.
// With "plain" ticked (or ?plain=1) there is no terminal: the server speaks the plain protocol
// (docs/plain-protocol.md), lines of UTF-8 text ended by "\n", each shown as a paragraph in a live
// region that a screen reader reads out as it comes; a typed command goes as one line.
"use strict";
(function () {
  const words = JSON.parse(document.getElementById("words").textContent);
  const $ = (id) => document.getElementById(id);
  const form = $("form"), banner = $("banner"), bannerText = $("banner-text"), box = $("terminal");
  const encoder = new TextEncoder();
  let term = null, fit = null, socket = null, joined = false, retries = 0, retryTimer = null;
  let who = null;
  // The plain page: the lines so far, and the start of one whose end has not come yet.
  const lines = $("lines"), LINES_KEPT = 400;
  let decoder = new TextDecoder(), partial = "";

  // The language chosen on the form is the page's too.
  const params = new URLSearchParams(location.search);
  $("lang").value = params.get("lang") || "";
  $("lang").addEventListener("change", () => {
    const next = new URL(location.href);
    if ($("lang").value) next.searchParams.set("lang", $("lang").value); else next.searchParams.delete("lang");
    sessionStorage.setItem("nim-name", $("name").value);
    location.replace(next.toString());
  });
  $("name").value = sessionStorage.getItem("nim-name") || "";
  $("plain").checked = params.get("plain") === "1" || sessionStorage.getItem("nim-plain") === "1";

  // One paragraph a line, the oldest dropped past LINES_KEPT; what the player typed is shown
  // but not read out again (aria-hidden).
  function addLine(text, typed) {
    const p = document.createElement("p");
    p.textContent = text;
    if (typed) {
      p.className = "typed";
      p.setAttribute("aria-hidden", "true");
    }
    lines.appendChild(p);
    while (lines.childElementCount > LINES_KEPT) lines.removeChild(lines.firstElementChild);
    p.scrollIntoView({ block: "nearest" });
  }

  function heard(bytes) {
    partial += decoder.decode(bytes, { stream: true });
    const parts = partial.split("\n");
    partial = parts.pop();
    for (const line of parts) addLine(line.replace(/\r$/, ""), false);
  }
  // What the page has said, as text: read by the browser test (tests/browser/play.mjs).
  window.nimLines = () => Array.from(lines.children).filter((p) => !p.classList.contains("typed")).map((p) => p.textContent).join("\n");

  $("say").addEventListener("submit", (event) => {
    event.preventDefault();
    const text = $("command").value;
    $("command").value = "";
    addLine("> " + text, true);
    send(encoder.encode(text + "\n"));
    $("command").focus();
  });

  function fontSize() {
    return window.innerWidth < 600 ? 12 : 16;
  }

  function makeTerminal() {
    term = new Terminal({
      allowProposedApi: true, // the unicode11 add-on
      cursorBlink: false,
      fontFamily: '"DejaVu Sans Mono", "Noto Sans Mono", "Noto Sans Mono CJK SC", Menlo, Consolas, monospace',
      fontSize: fontSize(),
      scrollback: 0,
      theme: { background: "#1e1e1e" },
    });
    fit = new FitAddon.FitAddon ? new FitAddon.FitAddon() : new FitAddon();
    term.loadAddon(fit);
    const unicode = Unicode11Addon.Unicode11Addon ? new Unicode11Addon.Unicode11Addon() : new Unicode11Addon();
    term.loadAddon(unicode);
    term.unicode.activeVersion = "11";
    term.open(box);
    term.onData((data) => send(encoder.encode(data)));
    term.onBinary((data) => send(Uint8Array.from(data, (c) => c.charCodeAt(0))));
    term.onResize(({ cols, rows }) => {
      if (joined) send(JSON.stringify({ cols, rows }));
    });
    // A phone's narrow window gets a smaller font, so that the game's 44 columns fit.
    const refit = () => {
      if (term.options.fontSize !== fontSize()) term.options.fontSize = fontSize();
      fit.fit();
    };
    window.addEventListener("resize", refit);
    if (window.visualViewport) window.visualViewport.addEventListener("resize", refit);
    // What the terminal shows, as text, and where a cell is on the page: read by the browser
    // test (tests/browser/play.mjs) and by anything else that reads the page for a person.
    window.nimScreen = () => {
      const buffer = term.buffer.active, lines = [];
      for (let y = 0; y < term.rows; y++) {
        const line = buffer.getLine(buffer.viewportY + y);
        lines.push(line ? line.translateToString(true) : "");
      }
      return lines.join("\n");
    };
    window.nimCell = (col, row) => {
      const screen = box.querySelector(".xterm-screen").getBoundingClientRect();
      const w = screen.width / term.cols, h = screen.height / term.rows;
      return { x: screen.left + (col + 0.5) * w, y: screen.top + (row + 0.5) * h };
    };
    // A tap is a click: the browser makes mouse events of it, which the terminal reports to the
    // game (tap a heap, tap a count). The soft keyboard opens with the terminal's focus.
    box.addEventListener("touchend", () => term.focus());
  }

  function send(data) {
    if (socket && socket.readyState === WebSocket.OPEN) socket.send(data);
  }

  function showBanner(text, button) {
    bannerText.textContent = text;
    $("rejoin").hidden = !button;
    banner.hidden = false;
  }

  function connect() {
    clearTimeout(retryTimer);
    joined = false;
    showBanner(words.connecting, false);
    const scheme = location.protocol === "https:" ? "wss://" : "ws://";
    const ws = new WebSocket(scheme + location.host + "/ws");
    socket = ws;
    ws.binaryType = "arraybuffer";
    ws.onopen = () => {
      if (who.plain) {
        ws.send(JSON.stringify({ name: who.name, code: who.code, lang: who.lang, cols: 80, rows: 24, plain: true }));
        return;
      }
      fit.fit();
      ws.send(JSON.stringify({ name: who.name, code: who.code, lang: who.lang, cols: term.cols, rows: term.rows }));
    };
    ws.onmessage = (event) => {
      if (typeof event.data !== "string") {
        if (who && who.plain) heard(new Uint8Array(event.data));
        else term.write(new Uint8Array(event.data));
        return;
      }
      const answer = JSON.parse(event.data);
      if (answer.joined) {
        joined = true;
        retries = 0;
        banner.hidden = true;
        document.title = answer.joined + " — " + words.title;
        if (who.plain) $("command").focus(); else term.focus();
      } else if (answer.error) {
        // Refused: back to the form with the reason; no retry.
        who = null;
        ws.onclose = null;
        ws.close();
        banner.hidden = true;
        box.hidden = true;
        $("plain-page").hidden = true;
        $("join").hidden = false;
        $("error").textContent = answer.error;
      }
    };
    ws.onclose = (event) => {
      if (socket !== ws) return;
      socket = null;
      if (event.code === 1000 && joined) {
        // The player left (or the server said goodbye on the screen): a button to come back.
        showBanner(words.ended, true);
        return;
      }
      // Dropped: said at once, and joined again with the same name and code, more slowly each time.
      showBanner(words.lost, true);
      retries += 1;
      retryTimer = setTimeout(rejoin, Math.min(1000 * 2 ** Math.min(retries, 5), 30000));
    };
  }

  function rejoin() {
    if (!who) return;
    if (term) term.reset();
    decoder = new TextDecoder();
    partial = "";
    connect();
  }

  form.addEventListener("submit", (event) => {
    event.preventDefault();
    who = { name: $("name").value, code: $("code").value, lang: $("lang").value, plain: $("plain").checked };
    sessionStorage.setItem("nim-name", who.name);
    sessionStorage.setItem("nim-plain", who.plain ? "1" : "0");
    $("error").textContent = "";
    $("join").hidden = true;
    if (who.plain) {
      $("plain-page").hidden = false;
      $("command").focus();
      connect();
      return;
    }
    box.hidden = false;
    if (!term) makeTerminal();
    fit.fit();
    connect();
  });
  $("rejoin").addEventListener("click", () => {
    retries = 0;
    rejoin();
  });
})();
