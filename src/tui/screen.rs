//! The terminal itself: raw mode, the alternate screen and the mouse set up and given back (on
//! every way out, a panic and a suspension included), and the backend ratatui draws on.

use std::io::{self, Write};
use std::thread;
use std::time::Duration;

use crossterm::event::{DisableMouseCapture, EnableMouseCapture};
use crossterm::execute;
use ratatui::Terminal;
use ratatui::backend::{Backend, ClearType, CrosstermBackend, WindowSize};
use ratatui::buffer::Cell;
use ratatui::layout::{Position, Size};

use super::Options;
use crate::session::COLOUR_QUERY;
use crate::ui;

/// The terminal the game draws on.
pub(super) type Screen = Terminal<Clamped<CrosstermBackend<FrameOut>>>;

/// Where a frame is written: gathered in memory and written to standard output in one piece when
/// ratatui flushes, at the end of each draw. Written straight to `Stdout`, each of a frame's
/// thousand or so escape codes and symbols took the lock of standard output and a scan for a line
/// end, and a frame went out 1 KiB at a time (its line buffer's size).
///
/// A panic while drawing leaves half a frame: what is flushed while the thread panics (the cursor
/// shown as the terminal is dropped, after the panic hook restored the screen) is dropped rather
/// than written over the shell's screen.
#[derive(Default)]
pub struct FrameOut {
    frame: Vec<u8>,
}

impl Write for FrameOut {
    fn write(&mut self, bytes: &[u8]) -> io::Result<usize> {
        self.frame.extend_from_slice(bytes);
        Ok(bytes.len())
    }
    fn write_all(&mut self, bytes: &[u8]) -> io::Result<()> {
        self.frame.extend_from_slice(bytes);
        Ok(())
    }
    fn flush(&mut self) -> io::Result<()> {
        if self.frame.is_empty() {
            return Ok(());
        }
        let result = match thread::panicking() {
            true => Ok(()),
            false => {
                let mut out = io::stdout().lock();
                out.write_all(&self.frame).and_then(|()| out.flush())
            }
        };
        // Written or not (a terminal that is gone), the frame is done with; the buffer's capacity
        // is kept for the next.
        self.frame.clear();
        result
    }
}

/// A backend whose screen is at most [`ui::MAX_WIDTH`] by [`ui::MAX_HEIGHT`]: ratatui keeps two
/// buffers of the whole screen and the drawing walks every cell, so a window of 65535x65535 would
/// ask for hundreds of gigabytes. A larger window shows the game in its top-left corner.
///
/// Showing the cursor never fails here: it is part of restoring the terminal (ratatui does it
/// when the terminal is dropped, and `eprintln!`s a failure, which panics once the terminal is
/// gone), and a terminal that is gone has nothing left to restore.
pub struct Clamped<B>(pub B);

impl<B: Backend> Backend for Clamped<B> {
    type Error = B::Error;

    fn draw<'a, I>(&mut self, content: I) -> Result<(), Self::Error>
    where
        I: Iterator<Item = (u16, u16, &'a Cell)>,
    {
        self.0.draw(content)
    }
    fn append_lines(&mut self, n: u16) -> Result<(), Self::Error> {
        self.0.append_lines(n)
    }
    fn hide_cursor(&mut self) -> Result<(), Self::Error> {
        self.0.hide_cursor()
    }
    fn show_cursor(&mut self) -> Result<(), Self::Error> {
        let _ = self.0.show_cursor();
        Ok(())
    }
    fn get_cursor_position(&mut self) -> Result<Position, Self::Error> {
        self.0.get_cursor_position()
    }
    fn set_cursor_position<P: Into<Position>>(&mut self, position: P) -> Result<(), Self::Error> {
        self.0.set_cursor_position(position)
    }
    fn clear(&mut self) -> Result<(), Self::Error> {
        self.0.clear()
    }
    fn clear_region(&mut self, clear_type: ClearType) -> Result<(), Self::Error> {
        self.0.clear_region(clear_type)
    }
    fn size(&self) -> Result<Size, Self::Error> {
        self.0.size().map(ui::clamp_size)
    }
    fn window_size(&mut self) -> Result<WindowSize, Self::Error> {
        let mut size = self.0.window_size()?;
        size.columns_rows = ui::clamp_size(size.columns_rows);
        Ok(size)
    }
    fn flush(&mut self) -> Result<(), Self::Error> {
        self.0.flush()
    }
}

/// Raw mode, the alternate screen and the mouse, and the terminal ratatui draws on.
pub(super) fn set_up(options: &Options) -> io::Result<Screen> {
    crossterm::terminal::enable_raw_mode()?;
    let mut out = io::stdout().lock();
    crossterm::queue!(out, crossterm::terminal::EnterAlternateScreen)?;
    if options.ask_colours {
        // In raw mode, so that the answer is neither echoed nor held for a line's end.
        out.write_all(COLOUR_QUERY)?;
    }
    if options.mouse {
        crossterm::queue!(out, EnableMouseCapture)?;
    }
    out.flush()?;
    drop(out);
    Terminal::new(Clamped(CrosstermBackend::new(FrameOut::default())))
}

/// Leaves the terminal as it was found: mouse reporting off, the cursor shown, the main screen,
/// raw mode off. Each step is tried whatever became of the others, and none can fail: with the
/// terminal gone (a hang-up) there is nothing left to restore.
pub(super) fn restore(options: &Options) {
    // Raw mode first: of all the steps it matters most to the shell.
    let _ = crossterm::terminal::disable_raw_mode();
    let mut out = io::stdout();
    if options.mouse {
        let _ = crossterm::queue!(out, DisableMouseCapture);
    }
    let _ = crossterm::queue!(out, crossterm::cursor::Show, crossterm::terminal::LeaveAlternateScreen);
    let _ = out.flush();
}

/// Restores the terminal, stops the process as SIGTSTP would, and on SIGCONT sets the terminal up
/// again and forces a full redraw.
pub(super) fn suspend(terminal: &mut Screen, options: &Options) -> io::Result<()> {
    restore(options);
    #[cfg(unix)]
    {
        // The default action of SIGTSTP (stop), which our handler replaced. Returns on SIGCONT.
        signal_hook::low_level::emulate_default_handler(signal_hook::consts::SIGTSTP)?;
    }
    resume(terminal, options)
}

/// Raw mode, the alternate screen and the mouse again, and a full redraw: after `fg`, or after
/// SIGCONT from outside (the shell may have changed the terminal while we were stopped).
pub(super) fn resume(terminal: &mut Screen, options: &Options) -> io::Result<()> {
    crossterm::terminal::enable_raw_mode()?;
    execute!(io::stdout(), crossterm::terminal::EnterAlternateScreen)?;
    if options.mouse {
        execute!(io::stdout(), EnableMouseCapture)?;
    }
    execute!(io::stdout(), crossterm::cursor::Hide)?;
    redraw_whole(terminal)
}

/// Clears the screen and makes the next draw write every cell.
pub(super) fn redraw_whole(terminal: &mut Screen) -> io::Result<()> {
    execute!(io::stdout(), crossterm::terminal::Clear(crossterm::terminal::ClearType::All))?;
    // Both of ratatui's buffers blank, like the screen now, so that the next draw writes every
    // cell. (`Terminal::clear` would do this too, but it first asks the terminal where the cursor
    // is, and the answer would arrive on the input our event thread is reading.)
    terminal.swap_buffers();
    Ok(())
}

/// Restores the terminal on a panic, quietly (ratatui's own hook `eprintln!`s when restoring
/// fails, which panics again once the terminal is gone and aborts), then the hooks before it (the
/// standard one prints the message, ignoring a stderr that cannot take it). Installed once; the
/// log's hook goes over it, so that a panic is in the log first.
pub(super) fn install_panic_hook(mouse: bool) {
    static ONCE: std::sync::Once = std::sync::Once::new();
    ONCE.call_once(|| {
        let previous = std::panic::take_hook();
        std::panic::set_hook(Box::new(move |info| {
            restore(&Options { ai_delay: Duration::ZERO, mouse, ask_colours: false });
            previous(info);
        }));
        crate::log::install_panic_hook();
    });
}
