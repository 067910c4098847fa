//! The banner at the end of a game or a demo: who won and why, whether the win was assisted, the
//! streak, and the keys for what comes next, under the board where the final position stays in view.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::Modifier;
use ratatui::text::Line;
use ratatui::widgets::{Block, Clear, Paragraph, Widget, Wrap};

use crate::app::{App, Game, GameOver, Note, Screen};
use crate::domain::{Players, Seat};

use super::key_line::{key_line, key_lines};
use super::layout::BoardLayout;
use super::look::{Look, seat_style};

/// Draws the banner of the game `over`, over the lines under the board.
pub(super) fn render(
    app: &App,
    game: &Game,
    over: &GameOver,
    look: &Look,
    layout: &BoardLayout,
    buf: &mut Buffer,
) {
    let theme = &look.theme;
    let style = seat_style(look, over.winner);
    let title = match (&game.players, over.winner) {
        (Players::Ai, Seat::First) => crate::words::you_win(look.language).to_string(),
        (Players::Ai, Seat::Second) => crate::words::you_lose(look.language).to_string(),
        (_, winner) => crate::words::wins(look.language, game.name(look.language, winner)),
    };
    let mut lines = vec![
        Line::styled(title.clone(), style.add_modifier(Modifier::BOLD)).centered(),
        Line::raw(game.ending_words(look.language, over)).centered(),
    ];
    if game.players == Players::Ai && matches!(app.screen, Screen::Play(_)) {
        let help = game.assistance();
        if over.winner == Seat::First && !help.is_empty() {
            lines.push(
                Line::styled(crate::words::assisted_win(look.language, &help), theme.fg(theme.hint))
                    .centered(),
            );
        }
        if let Some(stats) = &app.stats {
            let s = stats.of(game.rules.kind, game.mode());
            lines.push(
                Line::styled(
                    crate::words::streak(look.language, s.current_streak, s.best_streak),
                    theme.fg(theme.text),
                )
                .centered(),
            );
        }
    }
    // Between two people, the match's score after this game.
    if let (Players::Hotseat(_), Some(score)) = (&game.players, &app.score) {
        lines.push(Line::styled(score.line(look.language), theme.strong(theme.text)).centered());
    }
    // The banner takes the place of the messages under the board, so the final position stays
    // in view; the last move (the note) is part of it.
    if let Some(note) = game.note.as_ref().filter(|note| !matches!(note, Note::Refused(_))) {
        lines.insert(1, Line::styled(game.note_words(look.language, note), theme.fg(theme.text)).centered());
    }
    let widest = usize::from(layout.info.width.saturating_sub(4));
    let room = status_room(layout);
    let mut keys = key_lines(&app.commands(), look, widest.min(60));
    let message = usize::from(matches!(&app.screen, Screen::Play(p) if p.message.is_some()));
    if lines.len() + keys.len() + message + 2 > usize::from(room.height) {
        // Too little room: one line of the keys that matter most.
        keys = vec![key_line(&app.commands(), look, widest)];
    }
    lines.extend(keys.into_iter().map(|k| Line::styled(k, theme.fg(theme.dim)).centered()));
    if let Screen::Play(play) = &app.screen
        && let Some(message) = &play.message
    {
        lines.push(Line::styled(game.note_words(look.language, message), theme.fg(theme.text)).centered());
    }
    // The title in the start screen's block letters above the title line, when they fit under
    // the board (the final position stays in view); otherwise the title line alone says it.
    // Two blank columns each side, so the letters never touch the frame.
    let inner = usize::from(layout.info.width.saturating_sub(2 + 4));
    let under = usize::from(layout.status.y.saturating_sub(letters_floor(layout)));
    let letters = block_letters(&title, inner).filter(|l| lines.len() + l.len() + 2 <= under);
    if let Some(letters) = &letters {
        // Blank lines keep their place; the letters are drawn over them, untrimmed, below. The
        // letters say the title, so its plain line goes from under them (it would say it twice);
        // the frame carries it in words, for a reader that cannot see the letters as letters.
        lines.remove(0);
        lines.splice(0..0, letters.iter().map(|_| Line::raw("")));
    }
    let height = (lines.len() as u16 + 2).min(room.height);
    // Under the board when it fits there; pushed up over the board's foot only when it must be.
    let y = layout.info.y.min(room.bottom().saturating_sub(height));
    let popup = Rect { x: layout.info.x, y, width: layout.info.width, height };
    Clear.render(popup, buf);
    let mut block = Block::bordered().border_style(style);
    if letters.is_some() {
        block =
            block.title(Line::styled(format!(" {title} "), style.add_modifier(Modifier::BOLD)).centered());
    }
    Paragraph::new(lines).wrap(Wrap { trim: true }).block(block).render(popup, buf);
    if let Some(letters) = letters {
        let big = style.add_modifier(Modifier::BOLD);
        for (row, text) in letters.iter().enumerate() {
            let width = unicode_width::UnicodeWidthStr::width(text.as_str()) as u16;
            let x = popup.x + popup.width.saturating_sub(width) / 2;
            buf.set_string(x, popup.y + 1 + row as u16, text, big);
        }
    }
}

/// The highest row the banner's block letters may start on: under the board and the panel.
fn letters_floor(layout: &BoardLayout) -> u16 {
    // The board and the panel beside it stay whole: the letters are a flourish, never worth
    // covering the final position with.
    let panel = layout.panel.map_or(0, |panel| panel.bottom());
    layout.info.y.max(layout.board.bottom()).max(panel)
}

/// The rows between the header and the status line.
fn status_room(layout: &BoardLayout) -> Rect {
    let top = layout.header.bottom();
    Rect { x: layout.info.x, y: top, width: layout.info.width, height: layout.status.y.saturating_sub(top) }
}

/// The title font's letters (assets/banner-font.txt): each character's rows, all as wide.
static FONT: std::sync::LazyLock<Vec<(char, Vec<&'static str>)>> = std::sync::LazyLock::new(|| {
    let mut font: Vec<(char, Vec<&'static str>)> = Vec::new();
    for line in include_str!("../../assets/banner-font.txt").lines() {
        if line.starts_with('#') {
            continue;
        }
        match (line.strip_prefix('@').and_then(|c| c.chars().next()), font.last_mut()) {
            (Some(c), _) if line.chars().count() == 2 => font.push((c, Vec::new())),
            (_, Some((_, rows))) => rows.push(line),
            _ => {}
        }
    }
    font
});

/// `text` in the title's block letters, as rows at most `width` columns wide, or `None` when a
/// character of it is not in the font (a name in another script) or it is too wide. The font is
/// ASCII's: a Chinese title ("你赢了！") is never drawn in it, and stands as the banner's plain
/// bold line, as any title does when the letters do not fit.
pub fn block_letters(text: &str, width: usize) -> Option<Vec<String>> {
    let glyphs: Vec<&Vec<&str>> = text
        .to_uppercase()
        .chars()
        .map(|c| FONT.iter().find(|(f, _)| *f == c).map(|(_, rows)| rows))
        .collect::<Option<_>>()?;
    let height = glyphs.iter().map(|g| g.len()).max()?;
    let rows: Vec<String> = (0..height)
        .map(|i| glyphs.iter().map(|g| g.get(i).copied().unwrap_or("")).collect::<String>())
        .collect();
    let widest = rows.iter().map(|r| unicode_width::UnicodeWidthStr::width(r.as_str())).max()?;
    (widest <= width).then_some(rows)
}

#[cfg(test)]
mod tests {
    use super::block_letters;

    #[test]
    fn the_font_writes_every_word_of_the_banner_and_refuses_what_it_cannot() {
        let win = block_letters("You win!", 200).expect("the font has Y, O, U, W, I, N and !");
        assert_eq!(win.len(), 6);
        assert!(win[0].starts_with("██╗   ██╗"));
        assert!(block_letters("You lose", 200).is_some());
        assert!(block_letters("Ann wins!", 200).is_some());
        // Too wide, and a letter the font does not have.
        assert!(block_letters("You win!", 40).is_none());
        assert!(block_letters("Zoë wins!", 200).is_none());
    }
}
