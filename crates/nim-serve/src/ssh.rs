//! The SSH side of one connection (russh's `Handler`): who may log in (the class code, the
//! teachers' keys), which requests are taken (one session channel with a pty and a shell, its
//! window changes and the locale's `LC_ALL`, `LC_MESSAGES` and `LANG`; without a pty, or with a
//! `dumb` one, the plain door) and which are refused (`exec`, subsystems, X11, port and
//! agent forwarding), each refusal logged with the peer's address.

use std::net::SocketAddr;
use std::sync::Arc;

use russh::keys::PublicKey;
use russh::server::{Auth, Msg, Response, Session};
use russh::{Channel, ChannelId, ChannelOpenFailure, MethodKind, MethodSet};
use tokio::sync::{Semaphore, mpsc, oneshot, watch};

use super::Server;
use super::client::{self, Connection, Input};
use super::tables::{Doing, Person};
use nim_tui::i18n::Language;

/// The locale variables a client sent, as POSIX reads them for messages.
#[derive(Debug, Default)]
struct Locale {
    all: Option<String>,
    messages: Option<String>,
    lang: Option<String>,
}

impl Locale {
    /// The one that decides: the first of `LC_ALL`, `LC_MESSAGES` and `LANG` that is set and not
    /// empty ([`Language::from_environment`]'s order); `None` when the client sent none.
    fn chosen(&self) -> Option<&str> {
        [&self.all, &self.messages, &self.lang]
            .into_iter()
            .flatten()
            .map(String::as_str)
            .find(|v| !v.is_empty())
    }
}

/// How many input messages may wait for the game: with [`super::Limits::input_cap`] on their
/// bytes, what a flood can make the server hold.
const INPUT_QUEUE: usize = 256;

/// How long a client told that its request is refused has to hang up before it is cut off.
const REFUSED_GRACE: std::time::Duration = std::time::Duration::from_secs(2);

/// One connection's state on the SSH side.
pub struct Handler {
    pub server: Arc<Server>,
    pub id: u64,
    pub peer: SocketAddr,
    pub kill: Arc<dyn Fn() + Send + Sync>,
    /// Told once the game starts (or the connection is refused what it asked): the login
    /// time-out then no longer applies.
    pub started: Option<oneshot::Sender<()>>,
    /// Told once logged in: the time-out before logging in then no longer applies.
    logged: Option<oneshot::Sender<()>>,
    user: Option<String>,
    teacher: bool,
    channel: Option<Channel<Msg>>,
    channel_id: Option<ChannelId>,
    pty: Option<(u16, u16)>,
    /// The pty's terminal is `dumb`: the plain door (lines), not the full screen.
    dumb: bool,
    /// The locale variables the client sent (`LC_ALL`, `LC_MESSAGES`, `LANG`), each short and
    /// escaped: they choose the connection's language.
    locale: Locale,
    input: Option<mpsc::Sender<Input>>,
    /// The window's size for the game: window changes merge here.
    resized: Option<watch::Sender<(u16, u16)>>,
    /// Room for input waiting for the game, in bytes ([`super::Limits::input_cap`]).
    input_room: Arc<Semaphore>,
    /// Input held back for passing the cap, logged once.
    flooded: bool,
    /// This connection's log lines (see [`super::LOG_PER_SECOND`]).
    log: Arc<std::sync::Mutex<super::LogBudget>>,
    /// Its window changes (see [`super::Limits::resizes_per_second`]).
    resizes: super::guard::Rate,
    /// Its input (see [`super::Limits::input_per_second`]).
    typing: super::guard::Rate,
}

impl Handler {
    pub fn new(
        server: Arc<Server>,
        id: u64,
        peer: SocketAddr,
        kill: Arc<dyn Fn() + Send + Sync>,
        started: oneshot::Sender<()>,
        logged: oneshot::Sender<()>,
    ) -> Handler {
        let server_input_cap = server.limits.input_cap;
        let resizes_per_second = server.limits.resizes_per_second;
        let typing = (server.limits.input_per_second, server.limits.input_burst);
        Handler {
            server,
            id,
            peer,
            kill,
            started: Some(started),
            logged: Some(logged),
            user: None,
            teacher: false,
            channel: None,
            channel_id: None,
            pty: None,
            dumb: false,
            locale: Locale::default(),
            input: None,
            resized: None,
            input_room: Arc::new(Semaphore::new(server_input_cap)),
            flooded: false,
            log: super::LogBudget::shared(),
            resizes: super::guard::Rate::new(resizes_per_second, 2.0 * resizes_per_second),
            typing: super::guard::Rate::new(typing.0, typing.1),
        }
    }

    fn methods(&self) -> MethodSet {
        let mut methods = Vec::new();
        if !self.server.teachers.is_empty() {
            methods.push(MethodKind::PublicKey);
        }
        methods.push(MethodKind::KeyboardInteractive);
        methods.push(MethodKind::Password);
        MethodSet::from(methods.as_slice())
    }

    fn reject(&self) -> Auth {
        Auth::Reject { proceed_with_methods: Some(self.methods()), partial_success: false }
    }

    /// Checks a class code: an address locked out is refused unread, and a wrong answer waits
    /// as long as the guard says before it is answered.
    async fn code_ok(&self, given: &[u8]) -> bool {
        let Some(code) = &self.server.code else { return true };
        let ip = self.peer.ip();
        if self.server.guard.locked(ip) {
            self.refuse("class code: the address is locked out for too many wrong answers");
            return false;
        }
        if super::code_matches(code, given) {
            return true;
        }
        let wait = self.server.guard.failed(ip);
        self.refuse("wrong class code");
        tokio::time::sleep(wait).await;
        false
    }

    /// Lets the connection in, if a player's place is free for it.
    fn accept(&mut self) -> Auth {
        match self.server.log_in(self.id, self.peer.ip()) {
            Ok(()) => {
                if let Some(logged) = self.logged.take() {
                    let _ = logged.send(());
                }
                Auth::Accept
            }
            Err(why) => {
                self.refuse(why);
                (self.kill)();
                Auth::Reject { proceed_with_methods: None, partial_success: false }
            }
        }
    }

    fn refuse(&self, what: &str) {
        if !super::LogBudget::allow(&self.log, self.peer) {
            return;
        }
        tracing::info!(peer = %self.peer, id = self.id, user = ?self.user.as_deref().map(nim_tui::text::escape), "refused: {what}");
    }

    /// Says `text` on the channel, then closes the connection.
    /// The language of what this connection is told: the one its locale asks for, else the
    /// server's.
    fn language(&self) -> Language {
        self.locale.chosen().map_or(self.server.language, Language::from_locale)
    }

    /// Answers a request the server does not serve: taken, so that the client shows what
    /// follows (OpenSSH prints a refused request as a bare "request failed"), `text` on the
    /// channel's standard error, exit status 1, and the connection closed; cut off a moment
    /// later whatever the client does.
    async fn tell_and_close(&mut self, channel: ChannelId, text: &str, session: &mut Session) {
        let _ = session.channel_success(channel);
        let _ = session.extended_data(channel, 1, format!("{text}\r\n").into_bytes());
        let _ = session.exit_status_request(channel, 1);
        let _ = session.eof(channel);
        let _ = session.close(channel);
        if let Some(started) = self.started.take() {
            let _ = started.send(());
        }
        let kill = self.kill.clone();
        tokio::spawn(async move {
            tokio::time::sleep(REFUSED_GRACE).await;
            kill();
        });
    }
}

/// The most bytes of input handed to the game at once (see [`Handler::hand_over`]).
pub(crate) const INPUT_PIECE: usize = 128;

impl Handler {
    /// Hands `bytes` to the game once there is room for them; false once the game is gone.
    /// Input waits for room: past the cap, this connection's SSH session stops reading until
    /// the game has caught up, so that the client is slowed by SSH's own flow control and no
    /// key is lost or reordered.
    async fn hand_over(&mut self, bytes: &[u8]) -> bool {
        let Some(input) = &self.input else { return false };
        let count = u32::try_from(bytes.len().min(self.server.limits.input_cap)).unwrap_or(u32::MAX);
        let room = match self.input_room.try_acquire_many(count) {
            Ok(room) => room,
            Err(_) => {
                if !self.flooded {
                    self.flooded = true;
                    tracing::warn!(peer = %self.peer, id = self.id, "input flood: held back");
                }
                match self.input_room.acquire_many(count).await {
                    Ok(room) => room,
                    Err(_) => return false,
                }
            }
        };
        // Given back by the game as it reads the bytes.
        room.forget();
        if input.send(Input::Bytes(bytes.to_vec())).await.is_err() {
            self.input_room.add_permits(count as usize);
            return false;
        }
        true
    }
}

/// The SSH side's proper ending of a game: the exit status, end of file and close, after which
/// the client hangs up.
fn close_channel(handle: russh::server::Handle, channel: ChannelId) -> client::Close {
    Box::pin(async move {
        let _ = handle.exit_status_request(channel, 0).await;
        let _ = handle.eof(channel).await;
        let _ = handle.close(channel).await;
    })
}

/// Compares without stopping at the first difference, so that timing tells nothing of the code.
pub(crate) fn constant_time_eq(a: &[u8], b: &[u8]) -> bool {
    let mut diff = a.len() ^ b.len();
    for (i, x) in a.iter().enumerate() {
        diff |= usize::from(x ^ b.get(i).copied().unwrap_or(0));
    }
    diff == 0
}

impl russh::server::Handler for Handler {
    type Error = russh::Error;

    async fn auth_none(&mut self, user: &str) -> Result<Auth, Self::Error> {
        self.user = Some(user.to_string());
        // Open to all, and no teacher to tell apart: no question at all.
        if self.server.code.is_none() && self.server.teachers.is_empty() {
            return Ok(self.accept());
        }
        Ok(self.reject())
    }

    async fn auth_publickey_offered(&mut self, user: &str, key: &PublicKey) -> Result<Auth, Self::Error> {
        self.user = Some(user.to_string());
        // Only a teacher's key is worth a signature; the others go on to the class code.
        if self.server.is_teacher(key) { Ok(Auth::Accept) } else { Ok(self.reject()) }
    }

    async fn auth_publickey(&mut self, user: &str, key: &PublicKey) -> Result<Auth, Self::Error> {
        self.user = Some(user.to_string());
        if self.server.is_teacher(key) {
            self.teacher = true;
            return Ok(self.accept());
        }
        Ok(self.reject())
    }

    async fn auth_password(&mut self, user: &str, password: &str) -> Result<Auth, Self::Error> {
        self.user = Some(user.to_string());
        if self.code_ok(password.as_bytes()).await {
            return Ok(self.accept());
        }
        Ok(self.reject())
    }

    async fn auth_keyboard_interactive<'a>(
        &'a mut self,
        user: &str,
        _submethods: &str,
        response: Option<Response<'a>>,
    ) -> Result<Auth, Self::Error> {
        self.user = Some(user.to_string());
        if self.server.code.is_none() {
            return Ok(self.accept());
        }
        let Some(mut response) = response else {
            // Asked before the client can tell its locale: in the server's language.
            let language = self.server.language;
            let (instructions, prompt) = (
                nim_tui::words::serve_code_instructions(language),
                nim_tui::words::serve_code_prompt(language),
            );
            return Ok(Auth::Partial {
                name: "".into(),
                instructions: instructions.into(),
                prompts: vec![(prompt.into(), false)].into(),
            });
        };
        let answer = response.next().unwrap_or_default();
        if self.code_ok(&answer).await {
            return Ok(self.accept());
        }
        Ok(self.reject())
    }

    async fn auth_succeeded(&mut self, _session: &mut Session) -> Result<(), Self::Error> {
        tracing::info!(peer = %self.peer, id = self.id, teacher = self.teacher, "logged in");
        Ok(())
    }

    async fn channel_open_session(
        &mut self,
        channel: Channel<Msg>,
        reply: russh::server::ChannelOpenHandle,
        _session: &mut Session,
    ) -> Result<(), Self::Error> {
        if self.channel_id.is_some() {
            self.refuse("a second session on one connection");
            reply.reject(ChannelOpenFailure::AdministrativelyProhibited).await;
            return Ok(());
        }
        self.channel_id = Some(channel.id());
        self.channel = Some(channel);
        reply.accept().await;
        Ok(())
    }

    async fn channel_open_x11(
        &mut self,
        _channel: Channel<Msg>,
        _address: &str,
        _port: u32,
        reply: russh::server::ChannelOpenHandle,
        _session: &mut Session,
    ) -> Result<(), Self::Error> {
        self.refuse("X11 channel");
        reply.reject(ChannelOpenFailure::AdministrativelyProhibited).await;
        Ok(())
    }

    async fn channel_open_direct_tcpip(
        &mut self,
        _channel: Channel<Msg>,
        _host: &str,
        _port: u32,
        _from: &str,
        _from_port: u32,
        reply: russh::server::ChannelOpenHandle,
        _session: &mut Session,
    ) -> Result<(), Self::Error> {
        self.refuse("port forwarding (direct-tcpip)");
        reply.reject(ChannelOpenFailure::AdministrativelyProhibited).await;
        Ok(())
    }

    async fn channel_open_direct_streamlocal(
        &mut self,
        _channel: Channel<Msg>,
        _path: &str,
        reply: russh::server::ChannelOpenHandle,
        _session: &mut Session,
    ) -> Result<(), Self::Error> {
        self.refuse("socket forwarding (direct-streamlocal)");
        reply.reject(ChannelOpenFailure::AdministrativelyProhibited).await;
        Ok(())
    }

    async fn tcpip_forward(
        &mut self,
        _address: &str,
        _port: &mut u32,
        _session: &mut Session,
    ) -> Result<bool, Self::Error> {
        self.refuse("remote port forwarding");
        Ok(false)
    }

    async fn streamlocal_forward(
        &mut self,
        _path: &str,
        _session: &mut Session,
    ) -> Result<bool, Self::Error> {
        self.refuse("remote socket forwarding");
        Ok(false)
    }

    async fn agent_request(
        &mut self,
        channel: ChannelId,
        session: &mut Session,
    ) -> Result<bool, Self::Error> {
        self.refuse("agent forwarding");
        // russh answers `false` with a global REQUEST_FAILURE, which a client waiting on the
        // channel does not read as the refusal: the channel's own failure is sent too.
        session.channel_failure(channel)?;
        Ok(false)
    }

    async fn x11_request(
        &mut self,
        channel: ChannelId,
        _single: bool,
        _protocol: &str,
        _cookie: &str,
        _screen: u32,
        session: &mut Session,
    ) -> Result<(), Self::Error> {
        self.refuse("X11 forwarding");
        session.channel_failure(channel)?;
        Ok(())
    }

    async fn pty_request(
        &mut self,
        channel: ChannelId,
        term: &str,
        columns: u32,
        rows: u32,
        _pix_width: u32,
        _pix_height: u32,
        _modes: &[(russh::Pty, u32)],
        session: &mut Session,
    ) -> Result<(), Self::Error> {
        if Some(channel) != self.channel_id || self.input.is_some() {
            session.channel_failure(channel)?;
            return Ok(());
        }
        self.pty = Some(client::clamp_size(columns, rows));
        self.dumb = term == "dumb";
        session.channel_success(channel)?;
        Ok(())
    }

    async fn env_request(
        &mut self,
        channel: ChannelId,
        name: &str,
        value: &str,
        session: &mut Session,
    ) -> Result<(), Self::Error> {
        // The locale's variables for messages (LC_ALL, LC_MESSAGES, LANG) are kept, short and
        // escaped, to choose the connection's language; nothing else is set.
        let kept = match name {
            "LC_ALL" => Some(&mut self.locale.all),
            "LC_MESSAGES" => Some(&mut self.locale.messages),
            "LANG" => Some(&mut self.locale.lang),
            _ => None,
        };
        if let Some(kept) = kept.filter(|_| self.input.is_none()) {
            *kept = Some(nim_tui::text::escape_short(value, 40));
            session.channel_success(channel)?;
        } else {
            session.channel_failure(channel)?;
        }
        Ok(())
    }

    async fn shell_request(&mut self, channel: ChannelId, session: &mut Session) -> Result<(), Self::Error> {
        // No terminal (`ssh -T`, a pipe) or a dumb one: the plain door, in lines.
        let wire = match (self.pty, self.dumb) {
            (None, _) => Some(super::plain_door::Wire::Lines),
            (Some(_), true) => Some(super::plain_door::Wire::Terminal),
            (Some(_), false) => None,
        };
        let size = self.pty.unwrap_or((nim_tui::ui::MAX_WIDTH, nim_tui::ui::MAX_HEIGHT));
        let Some(ch) = self.channel.take().filter(|c| c.id() == channel) else {
            session.channel_failure(channel)?;
            return Ok(());
        };
        session.channel_success(channel)?;
        let user = self.user.clone().unwrap_or_default();
        let claim = super::names::Claim {
            id: self.id,
            ip: self.peer.ip(),
            kill: self.kill.clone(),
            teacher: self.teacher,
        };
        let name = self.server.names.take(&super::names::safe_name(&user), claim);
        self.server.store.seen(&name);
        let (tx, rx) = mpsc::channel(INPUT_QUEUE);
        self.input = Some(tx);
        // On the lobby's list at once, before the game's first exchange with the terminal (the
        // colour query waits up to `colour_wait`): people are listed in the order they arrived.
        let (mailbox, mail) = mpsc::channel(super::tables::MAILBOX);
        let person =
            Person { name: name.clone(), teacher: self.teacher, doing: Doing::Lobby, table: None, mailbox };
        self.server.people.join(self.id, person);
        let (resized_tx, resized) = watch::channel(size);
        self.resized = Some(resized_tx);
        let conn = Connection {
            log: self.log.clone(),
            resized,
            id: self.id,
            peer: self.peer,
            name: name.clone(),
            teacher: self.teacher,
            size,
            lang: self.locale.chosen().map(str::to_owned),
            language: self.language(),
            mail,
            input_room: self.input_room.clone(),
            kill: self.kill.clone(),
            close: close_channel(session.handle(), channel),
        };
        let writer = ch.make_writer();
        // The channel's own copy of every message is read and dropped: russh waits for room in
        // it before it goes on, and the game reads its input from the handler instead.
        let mut ch = ch;
        tokio::spawn(async move { while ch.wait().await.is_some() {} });
        let server = self.server.clone();
        let stopping = server.stopping();
        let id = self.id;
        tokio::spawn(async move {
            match wire {
                Some(wire) => super::plain_door::play(server.clone(), conn, writer, rx, stopping, wire).await,
                None => {
                    if let Some(handover) = client::play(server.clone(), conn, writer, rx, stopping).await {
                        super::plain_door::resume(server.clone(), handover).await;
                    }
                }
            }
            server.names.release(&name, id);
        });
        if let Some(started) = self.started.take() {
            let _ = started.send(());
        }
        Ok(())
    }

    async fn exec_request(
        &mut self,
        channel: ChannelId,
        _command: &[u8],
        session: &mut Session,
    ) -> Result<(), Self::Error> {
        self.refuse("exec");
        let told = nim_tui::words::serve_no_commands(self.language());
        self.tell_and_close(channel, &told, session).await;
        Ok(())
    }

    async fn subsystem_request(
        &mut self,
        channel: ChannelId,
        name: &str,
        session: &mut Session,
    ) -> Result<(), Self::Error> {
        self.refuse(&format!("subsystem {}", nim_tui::text::escape_short(name, 40)));
        let told = nim_tui::words::serve_no_commands(self.language());
        self.tell_and_close(channel, &told, session).await;
        Ok(())
    }

    async fn window_change_request(
        &mut self,
        _channel: ChannelId,
        columns: u32,
        rows: u32,
        _pix_width: u32,
        _pix_height: u32,
        _session: &mut Session,
    ) -> Result<(), Self::Error> {
        // Past the rate, nothing more is read from this connection for a while: a storm of
        // window changes is slowed by TCP instead of costing the server a packet each.
        let wait = self.resizes.take(1.0);
        if !wait.is_zero() {
            tokio::time::sleep(wait).await;
        }
        let (w, h) = client::clamp_size(columns, rows);
        if let Some(resized) = &self.resized {
            // Merged with those the game has not acted on yet: a flood costs nothing more.
            resized.send_replace((w, h));
        } else {
            self.pty = self.pty.map(|_| (w, h));
        }
        Ok(())
    }

    async fn data(
        &mut self,
        _channel: ChannelId,
        data: &[u8],
        _session: &mut Session,
    ) -> Result<(), Self::Error> {
        if self.input.is_none() {
            return Ok(());
        }
        // Past the rate, nothing more is read from this connection for a while.
        let wait = self.typing.take(data.len() as f64);
        if !wait.is_zero() {
            self.server.held_back.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
            tokio::time::sleep(wait).await;
        }
        // Handed to the game in pieces, each read before the game lets other connections have
        // their turn: a packet of 32 KiB of keys keeps no one else waiting while it is read.
        for piece in data.chunks(INPUT_PIECE) {
            if !self.hand_over(piece).await {
                break;
            }
        }
        Ok(())
    }

    async fn channel_eof(&mut self, _channel: ChannelId, _session: &mut Session) -> Result<(), Self::Error> {
        if let Some(input) = &self.input {
            let _ = input.try_send(Input::Closed);
        }
        Ok(())
    }

    async fn channel_close(
        &mut self,
        _channel: ChannelId,
        _session: &mut Session,
    ) -> Result<(), Self::Error> {
        if let Some(input) = self.input.take() {
            let _ = input.send(Input::Closed).await;
        } else {
            (self.kill)();
        }
        Ok(())
    }
}

impl Drop for Handler {
    fn drop(&mut self) {
        // The connection is gone: the game hears of it if it did not already.
        if let Some(input) = self.input.take() {
            let _ = input.try_send(Input::Closed);
        }
    }
}
