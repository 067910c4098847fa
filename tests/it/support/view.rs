//! The screen as a person reads it: the app drawn into ratatui's `TestBackend`, then one line of
//! text per row with the trailing blanks removed.

use nim_tui::app::App;
use nim_tui::ui::{self, Look};
use ratatui::Terminal;
use ratatui::backend::TestBackend;
use ratatui::buffer::Buffer;

/// `app` drawn with `look` into a terminal of `width` x `height`.
pub fn draw_with(app: &App, look: &Look, width: u16, height: u16) -> Buffer {
    let mut terminal = Terminal::new(TestBackend::new(width, height)).expect("a test terminal");
    terminal.draw(|frame| ui::draw(frame, app, look)).expect("drawing into a test terminal");
    terminal.backend().buffer().clone()
}

/// One line of text per row, trailing blanks removed.
pub fn lines(buf: &Buffer) -> Vec<String> {
    let area = buf.area;
    (area.top()..area.bottom())
        .map(|y| {
            (area.left()..area.right())
                .map(|x| buf[(x, y)].symbol())
                .collect::<String>()
                .trim_end()
                .to_string()
        })
        .collect()
}

/// One line of text per row, a wide character (a Chinese one) once, though it covers two cells:
/// the line as a reader sees it, trailing blanks removed.
pub fn wide_lines(buf: &Buffer) -> Vec<String> {
    use unicode_width::UnicodeWidthStr;
    let area = buf.area;
    (area.top()..area.bottom())
        .map(|y| {
            let mut line = String::new();
            let mut x = area.left();
            while x < area.right() {
                let symbol = buf[(x, y)].symbol();
                line.push_str(symbol);
                x += symbol.width().max(1) as u16;
            }
            line.trim_end().to_string()
        })
        .collect()
}

/// The whole screen as a reader sees it ([`wide_lines`]).
pub fn wide_text(buf: &Buffer) -> String {
    wide_lines(buf).join("\n")
}

/// The whole screen as text.
pub fn text(buf: &Buffer) -> String {
    lines(buf).join("\n")
}

/// `app` drawn with the default look into a terminal of `width` x `height`, as text.
pub fn screen(app: &App, width: u16, height: u16) -> String {
    text(&draw_with(app, &Look::default(), width, height))
}
