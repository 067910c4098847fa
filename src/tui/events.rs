//! Where the terminal's door gets its events: the terminal's input as bytes, signals, and the
//! terminal hanging up, all forwarded to one channel by threads that block until something happens.

use std::io;
use std::sync::mpsc::{self, Receiver};
use std::thread;
#[cfg(windows)]
use std::time::Duration;

use crossterm::event::Event as TermEvent;

use super::Ending;

pub enum Event {
    /// Bytes the terminal sent: keys, mouse reports, its answers.
    #[cfg_attr(not(unix), allow(dead_code))]
    Bytes(Vec<u8>),
    /// An event the console gave (where there are no bytes to read: Windows).
    #[cfg_attr(unix, allow(dead_code))]
    Term(TermEvent),
    /// The window's new size.
    Resize(u16, u16),
    /// A signal that ends the session.
    Stop(Ending),
    /// Ctrl-Z or SIGTSTP: restore the terminal and stop until SIGCONT. (Job control is unix's.)
    #[cfg_attr(not(unix), allow(dead_code))]
    Suspend,
    /// SIGCONT: the process was stopped (by us or by SIGSTOP) and goes on; the terminal may have
    /// been changed meanwhile.
    #[cfg_attr(not(unix), allow(dead_code))]
    Continued,
    InputClosed,
}

/// Where a session's events come from: terminal input, signals and the terminal hanging up, all
/// forwarded to one channel by threads that block until something happens.
pub struct Events {
    rx: Receiver<Event>,
    tx: mpsc::Sender<Event>,
    start_signals: Box<dyn FnOnce()>,
}

impl Events {
    /// Catches the signals from now on. Called before anything changes the terminal, so that no
    /// signal ends the program with the terminal left changed: one that comes early waits in
    /// signal-hook's pipe and is taken once the game runs.
    pub fn catch() -> io::Result<Events> {
        let (tx, rx) = mpsc::channel();
        let start_signals = catch_signals(tx.clone())?;
        Ok(Events { rx, tx, start_signals })
    }

    /// The channel, and the function that starts the threads feeding it: called after the first
    /// frame, so that starting them is no part of the wait for it. Nothing is lost meanwhile: keys
    /// wait in the terminal, signals in signal-hook's pipe.
    pub fn sources(self) -> (Receiver<Event>, Box<dyn FnOnce()>) {
        let Events { rx, tx, start_signals } = self;
        let start = move || {
            start_signals();
            thread::spawn(move || read_input(&tx));
        };
        (rx, Box::new(start))
    }

    /// What the terminal has sent so far, read without waiting.
    #[cfg(unix)]
    pub(super) fn read_waiting(&self) -> Vec<u8> {
        let mut buf = [0u8; 1024];
        let mut read = Vec::new();
        loop {
            let mut fd = libc::pollfd { fd: libc::STDIN_FILENO, events: libc::POLLIN, revents: 0 };
            // SAFETY: `fd` is a valid pollfd for the duration of the call.
            let ready = unsafe { libc::poll(&raw mut fd, 1, 0) } == 1 && fd.revents & libc::POLLIN != 0;
            if !ready {
                break;
            }
            // SAFETY: reading into a buffer of the stated length.
            let got = unsafe { libc::read(libc::STDIN_FILENO, buf.as_mut_ptr().cast(), buf.len()) };
            let Ok(got @ 1..) = usize::try_from(got) else { break };
            read.extend_from_slice(&buf[..got]);
        }
        read
    }
}

/// Reads the terminal's input and sends it on as bytes, until the input ends: end of file, an
/// error, or a hang-up of standard input or output (POLLHUP, as when the terminal's window is
/// closed and no SIGHUP comes, the game having no controlling terminal), which is sent as
/// `InputClosed`. The thread then ends at once. It blocks in `poll` while nothing happens.
#[cfg(unix)]
fn read_input(tx: &mpsc::Sender<Event>) {
    let mut buf = [0u8; 1024];
    let gone = libc::POLLHUP | libc::POLLERR | libc::POLLNVAL;
    loop {
        let mut fds = [
            libc::pollfd { fd: libc::STDIN_FILENO, events: libc::POLLIN, revents: 0 },
            libc::pollfd { fd: libc::STDOUT_FILENO, events: 0, revents: 0 },
        ];
        // SAFETY: `fds` is a valid array of two pollfd for the duration of the call.
        let n = unsafe { libc::poll(fds.as_mut_ptr(), fds.len() as libc::nfds_t, -1) };
        let closed = if n < 0 {
            io::Error::last_os_error().kind() != io::ErrorKind::Interrupted
        } else if fds[0].revents & libc::POLLIN != 0 {
            // SAFETY: reading into a buffer of the stated length.
            let got = unsafe { libc::read(libc::STDIN_FILENO, buf.as_mut_ptr().cast(), buf.len()) };
            match usize::try_from(got) {
                Ok(0) => true,
                Ok(got) => {
                    if tx.send(Event::Bytes(buf[..got].to_vec())).is_err() {
                        return;
                    }
                    false
                }
                Err(_) => !matches!(
                    io::Error::last_os_error().kind(),
                    io::ErrorKind::Interrupted | io::ErrorKind::WouldBlock
                ),
            }
        } else {
            fds.iter().any(|fd| fd.revents & gone != 0)
        };
        if closed {
            let _ = tx.send(Event::InputClosed);
            return;
        }
    }
}

/// Where there is no `poll` on standard input (Windows), crossterm reads the console.
#[cfg(not(unix))]
fn read_input(tx: &mpsc::Sender<Event>) {
    loop {
        let event = match crossterm::event::read() {
            Ok(TermEvent::Resize(width, height)) => Event::Resize(width, height),
            Ok(event) => Event::Term(event),
            Err(_) => Event::InputClosed,
        };
        let closed = matches!(event, Event::InputClosed);
        if tx.send(event).is_err() || closed {
            return;
        }
    }
}

/// The signals that end the session (each restores the terminal and saves the game), and the
/// two of job control: caught at once, forwarded by a thread that the returned function starts.
#[cfg(unix)]
fn catch_signals(tx: mpsc::Sender<Event>) -> io::Result<Box<dyn FnOnce()>> {
    use signal_hook::consts::{
        SIGALRM, SIGCONT, SIGHUP, SIGINT, SIGPIPE, SIGQUIT, SIGTERM, SIGTSTP, SIGUSR1, SIGUSR2, SIGWINCH,
    };
    let mut signals = signal_hook::iterator::Signals::new([
        SIGTERM, SIGHUP, SIGINT, SIGQUIT, SIGUSR1, SIGUSR2, SIGALRM, SIGPIPE, SIGTSTP, SIGCONT, SIGWINCH,
    ])?;
    Ok(Box::new(move || {
        thread::spawn(move || {
            for signal in signals.forever() {
                let event = match signal {
                    SIGHUP => Event::Stop(Ending::HungUp),
                    SIGINT => Event::Stop(Ending::Quit),
                    SIGTSTP => Event::Suspend,
                    SIGCONT => Event::Continued,
                    // The window's new size, as crossterm's own reader would have sent it.
                    SIGWINCH => match crossterm::terminal::size() {
                        Ok((width, height)) => Event::Resize(width, height),
                        Err(_) => continue,
                    },
                    _ => Event::Stop(Ending::Terminated),
                };
                if tx.send(event).is_err() {
                    break;
                }
            }
        });
    }))
}

/// On Windows, closing the console window (and Ctrl-Break) ends the session the same way; Ctrl-C
/// arrives as a key in raw mode.
#[cfg(windows)]
fn catch_signals(tx: mpsc::Sender<Event>) -> io::Result<Box<dyn FnOnce()>> {
    use std::sync::Mutex;
    let tx = Mutex::new(tx);
    let handler = move || {
        if let Ok(tx) = tx.lock() {
            let _ = tx.send(Event::Stop(Ending::HungUp));
        }
        // Windows ends the process once the handler returns from a close event: give the loop
        // time to save and restore.
        thread::sleep(Duration::from_secs(2));
    };
    // A second session in the same process finds the handler already set; it still works.
    match ctrlc::set_handler(handler) {
        Ok(()) | Err(ctrlc::Error::MultipleHandlers) => Ok(Box::new(|| {})),
        Err(e) => Err(io::Error::other(e.to_string())),
    }
}

#[cfg(not(any(unix, windows)))]
fn catch_signals(_tx: mpsc::Sender<Event>) -> io::Result<Box<dyn FnOnce()>> {
    Ok(Box::new(|| {}))
}
