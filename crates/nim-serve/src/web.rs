//! The web door (`--web`): the same game for a browser. One page (a join form, then xterm.js,
//! all embedded in the binary) and one WebSocket into the same sessions, lobby, tables and
//! records as SSH: the socket is a door around [`client::play`], as ttyd's is around a shell.
//!
//! What a browser is held to, as an SSH client is: TCP connections counted in all and per
//! address, each request's headers within a time and a page's connection within a minute; the
//! WebSocket admitted as a connection logging in (the server's own counters, [`Server::admit`]),
//! its hello (name, class code, window, language) within [`Limits::preauth_timeout`], the class
//! code checked by the server with the guard's back-off ([`super::guard`]), names made safe and
//! unique by [`super::names`], then counted as a player ([`Server::log_in`]). Its messages have a
//! size ([`Limits::web_message_max`]) and a rate ([`Limits::web_messages_per_second`]: past it
//! the socket is not read, so TCP slows the browser, as SSH's flow control does), input waits
//! for room ([`Limits::input_cap`]), and output goes through the game's queue, which drops a
//! browser that stops reading. `Origin` must name the `Host` the page came from, and
//! `X-Forwarded-For` is believed only from the addresses of `--trusted-proxy`; from a load
//! balancer of `--proxy-protocol-from`, its PROXY header is read first ([`super::proxy`]) and the
//! connection is the client's from then on. No path but the
//! embedded files' is served. There is no TLS here: behind a reverse proxy that ends it (the
//! README shows one), the browser uses `wss://`.
//!
//! A teacher signs in with the token the server prints at its start, typed where the class code
//! goes: a browser holds no SSH key.

use std::collections::HashMap;
use std::net::{IpAddr, SocketAddr};
use std::sync::atomic::Ordering;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use axum::Router;
use axum::body::Body;
use axum::extract::ws::{CloseFrame, Message, WebSocket, WebSocketUpgrade};
use axum::extract::{Extension, Query, State};
use axum::http::{HeaderMap, HeaderValue, Request, StatusCode, header};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use hyper_util::rt::{TokioIo, TokioTimer};
use tokio::io::AsyncReadExt;
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::{Semaphore, mpsc, oneshot, watch};
use tokio::time::Instant;
use tower::ServiceExt;

use super::client::{self, Connection, Input};
use super::tables::{Doing, Person};
use super::{Kill, LogBudget, ServeError, Server};
use nim_tui::i18n::Language;

/// How the web door is started.
#[derive(Debug, Clone)]
pub struct WebOptions {
    /// Where browsers connect (`--web`).
    pub listen: SocketAddr,
    /// Reverse proxies whose `X-Forwarded-For` is believed (`--trusted-proxy`).
    pub trusted_proxies: Vec<IpAddr>,
    /// What a teacher types instead of the class code; `None`: no teacher over the web.
    pub teacher_token: Option<String>,
    /// Browsers only: the SSH door is not opened (`--no-ssh`).
    pub no_ssh: bool,
}

/// The page and its files, as embedded: the only paths served (besides `/ws`).
const INDEX: &str = include_str!("../web/index.html");
const FILES: &[(&str, &str, &[u8])] = &[
    ("/app.js", "text/javascript; charset=utf-8", include_bytes!("../web/app.js")),
    ("/app.css", "text/css; charset=utf-8", include_bytes!("../web/app.css")),
    ("/vendor/xterm.js", "text/javascript; charset=utf-8", include_bytes!("../web/vendor/xterm.js")),
    ("/vendor/xterm.css", "text/css; charset=utf-8", include_bytes!("../web/vendor/xterm.css")),
    ("/vendor/addon-fit.js", "text/javascript; charset=utf-8", include_bytes!("../web/vendor/addon-fit.js")),
    (
        "/vendor/addon-unicode11.js",
        "text/javascript; charset=utf-8",
        include_bytes!("../web/vendor/addon-unicode11.js"),
    ),
];

/// Nothing from anywhere else, no inline script, and no framing by another site. Inline styles
/// are allowed: xterm.js sizes its cells with a style element it writes.
const POLICY: &str = "default-src 'self'; style-src 'self' 'unsafe-inline'; connect-src 'self'; img-src 'self' data:; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";

/// How long a request's headers may take to arrive.
const HEADER_WAIT: Duration = Duration::from_secs(10);

/// How long an HTTP connection that is not a game's WebSocket may stay open (a page's files
/// come over it at once).
const PAGE_CONNECTION: Duration = Duration::from_secs(60);

/// How often a silent browser is pinged, and how long it may stay silent before it is taken for
/// gone: a laptop closed mid-game is found out within about 40 s, as over SSH.
const PING_EVERY: Duration = Duration::from_secs(10);
const SILENCE_MAX: Duration = Duration::from_secs(40);

/// The socket's send buffer in the kernel, per browser.
const SEND_BUFFER: usize = 64 * 1024;

/// How many input messages may wait for the game (with [`super::Limits::input_cap`] on bytes).
const INPUT_QUEUE: usize = 256;

/// The close codes: a browser refused (1008: the policy says no), the normal end (the player
/// left, or was idle too long), a message too big, the server stopping (1001: the page joins
/// again when it can).
const CLOSE_POLICY: u16 = 1008;
const CLOSE_NORMAL: u16 = 1000;
const CLOSE_TOO_BIG: u16 = 1009;
const CLOSE_GOING_AWAY: u16 = 1001;

/// What every request of the web door shares.
struct Web {
    server: Arc<Server>,
    options: WebOptions,
    /// HTTP connections open now, per address and in all.
    open: Mutex<(usize, HashMap<IpAddr, usize>)>,
}

/// One TCP connection, as its requests know it.
#[derive(Clone)]
struct Peer {
    addr: SocketAddr,
    kill: Kill,
}

/// Binds the web door and starts accepting; returns its address and its task.
pub(crate) async fn start(
    options: WebOptions,
    server: Arc<Server>,
) -> Result<(SocketAddr, tokio::task::JoinHandle<()>), ServeError> {
    let listener = TcpListener::bind(options.listen)
        .await
        .map_err(|source| ServeError::Listen { addr: options.listen, source })?;
    let addr = listener.local_addr().map_err(|source| ServeError::Listen { addr: options.listen, source })?;
    let web = Arc::new(Web { server, options, open: Mutex::new((0, HashMap::new())) });
    let router = Router::new()
        .route("/", get(index))
        .route("/ws", get(socket))
        .fallback(not_found)
        .with_state(web.clone());
    tracing::info!(%addr, proxies = web.options.trusted_proxies.len(), "serving the web door");
    Ok((addr, tokio::spawn(accept_loop(listener, router, web))))
}

async fn accept_loop(listener: TcpListener, router: Router, web: Arc<Web>) {
    loop {
        let (socket, addr) = match listener.accept().await {
            Ok(accepted) => accepted,
            Err(e) => {
                tracing::warn!("web: accept failed: {e}");
                tokio::time::sleep(Duration::from_millis(100)).await;
                continue;
            }
        };
        // A load balancer's connection is counted by its client's address once its header is read.
        let balancer = web.server.balancers.includes(addr.ip());
        let Some(open) = Open::take(&web, addr.ip(), balancer) else {
            if web.server.logs_arrival(addr) {
                tracing::info!(peer = %addr, "web: refused: too many connections");
            }
            continue;
        };
        // The kernel holds at most this much unsent for a browser: past it the game's own queue
        // counts what waits, and drops a browser that stopped reading (`client.rs`).
        let _ = socket2::SockRef::from(&socket).set_send_buffer_size(SEND_BUFFER);
        let _ = socket.set_nodelay(true);
        let Some((mut socket, kill)) = killable(socket, addr) else { continue };
        let router = router.clone();
        let web = web.clone();
        tokio::spawn(async move {
            let (addr, open) = match balancer {
                false => (addr, open),
                true => match through_balancer(&web, &mut socket, addr, open).await {
                    Some(arrived) => arrived,
                    None => return,
                },
            };
            let peer = Peer { addr, kill };
            let service = hyper::service::service_fn(move |mut request: Request<hyper::body::Incoming>| {
                request.extensions_mut().insert(peer.clone());
                let router = router.clone();
                async move { router.oneshot(request.map(Body::new)).await }
            });
            let connection = hyper::server::conn::http1::Builder::new()
                .timer(TokioTimer::new())
                .header_read_timeout(HEADER_WAIT)
                .max_buf_size(16 * 1024)
                .serve_connection(TokioIo::new(socket), service)
                .with_upgrades();
            // A WebSocket leaves this connection as soon as it is upgraded: the time bounds the
            // page's requests only.
            let _ = tokio::time::timeout(PAGE_CONNECTION, connection).await;
            drop(open);
        });
    }
}

/// A TCP connection's place among the web door's: given back when dropped.
struct Open {
    web: Arc<Web>,
    ip: IpAddr,
}

impl Open {
    /// A place for a connection from `ip`, if the door has one: at most as many as players and
    /// connections logging in together, in all and per address (a trusted proxy has no limit of
    /// its own: its clients are counted by their forwarded address when they play; nor has a
    /// load balancer, `balancer`, whose connections are counted by their client's address once
    /// their PROXY header is read: [`Open::readdress`]).
    fn take(web: &Arc<Web>, ip: IpAddr, balancer: bool) -> Option<Open> {
        let limits = &web.server.limits;
        let mut open = web.open.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
        let here = open.1.get(&ip).copied().unwrap_or(0);
        let proxy = balancer || web.options.trusted_proxies.contains(&ip);
        if open.0 >= limits.max_connections + limits.max_preauth
            || (!proxy && here >= limits.max_per_address + limits.max_preauth_per_address)
        {
            return None;
        }
        open.0 += 1;
        *open.1.entry(ip).or_insert(0) += 1;
        Some(Open { web: web.clone(), ip })
    }
}

impl Open {
    /// The place of a load balancer's connection moved to its client's address `ip`, if that
    /// address has one free (as [`Open::take`] counts them); else the place is given back.
    fn readdress(self, ip: IpAddr) -> Option<Open> {
        let limits = &self.web.server.limits;
        let moved = {
            let mut open = self.web.open.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
            let here = open.1.get(&ip).copied().unwrap_or(0);
            let proxy = self.web.options.trusted_proxies.contains(&ip);
            let room = proxy || here < limits.max_per_address + limits.max_preauth_per_address;
            if room {
                // Counted in all once more here, and once less when `self` is dropped below.
                open.0 += 1;
                *open.1.entry(ip).or_insert(0) += 1;
            }
            room
        };
        let web = self.web.clone();
        drop(self);
        moved.then_some(Open { web, ip })
    }
}

/// The client a load balancer's connection is for, from its PROXY header read within
/// [`HEADER_WAIT`] (the balancer's own address when the header gives none), with its place
/// among the door's connections moved to that address; `None` when the connection ends here:
/// refused for a missing, bad or late header or for too many connections from the client's
/// address (logged), or a health check (LOCAL: closed, not logged).
async fn through_balancer(
    web: &Arc<Web>,
    socket: &mut TcpStream,
    balancer: SocketAddr,
    open: Open,
) -> Option<(SocketAddr, Open)> {
    let read = super::proxy::read_header_by(socket, Instant::now() + HEADER_WAIT, HEADER_WAIT).await;
    let client = match read {
        Ok(super::proxy::Arrival::Client(client)) => client,
        Ok(super::proxy::Arrival::Unknown) => return Some((balancer, open)),
        Ok(super::proxy::Arrival::Local) => return None,
        Err(why) => {
            if web.server.logs_arrival(balancer) {
                tracing::info!(peer = %balancer, "web: refused: {why}");
            }
            return None;
        }
    };
    let Some(open) = open.readdress(client.ip()) else {
        if web.server.logs_arrival(client) {
            tracing::info!(peer = %client, via = %balancer, "web: refused: too many connections");
        }
        return None;
    };
    Some((client, open))
}

impl Drop for Open {
    fn drop(&mut self) {
        let mut open = self.web.open.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
        open.0 = open.0.saturating_sub(1);
        if let Some(here) = open.1.get_mut(&self.ip) {
            *here = here.saturating_sub(1);
            if *here == 0 {
                open.1.remove(&self.ip);
            }
        }
    }
}

/// The socket, and a second handle on it that ends the connection whatever is reading or
/// writing it (as the SSH door's).
fn killable(socket: TcpStream, addr: SocketAddr) -> Option<(TcpStream, Kill)> {
    let cloned = socket.into_std().and_then(|s| Ok((s.try_clone()?, s)));
    match cloned.and_then(|(clone, socket)| Ok((TcpStream::from_std(socket)?, clone))) {
        Ok((socket, clone)) => {
            let kill: Kill = Arc::new(move || {
                let _ = clone.shutdown(std::net::Shutdown::Both);
            });
            Some((socket, kill))
        }
        Err(e) => {
            tracing::warn!(peer = %addr, "web: connection dropped: {e}");
            None
        }
    }
}

/// The join page, in the language the browser asks for (`?lang=`, else `Accept-Language`).
async fn index(
    State(web): State<Arc<Web>>,
    Query(query): Query<HashMap<String, String>>,
    headers: HeaderMap,
) -> Response {
    let language = choose_language(query.get("lang").map(String::as_str), &headers, web.server.language);
    let words = nim_tui::words::serve_web_page(language);
    let mut page = INDEX.replace("{{lang}}", language.tag());
    // Into the page's JSON as JSON; into its text escaped as HTML.
    let json: serde_json::Map<String, serde_json::Value> = words
        .iter()
        .map(|(key, text)| ((*key).to_string(), serde_json::Value::from(text.as_str())))
        .collect();
    let json = serde_json::Value::Object(json).to_string().replace('<', "\\u003c");
    page = page.replace("{{words}}", &json);
    for (key, text) in &words {
        page = page.replace(&format!("{{{{{key}}}}}"), &html_escape(text));
    }
    let mut response = page.into_response();
    let headers = response.headers_mut();
    headers.insert(header::CONTENT_TYPE, HeaderValue::from_static("text/html; charset=utf-8"));
    headers.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    headers.insert(header::VARY, HeaderValue::from_static("Accept-Language"));
    secure(headers);
    response
}

/// An embedded file by its path, or 404: nothing else is ever read.
async fn not_found(request: Request<Body>) -> Response {
    let path = request.uri().path();
    let Some((_, kind, bytes)) = FILES.iter().find(|(at, _, _)| *at == path) else {
        return (StatusCode::NOT_FOUND, "not found\n").into_response();
    };
    if request.method() != axum::http::Method::GET && request.method() != axum::http::Method::HEAD {
        return StatusCode::METHOD_NOT_ALLOWED.into_response();
    }
    let mut response = Response::new(Body::from(*bytes));
    let headers = response.headers_mut();
    headers.insert(header::CONTENT_TYPE, HeaderValue::from_static(kind));
    headers.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-cache"));
    secure(headers);
    response
}

fn secure(headers: &mut HeaderMap) {
    headers.insert(header::CONTENT_SECURITY_POLICY, HeaderValue::from_static(POLICY));
    headers.insert(header::X_CONTENT_TYPE_OPTIONS, HeaderValue::from_static("nosniff"));
    headers.insert(header::REFERRER_POLICY, HeaderValue::from_static("no-referrer"));
}

fn html_escape(text: &str) -> String {
    text.replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;").replace('"', "&quot;")
}

/// The language of a browser: the one it chose on the page (`en`, `zh-CN`), else the first of
/// its `Accept-Language` that the game is written in (by preference), else the server's.
pub fn choose_language(chosen: Option<&str>, headers: &HeaderMap, server: Language) -> Language {
    if let Some(language) = chosen.and_then(Language::from_tag) {
        return language;
    }
    let Some(accepted) = headers.get(header::ACCEPT_LANGUAGE).and_then(|v| v.to_str().ok()) else {
        return server;
    };
    let mut ranges: Vec<(f32, usize, &str)> = accepted
        .split(',')
        .take(32)
        .enumerate()
        .filter_map(|(at, item)| {
            let mut parts = item.split(';');
            let tag = parts.next()?.trim();
            let q = parts
                .find_map(|p| p.trim().strip_prefix("q="))
                .map_or(Some(1.0), |q| q.trim().parse::<f32>().ok())?;
            (q > 0.0 && !tag.is_empty()).then_some((q, at, tag))
        })
        .collect();
    ranges.sort_by(|a, b| b.0.total_cmp(&a.0).then(a.1.cmp(&b.1)));
    ranges
        .iter()
        .find_map(|(_, _, tag)| {
            let primary = tag.split('-').next().unwrap_or_default();
            (primary.eq_ignore_ascii_case("en") || primary.eq_ignore_ascii_case("zh"))
                .then(|| Language::from_locale(primary))
        })
        .unwrap_or(server)
}

/// The browser's address: the TCP peer's, or, when that is a trusted proxy, the nearest address
/// in `X-Forwarded-For` that is not one (read from the right: what the proxies themselves saw).
pub fn client_ip(peer: IpAddr, headers: &HeaderMap, trusted: &[IpAddr]) -> IpAddr {
    if !trusted.contains(&peer) {
        return peer;
    }
    let forwarded: Vec<&str> = headers
        .get_all("x-forwarded-for")
        .iter()
        .filter_map(|v| v.to_str().ok())
        .flat_map(|v| v.split(','))
        .collect();
    let mut ip = peer;
    for item in forwarded.iter().rev().take(16) {
        let Ok(next) = item.trim().parse::<IpAddr>() else { return ip };
        ip = next;
        if !trusted.contains(&ip) {
            return ip;
        }
    }
    ip
}

/// Whether `Origin` names the host the request was sent to: a page from another site cannot
/// open a game in a student's name.
pub fn origin_ok(headers: &HeaderMap) -> bool {
    let (Some(origin), Some(host)) = (headers.get(header::ORIGIN), headers.get(header::HOST)) else {
        return false;
    };
    let (Ok(origin), Ok(host)) = (origin.to_str(), host.to_str()) else { return false };
    let Some(authority) = origin.strip_prefix("http://").or_else(|| origin.strip_prefix("https://")) else {
        return false;
    };
    !host.is_empty() && authority.eq_ignore_ascii_case(host)
}

/// The first message on the socket: who joins, with what window and language.
#[derive(Debug, serde::Deserialize)]
#[serde(deny_unknown_fields)]
struct Hello {
    name: String,
    #[serde(default)]
    code: String,
    cols: u64,
    rows: u64,
    /// `en` or `zh-CN`; empty or absent: the browser's `Accept-Language`.
    #[serde(default)]
    lang: String,
    /// The plain page (a screen reader's): lines of text, not a terminal (`plain_door.rs`).
    #[serde(default)]
    plain: bool,
}

/// A window change.
#[derive(Debug, serde::Deserialize)]
#[serde(deny_unknown_fields)]
struct Resize {
    cols: u64,
    rows: u64,
}

/// A window size from a browser, clamped as an SSH client's is.
fn clamp(cols: u64, rows: u64) -> (u16, u16) {
    client::clamp_size(u32::try_from(cols).unwrap_or(u32::MAX), u32::try_from(rows).unwrap_or(u32::MAX))
}

/// The upgrade to a WebSocket: the origin checked, the browser's address found, then the game.
async fn socket(
    State(web): State<Arc<Web>>,
    Extension(peer): Extension<Peer>,
    headers: HeaderMap,
    upgrade: WebSocketUpgrade,
) -> Response {
    if !origin_ok(&headers) {
        if web.server.logs_arrival(peer.addr) {
            tracing::info!(peer = %peer.addr, origin = ?headers.get(header::ORIGIN).map(|o| nim_tui::text::escape_short(&String::from_utf8_lossy(o.as_bytes()), 80)), "web: refused: Origin is not this server");
        }
        return (StatusCode::FORBIDDEN, "the page must come from this server\n").into_response();
    }
    let ip = client_ip(peer.addr.ip(), &headers, &web.options.trusted_proxies);
    let browser = web.server.language;
    let language = choose_language(None, &headers, browser);
    // Twice the limit is the hard cap of the socket's reader (past it the connection just ends);
    // a message past the limit is refused with its own close code (1009) in `Pipe::run`.
    let max = web.server.limits.web_message_max.saturating_mul(2);
    upgrade
        .max_message_size(max)
        .max_frame_size(max)
        .on_upgrade(move |socket| {
            let addr = SocketAddr::new(ip, peer.addr.port());
            join(web, socket, addr, peer.kill, language)
        })
        .into_response()
}

/// Why a browser was not let in, as [`nim_tui::words::serve_web_refused`] names it.
type Refusal = &'static str;

/// One browser from its hello to the end of its game.
async fn join(web: Arc<Web>, mut socket: WebSocket, peer: SocketAddr, kill: Kill, accepted: Language) {
    let server = web.server.clone();
    let id = server.next_id.fetch_add(1, Ordering::Relaxed);
    if server.logs_arrival(peer) {
        tracing::info!(%peer, id, "web: connected");
    }
    server.admit(id, Some(peer.ip()), kill.clone());
    let log = LogBudget::shared();
    let mut stopping = server.stopping();
    let hello = tokio::select! {
        hello = tokio::time::timeout(server.limits.preauth_timeout, socket.recv()) => Some(hello),
        _ = stopping.wait_for(|s| *s) => None,
    };
    let hello = match hello {
        None => Err("stopping"),
        Some(Err(_)) => Err("timeout"),
        Some(Ok(Some(Ok(Message::Text(text))))) => {
            serde_json::from_str::<Hello>(&text).map_err(|_| "bad-hello")
        }
        Some(Ok(_)) => Err("bad-hello"),
    };
    let hello = match hello {
        Ok(hello) => hello,
        Err(why) => {
            if LogBudget::allow(&log, peer) {
                tracing::info!(%peer, id, "web: refused: {why}");
            }
            refuse(&mut socket, why, accepted).await;
            server.leave(id, peer.ip());
            return;
        }
    };
    let language = choose_language(Some(&hello.lang), &HeaderMap::new(), accepted);
    let teacher = match who(&web, peer, &hello.code, &log).await {
        Ok(teacher) => teacher,
        Err(why) => {
            refuse(&mut socket, why, language).await;
            server.leave(id, peer.ip());
            return;
        }
    };
    if let Err(why) = server.log_in(id, peer.ip()) {
        if LogBudget::allow(&log, peer) {
            tracing::info!(%peer, id, "web: refused: {why}");
        }
        let why = match why {
            "too many players" => "full",
            "too many players from this address" => "full-here",
            _ => "timeout",
        };
        refuse(&mut socket, why, language).await;
        server.leave(id, peer.ip());
        return;
    }
    tracing::info!(%peer, id, teacher, "web: logged in");

    let claim = super::names::Claim { id, ip: peer.ip(), kill: kill.clone(), teacher };
    let name = server.names.take(&super::names::safe_name(&hello.name), claim);
    server.store.seen(&name);
    let joined = serde_json::json!({ "joined": name, "language": language.tag() }).to_string();
    if socket.send(Message::Text(joined.into())).await.is_err() {
        server.names.release(&name, id);
        server.leave(id, peer.ip());
        return;
    }
    let (mailbox, mail) = mpsc::channel(super::tables::MAILBOX);
    let person = Person { name: name.clone(), teacher, doing: Doing::Lobby, table: None, mailbox };
    server.people.join(id, person);
    let size = clamp(hello.cols, hello.rows);
    let (resized_tx, resized) = watch::channel(size);
    let (input_tx, input_rx) = mpsc::channel(INPUT_QUEUE);
    let input_room = Arc::new(Semaphore::new(server.limits.input_cap));
    let (writer, output) = tokio::io::duplex(64 * 1024);
    let (closed_tx, closed_rx) = oneshot::channel::<()>();
    let conn = Connection {
        id,
        peer,
        name: name.clone(),
        teacher,
        size,
        resized,
        log: log.clone(),
        // As a terminal's locale would say it, so that the glyphs are chosen as over SSH.
        lang: Some(format!("{}.UTF-8", language.tag().replace('-', "_"))),
        language,
        mail,
        input_room: input_room.clone(),
        kill: kill.clone(),
        close: Box::pin(async move {
            // The socket's side sends its close once the output has ended.
            let _ = closed_rx.await;
        }),
    };
    let shown = match hello.plain {
        true => client::Shown::Lines(super::plain_door::Wire::Lines),
        false => client::Shown::Screen,
    };
    let game = tokio::spawn(client::play(server.clone(), conn, writer, input_rx, server.stopping(), shown));
    let pipe = Pipe { socket, output, input: input_tx, resized: resized_tx, room: input_room, log };
    pipe.run(&server, peer, id).await;
    drop(closed_tx);
    let _ = game.await;
    server.names.release(&name, id);
    if server.logs_arrival(peer) {
        tracing::info!(%peer, id, "web: disconnected");
    }
    server.leave(id, peer.ip());
}

/// Checks the code a browser gave: the teacher's token makes a teacher; else the class code, if
/// the server has one, with the guard's back-off and lockout as over SSH.
async fn who(web: &Web, peer: SocketAddr, given: &str, log: &Mutex<LogBudget>) -> Result<bool, Refusal> {
    let ip = peer.ip();
    if web
        .options
        .teacher_token
        .as_deref()
        .is_some_and(|token| super::ssh::constant_time_eq(token.as_bytes(), given.as_bytes()))
    {
        return Ok(true);
    }
    let Some(code) = &web.server.code else { return Ok(false) };
    if web.server.guard.locked(ip) {
        if LogBudget::allow(log, peer) {
            tracing::info!(%peer, "web: refused: class code: the address is locked out for too many wrong answers");
        }
        return Err("locked");
    }
    if super::code_matches(code, given.as_bytes()) {
        return Ok(false);
    }
    let wait = web.server.guard.failed(ip);
    if LogBudget::allow(log, peer) {
        tracing::info!(%peer, "web: refused: wrong class code");
    }
    tokio::time::sleep(wait).await;
    Err("wrong-code")
}

/// Says why in the browser's language, and closes.
async fn refuse(socket: &mut WebSocket, why: Refusal, language: Language) {
    let text = nim_tui::words::serve_web_refused(language, why);
    let said = serde_json::json!({ "error": text, "reason": why }).to_string();
    let _ = socket.send(Message::Text(said.into())).await;
    let _ = socket.send(Message::Close(Some(CloseFrame { code: CLOSE_POLICY, reason: why.into() }))).await;
}

/// The socket's side of a game: the game's output to the browser, the browser's keys and window
/// changes to the game, within the door's limits. The two directions run apart, as over SSH: a
/// browser that stops reading is still read, so that the game goes on drawing for it and its
/// queue, not this side, finds it out.
struct Pipe {
    socket: WebSocket,
    output: tokio::io::DuplexStream,
    input: mpsc::Sender<Input>,
    resized: watch::Sender<(u16, u16)>,
    room: Arc<Semaphore>,
    log: Arc<Mutex<LogBudget>>,
}

impl Pipe {
    async fn run(self, server: &Server, peer: SocketAddr, id: u64) {
        use futures_util::{SinkExt, StreamExt};
        let Pipe { socket, output, input, resized, room, log } = self;
        let (sink, stream) = socket.split();
        // The reader's last word, when it ends the connection for a reason of its own.
        let (closing_tx, closing) = oneshot::channel::<CloseFrame>();
        let last_heard = Arc::new(Mutex::new(Instant::now()));
        let reader =
            Reader { stream, input, resized, room, log: log.clone(), last_heard: last_heard.clone() };
        let read = reader.run(server, peer, id, closing_tx);
        let write = async move {
            let mut sink = sink;
            let mut output = output;
            let mut closing = closing;
            let mut buffer = vec![0u8; 32 * 1024];
            let mut ping = tokio::time::interval_at(Instant::now() + PING_EVERY, PING_EVERY);
            loop {
                tokio::select! {
                    biased;
                    frame = &mut closing => {
                        if let Ok(frame) = frame {
                            let _ = sink.send(Message::Close(Some(frame))).await;
                        }
                        break;
                    }
                    read = output.read(&mut buffer) => match read {
                        Ok(0) | Err(_) => {
                            // The game is over: its last words were sent, and now the close;
                            // "going away" when the server stops, so that the page comes back.
                            let code = if *server.stop.borrow() { CLOSE_GOING_AWAY } else { CLOSE_NORMAL };
                            let close = CloseFrame { code, reason: "".into() };
                            let _ = sink.send(Message::Close(Some(close))).await;
                            break;
                        }
                        Ok(n) => {
                            let frame = axum::body::Bytes::copy_from_slice(&buffer[..n]);
                            if sink.send(Message::Binary(frame)).await.is_err() {
                                break;
                            }
                        }
                    },
                    _ = ping.tick() => {
                        let silent = last_heard.lock().map_or(Duration::ZERO, |at| at.elapsed());
                        if silent > SILENCE_MAX {
                            if LogBudget::allow(&log, peer) {
                                tracing::info!(%peer, id, "web: silent for {}s: taken for gone", SILENCE_MAX.as_secs());
                            }
                            break;
                        }
                        if sink.send(Message::Ping(axum::body::Bytes::new())).await.is_err() {
                            break;
                        }
                    }
                }
            }
        };
        // Whichever side ends first ends the connection: the reader tells the game, which ends
        // the output; a writer that ends drops the socket's half, and the reader's next read fails.
        tokio::pin!(read, write);
        tokio::select! {
            () = &mut read => {
                // The game hears the browser is gone and ends its output; the writer sends the
                // close, or is cut off with the connection.
                write.await;
            }
            () = &mut write => {}
        }
    }
}

/// The browser's side: its messages, read at their rate, to the game.
struct Reader {
    stream: futures_util::stream::SplitStream<WebSocket>,
    input: mpsc::Sender<Input>,
    resized: watch::Sender<(u16, u16)>,
    room: Arc<Semaphore>,
    log: Arc<Mutex<LogBudget>>,
    last_heard: Arc<Mutex<Instant>>,
}

impl Reader {
    async fn run(mut self, server: &Server, peer: SocketAddr, id: u64, closing: oneshot::Sender<CloseFrame>) {
        use futures_util::StreamExt;
        let limits = &server.limits;
        let rate = f64::from(limits.web_messages_per_second.max(1));
        let mut bucket = Bucket { rate, burst: rate * 2.0, tokens: rate * 2.0, at: Instant::now() };
        let mut held = false;
        let mut last_word = None;
        loop {
            // Past its rate, the browser is not read until its next message is due.
            let ready_at = bucket.ready_at();
            if ready_at > Instant::now() {
                if !held {
                    held = true;
                    if LogBudget::allow(&self.log, peer) {
                        tracing::warn!(%peer, id, "web: input flood: held back");
                    }
                }
                tokio::time::sleep_until(ready_at).await;
            }
            let Some(Ok(message)) = self.stream.next().await else { break };
            bucket.take();
            if let Ok(mut at) = self.last_heard.lock() {
                *at = Instant::now();
            }
            let size = match &message {
                Message::Binary(bytes) => bytes.len(),
                Message::Text(text) => text.len(),
                _ => 0,
            };
            if size > limits.web_message_max {
                if LogBudget::allow(&self.log, peer) {
                    tracing::info!(%peer, id, bytes = size, "web: disconnected: a message too big");
                }
                last_word = Some(CloseFrame { code: CLOSE_TOO_BIG, reason: "message too big".into() });
                break;
            }
            match message {
                Message::Binary(bytes) => {
                    if !self.typed(&bytes, limits.input_cap).await {
                        break;
                    }
                }
                Message::Text(text) => match serde_json::from_str::<Resize>(&text) {
                    // Merged with those the game has not acted on yet.
                    Ok(size) => {
                        self.resized.send_replace(clamp(size.cols, size.rows));
                    }
                    Err(_) => {
                        if LogBudget::allow(&self.log, peer) {
                            tracing::info!(%peer, id, "web: disconnected: a message that is not a window change");
                        }
                        last_word = Some(CloseFrame { code: CLOSE_POLICY, reason: "bad message".into() });
                        break;
                    }
                },
                Message::Close(_) => break,
                Message::Ping(_) | Message::Pong(_) => {}
            }
        }
        if let Some(frame) = last_word {
            let _ = closing.send(frame);
        }
        let _ = self.input.try_send(Input::Closed);
        if self.input.is_closed() {
            return;
        }
        // The game may be waiting for room: it hears of the end as soon as it has some.
        let _ = self.input.send(Input::Closed).await;
    }

    /// Hands typed bytes to the game once there is room for them (the socket is not read
    /// meanwhile); false once the game is gone.
    /// Handed over in pieces, as SSH's input is (see `ssh::INPUT_PIECE`): the game yields after
    /// each, so a message of 16 KiB of keys keeps no one else waiting while it is read.
    async fn typed(&mut self, bytes: &[u8], cap: usize) -> bool {
        for piece in bytes.chunks(super::ssh::INPUT_PIECE) {
            let count = u32::try_from(piece.len().min(cap)).unwrap_or(u32::MAX);
            match self.room.acquire_many(count).await {
                Ok(room) => room.forget(),
                Err(_) => return false,
            }
            if self.input.send(Input::Bytes(piece.to_vec())).await.is_err() {
                self.room.add_permits(count as usize);
                return false;
            }
        }
        true
    }
}

/// Messages a browser may send: `rate` a second, over bursts of `burst`.
struct Bucket {
    rate: f64,
    burst: f64,
    tokens: f64,
    at: Instant,
}

impl Bucket {
    fn refill(&mut self) {
        let now = Instant::now();
        self.tokens = (self.tokens + now.duration_since(self.at).as_secs_f64() * self.rate).min(self.burst);
        self.at = now;
    }

    /// When the next message may be read.
    fn ready_at(&mut self) -> Instant {
        self.refill();
        if self.tokens >= 1.0 {
            return self.at;
        }
        self.at + Duration::from_secs_f64((1.0 - self.tokens) / self.rate)
    }

    fn take(&mut self) {
        self.refill();
        self.tokens -= 1.0;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn headers(pairs: &[(&'static str, &str)]) -> HeaderMap {
        let mut map = HeaderMap::new();
        for (name, value) in pairs {
            map.append(*name, HeaderValue::from_str(value).expect("a header value"));
        }
        map
    }

    #[test]
    fn the_language_is_the_pages_choice_else_the_browsers_preference_else_the_servers() {
        let server = Language::English;
        let zh = headers(&[("accept-language", "zh-CN,zh;q=0.9,en;q=0.8")]);
        assert_eq!(choose_language(None, &zh, server), Language::SimplifiedChinese);
        assert_eq!(choose_language(Some("en"), &zh, server), Language::English);
        assert_eq!(choose_language(Some(""), &zh, server), Language::SimplifiedChinese);
        let fr = headers(&[("accept-language", "fr-FR, en;q=0.5, zh;q=0.7")]);
        assert_eq!(
            choose_language(None, &fr, server),
            Language::SimplifiedChinese,
            "by q, French is not ours"
        );
        let none = headers(&[("accept-language", "de, fr;q=0.3")]);
        assert_eq!(choose_language(None, &none, Language::SimplifiedChinese), Language::SimplifiedChinese);
        assert_eq!(choose_language(None, &HeaderMap::new(), server), server);
        let hostile = headers(&[("accept-language", ";;;q=x,,zh;q=nan,en;q=0")]);
        assert_eq!(choose_language(None, &hostile, server), server);
    }

    #[test]
    fn forwarded_addresses_are_believed_only_from_a_trusted_proxy() {
        let proxy: IpAddr = "127.0.0.2".parse().expect("an address");
        let student: IpAddr = "10.1.2.3".parse().expect("an address");
        let liar = headers(&[("x-forwarded-for", "10.9.9.9")]);
        assert_eq!(client_ip(student, &liar, &[proxy]), student, "not from a proxy: the header is ignored");
        let forwarded = headers(&[("x-forwarded-for", "10.9.9.9, 10.1.2.3")]);
        assert_eq!(client_ip(proxy, &forwarded, &[proxy]), student, "the rightmost, what the proxy saw");
        let chain = headers(&[("x-forwarded-for", "10.1.2.3, 127.0.0.3")]);
        let trusted: [IpAddr; 2] = [proxy, "127.0.0.3".parse().expect("an address")];
        assert_eq!(client_ip(proxy, &chain, &trusted), student, "past every trusted proxy");
        let garbage = headers(&[("x-forwarded-for", "not-an-address")]);
        assert_eq!(client_ip(proxy, &garbage, &[proxy]), proxy);
        assert_eq!(client_ip(proxy, &HeaderMap::new(), &[proxy]), proxy);
    }

    #[test]
    fn the_origin_must_be_the_host_the_page_came_from() {
        assert!(origin_ok(&headers(&[("origin", "http://127.0.0.1:8080"), ("host", "127.0.0.1:8080")])));
        assert!(origin_ok(&headers(&[("origin", "https://class.example"), ("host", "class.example")])));
        assert!(!origin_ok(&headers(&[("origin", "http://evil.example"), ("host", "127.0.0.1:8080")])));
        assert!(!origin_ok(&headers(&[("origin", "null"), ("host", "127.0.0.1:8080")])));
        assert!(!origin_ok(&headers(&[("host", "127.0.0.1:8080")])), "no Origin: not a page");
    }
}
