//! The lesson's screen: the step's text beside its picture (rows of tokens, heaps stacked in
//! binary with each column's count of ones and the nim-sum, or a table of Grundy values), the
//! example game for misère, the exercise with its answer field and what the last answer got, and
//! the key line.

use ratatui::buffer::Buffer;
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::style::{Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Paragraph, Widget};

use unicode_width::UnicodeWidthStr;

use crate::app::{App, Exercise, Lesson, MISERE_GAME, Picture, grundy_value};
use crate::engine::Position;
use crate::i18n::{self, Arg};

use super::key_line::key_line;
use super::look::Look;

/// Rows the lesson needs.
pub const MIN_HEIGHT: u16 = 16;

/// The most tokens a row of the picture draws; a longer heap says its size.
const TOKENS_MAX: u64 = 24;

pub fn render(lesson: &Lesson, app: &App, look: &Look, area: Rect, buf: &mut Buffer) {
    let theme = &look.theme;
    let step = lesson.current();
    let area = area.centered_horizontally(Constraint::Max(120));
    let [body, keys] = Layout::vertical([Constraint::Fill(1), Constraint::Length(1)]).areas(area);

    let steps = lesson.steps();
    let done = lesson.done.iter().filter(|d| **d).count();
    let exercises = steps.iter().filter(|s| s.exercise.is_some()).count();
    let place = [
        ("step", Arg::from(lesson.step + 1)),
        ("steps", Arg::from(steps.len())),
        ("title", Arg::from(step.heading(look.language))),
    ];
    // Nim's lesson is the lesson; the other names itself.
    let title = match lesson.course {
        crate::app::Course::Nim => i18n::text_with(look.language, "lesson-heading", &place),
        other => {
            let mut args = place.to_vec();
            args.push(("course", Arg::from(other.title(look.language))));
            i18n::text_with(look.language, "lesson-heading-course", &args)
        }
    };
    let counted = i18n::text_with(
        look.language,
        "lesson-exercises-done",
        &[("done", Arg::from(done)), ("total", Arg::from(exercises))],
    );
    let block = Block::bordered()
        .title(Line::styled(format!(" {title} "), theme.strong(theme.accent).add_modifier(Modifier::BOLD)))
        .title_bottom(Line::from(format!(" {counted} ")).right_aligned())
        .border_style(theme.fg(theme.accent))
        .padding(ratatui::widgets::Padding::horizontal(1));
    let inner = block.inner(body);
    block.render(body, buf);

    let picture = picture(lesson, look, inner.width.saturating_sub(2));
    let picture_width = picture.iter().map(Line::width).max().unwrap_or(0) as u16;
    let picture_height = picture.len() as u16;
    // Beside the words where the screen is wide, above them where it is not.
    // Where the words would not fit, they close up (no blank line between paragraphs), and then
    // the picture above them gives up its last rows: the words are the lesson.
    let (text_area, picture_area, lines) = if inner.width >= 90 && picture_width + 2 <= inner.width / 2 {
        let [text, _, pic] = Layout::horizontal([
            Constraint::Fill(1),
            Constraint::Length(2),
            Constraint::Length(picture_width + 2),
        ])
        .areas(inner);
        let lines = fitted(lesson, look, text.width, text.height);
        (text, pic, lines)
    } else {
        let above = (picture_height + 1).min(inner.height / 2);
        let lines = fitted(lesson, look, inner.width, inner.height.saturating_sub(above));
        let above = above.min(inner.height.saturating_sub(lines.len() as u16));
        let [pic, text] = Layout::vertical([Constraint::Length(above), Constraint::Fill(1)]).areas(inner);
        (text, pic, lines)
    };
    Paragraph::new(picture).render(picture_area, buf);
    Paragraph::new(lines).render(text_area, buf);
    let line = key_line(&app.commands(), look, usize::from(keys.width));
    Paragraph::new(Line::styled(line, theme.fg(theme.dim)).centered()).render(keys, buf);
}

/// The step's words wrapped into `width` columns, with a blank line between paragraphs if they
/// fit in `height` rows with them, else without.
fn fitted(lesson: &Lesson, look: &Look, width: u16, height: u16) -> Vec<Line<'static>> {
    let spaced = words(lesson, look, usize::from(width), true);
    match spaced.len() <= usize::from(height) {
        true => spaced,
        false => words(lesson, look, usize::from(width), false),
    }
}

/// The step's words wrapped into `width` columns: its paragraphs, the example game's note, the
/// exercise with its answer field, what the last answer got, and the invitation to play; `spaced`,
/// a blank line after each paragraph.
fn words(lesson: &Lesson, look: &Look, width: usize, spaced: bool) -> Vec<Line<'static>> {
    let theme = &look.theme;
    let step = lesson.current();
    let mut lines = Vec::new();
    let say = |lines: &mut Vec<Line<'static>>, text: &str, style: Style| {
        lines.extend(wrap(text, width).into_iter().map(|line| Line::styled(line, style)));
    };
    for paragraph in step.paragraphs(look.language) {
        say(&mut lines, &paragraph, theme.fg(theme.text));
        if spaced {
            lines.push(Line::raw(""));
        }
    }
    if step.picture == Picture::MisereGame {
        let (_, note) = MISERE_GAME[lesson.replay_at];
        say(&mut lines, &i18n::text(look.language, note), theme.fg(theme.text));
        if spaced {
            lines.push(Line::raw(""));
        }
    }
    if let Some(exercise) = step.exercise {
        let done = lesson.done[lesson.step];
        say(&mut lines, &exercise.question(look.language), theme.strong(theme.hint));
        if !done {
            lines.push(Line::from(vec![
                Span::styled(i18n::text(look.language, "lesson-answer"), theme.fg(theme.dim)),
                Span::styled(format!("{}{}", lesson.input, look.glyphs.caret), theme.strong(theme.text)),
            ]));
        }
    }
    if lesson.tried && lesson.feedback.is_none() {
        let key = look.key(crate::app::Action::Take);
        say(
            &mut lines,
            &i18n::text_with(look.language, "lesson-try-again", &[("key", Arg::from(key))]),
            theme.strong(theme.warning),
        );
    }
    if let Some(feedback) = &lesson.feedback {
        let style = if feedback.right { theme.strong(theme.you) } else { theme.strong(theme.error) };
        say(&mut lines, &feedback.text(look.language), style);
    }
    if lesson.playable().is_some() {
        if spaced {
            lines.push(Line::raw(""));
        }
        let key = look.key(crate::app::Action::NewGame);
        say(
            &mut lines,
            &i18n::text_with(look.language, "lesson-play-now", &[("key", Arg::from(key))]),
            theme.strong(theme.accent),
        );
    }
    lines
}

/// `text` wrapped into lines of at most `width` columns, by display width. A line breaks at a
/// space, or between two characters where one is Chinese (Chinese has no spaces between words),
/// but never before a closing mark (，。）and the like) or after an opening one (（「《), nor, in
/// Chinese, at a space between two digits (a position, `3 4 5`, or an answer, `1 2`, stays whole),
/// nor inside a formula (`3 ⊕ 5 = 6`, `(5, 2)`: `text::formulas_held`); a run longer than a whole
/// line is broken where the line ends. Nothing is lost: every character is
/// on some line, and no line starts with a space.
pub(crate) fn wrap(text: &str, width: usize) -> Vec<String> {
    use unicode_segmentation::UnicodeSegmentation;
    let width = width.max(1);
    // The pieces no line breaks inside, each with whether a space comes before it.
    let mut pieces: Vec<(String, bool)> = Vec::new();
    let mut current = String::new();
    let mut spaced = false;
    let mut previous: Option<&str> = None;
    let graphemes: Vec<&str> = text.graphemes(true).collect();
    let digit = |g: Option<&&str>| g.is_some_and(|g| g.chars().all(|c| c.is_ascii_digit()));
    // Chinese text (English wraps at every space, as it always has).
    let chinese = graphemes.iter().any(|g| g.width() > 1);
    for (i, &g) in graphemes.iter().enumerate() {
        // A space between two digits holds a position or an answer together (`3 4 5`, `1 2`).
        if chinese && g == " " && digit(previous.as_ref()) && digit(graphemes.get(i + 1)) {
            current.push(' ');
            previous = Some(g);
            continue;
        }
        if g.chars().all(char::is_whitespace) {
            if !current.is_empty() {
                pieces.push((std::mem::take(&mut current), spaced));
            }
            spaced = true;
            previous = None;
            continue;
        }
        if let Some(before) = previous
            && breaks_between(before, g)
            && !current.is_empty()
        {
            pieces.push((std::mem::take(&mut current), spaced));
            spaced = false;
        }
        current.push_str(g);
        previous = Some(g);
    }
    if !current.is_empty() {
        pieces.push((current, spaced));
    }
    // A formula's words stay on one line (`3 ⊕ 5 = 6`).
    let pieces = super::text::formulas_held(pieces, width, |&spaced| !spaced, |_, _| true);
    let mut lines = Vec::new();
    let mut line = String::new();
    let mut used = 0;
    for (piece, spaced) in pieces {
        let w = piece.width();
        let space = usize::from(spaced && used > 0);
        if used > 0 && used + space + w > width {
            lines.push(std::mem::take(&mut line));
            used = 0;
        } else if space == 1 {
            line.push(' ');
            used += 1;
        }
        // A piece longer than a whole line is broken where the line ends.
        for g in piece.graphemes(true) {
            let gw = g.width();
            if used > 0 && used + gw > width {
                lines.push(std::mem::take(&mut line));
                used = 0;
            }
            line.push_str(g);
            used += gw;
        }
    }
    if !line.is_empty() || lines.is_empty() {
        lines.push(line);
    }
    lines
}

/// Whether a line may break between `before` and `after`, two characters with no space between
/// them: where either is Chinese (wide), unless `after` closes or `before` opens.
fn breaks_between(before: &str, after: &str) -> bool {
    const CLOSING: &str = "，。、：；！？）」』》〉】…—％,.:;!?)]}";
    const OPENING: &str = "（「『《〈【([{";
    let wide = |g: &str| g.width() > 1;
    let closes = after.chars().next().is_some_and(|c| CLOSING.contains(c));
    let opens = before.chars().last().is_some_and(|c| OPENING.contains(c));
    (wide(before) || wide(after)) && !closes && !opens
}

/// The label of the heap at `index` (from 0): `heap 1`.
fn heap_label(lang: crate::i18n::Language, index: usize) -> String {
    i18n::text_with(lang, "lesson-heap", &[("n", Arg::from(index + 1))])
}

/// `text` padded with spaces to `width` columns, by display width.
fn pad(text: &str, width: usize) -> String {
    format!("{text}{}", " ".repeat(width.saturating_sub(text.width())))
}

/// The step's picture as lines, at most `width` columns wide.
fn picture(lesson: &Lesson, look: &Look, width: u16) -> Vec<Line<'static>> {
    let step = lesson.current();
    // Answers the exercise asks for stay hidden until it is answered.
    let asking = lesson.asking();
    match step.picture {
        Picture::Heaps(heaps) => token_rows(heaps, look, None),
        Picture::MisereGame => {
            let (heaps, _) = MISERE_GAME[lesson.replay_at];
            let theme = &look.theme;
            let mut lines = vec![Line::from(vec![
                Span::styled(
                    format!("{} / {}  ", lesson.replay_at + 1, MISERE_GAME.len()),
                    theme.fg(theme.dim),
                ),
                Span::styled(
                    i18n::text_with(
                        look.language,
                        "lesson-position",
                        &[("heaps", Arg::from(Position::new(heaps.to_vec()).to_string()))],
                    ),
                    theme.strong(theme.accent),
                ),
            ])];
            lines.extend(token_rows(heaps, look, None));
            lines
        }
        Picture::Binary(heaps) => {
            let hide = asking && matches!(step.exercise, Some(Exercise::NimSum(_)));
            binary_columns(heaps, look, hide)
        }
        Picture::GrundyTable { upto, hidden } => grundy_table(upto, hidden.filter(|_| asking), look, width),
        Picture::GrundyHeaps(heaps) => {
            let hide = asking && matches!(step.exercise, Some(Exercise::GrundyWinner(_)));
            let values: Vec<u64> = heaps.iter().map(|&h| grundy_value(h)).collect();
            let mut lines = token_rows(heaps, look, Some(&values));
            let theme = &look.theme;
            let xor = values.iter().fold(0, |x, &v| x ^ v);
            let terms =
                values.iter().map(u64::to_string).collect::<Vec<_>>().join(&format!(" {} ", look.glyphs.xor));
            lines.push(Line::raw(""));
            lines.push(Line::from(vec![
                Span::styled(i18n::text(look.language, "lesson-values"), theme.fg(theme.dim)),
                Span::styled(terms, theme.fg(theme.text)),
                Span::styled(" = ", theme.fg(theme.dim)),
                Span::styled(
                    if hide { "?".to_string() } else { xor.to_string() },
                    theme.strong(if xor == 0 { theme.error } else { theme.you }),
                ),
            ]));
            lines
        }
    }
}

/// Heaps as numbered rows of tokens, each with its size, and with `values` its Grundy value.
fn token_rows(heaps: &[u64], look: &Look, values: Option<&[u64]>) -> Vec<Line<'static>> {
    let theme = &look.theme;
    let widest = heaps.iter().copied().max().unwrap_or(0).min(TOKENS_MAX) as usize;
    let token_width = look.glyphs.token.width() + 1;
    let empty = i18n::text(look.language, "lesson-heap-empty");
    heaps
        .iter()
        .enumerate()
        .map(|(i, &heap)| {
            let shown = heap.min(TOKENS_MAX) as usize;
            let tokens = format!("{} ", look.glyphs.token).repeat(shown);
            let more = if heap > TOKENS_MAX { look.glyphs.overflow.clone() } else { String::new() };
            let pad = " ".repeat((widest - shown) * token_width + 1);
            let mut spans = vec![
                Span::styled(format!("{} ", heap_label(look.language, i)), theme.fg(theme.dim)),
                Span::styled(
                    if heap == 0 { empty.clone() } else { format!("{tokens}{more}") },
                    theme.strong(theme.token),
                ),
                Span::styled(format!("{pad}{heap:>2}"), theme.strong(theme.text)),
            ];
            if heap == 0 {
                spans[2] = Span::styled(
                    format!(
                        "{}{heap:>2}",
                        " ".repeat((widest * token_width + 1).saturating_sub(empty.width()))
                    ),
                    theme.strong(theme.text),
                );
            }
            if let Some(values) = values {
                let value = values.get(i).copied().unwrap_or(0);
                spans.push(Span::styled(
                    format!("  {} ", i18n::text(look.language, "lesson-value")),
                    theme.fg(theme.dim),
                ));
                spans.push(Span::styled(value.to_string(), theme.strong(theme.hint)));
            }
            Line::from(spans)
        })
        .collect()
}

/// Heaps written in binary one under the other, the count of ones in each column under them
/// (odd counts marked), and the nim-sum row: a 1 where the count is odd.
fn binary_columns(heaps: &[u64], look: &Look, hide_sum: bool) -> Vec<Line<'static>> {
    let theme = &look.theme;
    let top = heaps.iter().copied().max().unwrap_or(0);
    let bits = (u64::BITS - top.leading_zeros()).max(1);
    let columns: Vec<u32> = (0..bits).rev().collect();
    // A cell is three columns, the text on the right; only the text carries the style, so that a
    // marked column's highlight stands exactly on its digit, under its power of two's last digit.
    let cell = |text: String, style: Style| {
        let gap = " ".repeat(3usize.saturating_sub(text.width()));
        [Span::raw(gap), Span::styled(text, style)]
    };
    let odd = |bit: u32| heaps.iter().filter(|&&h| h >> bit & 1 == 1).count() % 2 == 1;
    let mark = |bit: u32| match odd(bit) {
        true => theme.strong(theme.hint).add_modifier(Modifier::REVERSED),
        false => theme.fg(theme.text),
    };
    // The labels' column, by display width: wide enough for every label, and for a heap's
    // label with its size; the header, the rule and the cells line up after it.
    let (ones_label, sum_label) =
        (i18n::text(look.language, "lesson-ones"), i18n::text(look.language, "lesson-nim-sum"));
    let heap_labels: Vec<String> = (0..heaps.len()).map(|i| heap_label(look.language, i)).collect();
    let heap_label_width = heap_labels.iter().map(|l| l.width()).max().unwrap_or(0);
    let label = [heap_label_width + 6, ones_label.width() + 1, sum_label.width() + 1, 12]
        .into_iter()
        .max()
        .unwrap_or(12);
    let mut lines = Vec::new();
    let mut header = vec![Span::styled(pad("", label), theme.fg(theme.dim))];
    header.extend(columns.iter().flat_map(|&b| cell((1u64 << b).to_string(), theme.fg(theme.dim))));
    lines.push(Line::from(header));
    for (name, &heap) in heap_labels.iter().zip(heaps) {
        let named = format!("{} {heap:>4}", pad(name, heap_label_width));
        let mut spans = vec![Span::styled(pad(&named, label), theme.fg(theme.text))];
        spans.extend(
            columns.iter().flat_map(|&b| cell((heap >> b & 1).to_string(), theme.strong(theme.text))),
        );
        lines.push(Line::from(spans));
    }
    let rule = look.glyphs.rule.repeat(3 * bits as usize);
    lines.push(Line::from(vec![Span::raw(pad("", label)), Span::styled(rule, theme.fg(theme.dim))]));
    let mut ones = vec![Span::styled(pad(&ones_label, label), theme.fg(theme.dim))];
    ones.extend(columns.iter().flat_map(|&b| {
        let count = heaps.iter().filter(|&&h| h >> b & 1 == 1).count();
        cell(count.to_string(), mark(b))
    }));
    lines.push(Line::from(ones));
    let sum = heaps.iter().fold(0, |x, &h| x ^ h);
    let mut row = vec![Span::styled(pad(&sum_label, label), theme.strong(theme.accent))];
    match hide_sum {
        true => {
            row.extend(columns.iter().flat_map(|_| cell("?".into(), theme.strong(theme.accent))));
            row.push(Span::styled("  = ?", theme.strong(theme.accent)));
        }
        false => {
            row.extend(columns.iter().flat_map(|&b| cell((sum >> b & 1).to_string(), mark(b))));
            row.push(Span::styled(format!("  = {sum}"), theme.strong(theme.accent)));
        }
    }
    lines.push(Line::from(row));
    lines.push(Line::styled(i18n::text(look.language, "lesson-odd-columns"), theme.fg(theme.dim)));
    lines
}

/// The Grundy values of the lesson's game for heaps 0 to `upto`, in as many bands as the width
/// needs; the value of `hidden` shows as `?`.
fn grundy_table(upto: u64, hidden: Option<u64>, look: &Look, width: u16) -> Vec<Line<'static>> {
    let theme = &look.theme;
    let (heap, value) =
        (i18n::text(look.language, "lesson-grundy-heap"), i18n::text(look.language, "lesson-value"));
    let label = (heap.width().max(value.width()) + 2).max(7);
    let per_band = (usize::from(width).saturating_sub(label) / 3).max(4);
    let all: Vec<u64> = (0..=upto).collect();
    let mut lines = vec![Line::styled(i18n::text(look.language, "lesson-grundy-moves"), theme.fg(theme.dim))];
    for band in all.chunks(per_band) {
        let mut heaps = vec![Span::styled(pad(&heap, label), theme.fg(theme.dim))];
        let mut values = vec![Span::styled(pad(&value, label), theme.strong(theme.accent))];
        for &n in band {
            heaps.push(Span::styled(format!("{n:>3}"), theme.fg(theme.text)));
            let (text, style) = match (Some(n) == hidden, grundy_value(n)) {
                (true, _) => ("?".to_string(), theme.strong(theme.hint).add_modifier(Modifier::REVERSED)),
                (false, 0) => ("0".to_string(), theme.strong(theme.error)),
                (false, v) => (v.to_string(), theme.strong(theme.you)),
            };
            values.push(Span::styled(format!("{text:>3}"), style));
        }
        lines.push(Line::from(heaps));
        lines.push(Line::from(values));
        lines.push(Line::raw(""));
    }
    lines.push(Line::styled(i18n::text(look.language, "lesson-grundy-zero-loses"), theme.fg(theme.dim)));
    lines
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_lessons_formula_stays_on_one_line() {
        let text = "Heaps 3, 5 and 6: 3 ⊕ 5 ⊕ 6 = 0, so the player to move loses.";
        for width in 14..=40 {
            let lines = wrap(text, width);
            assert!(lines.iter().any(|l| l.contains("3 ⊕ 5 ⊕ 6 = 0,")), "width {width}: {lines:?}");
            assert_eq!(lines.join(" "), text, "width {width}");
        }
    }

    #[test]
    fn english_wraps_at_spaces() {
        let lines = wrap("Nim is played with heaps of tokens.", 12);
        assert_eq!(lines, ["Nim is", "played with", "heaps of", "tokens."]);
    }

    #[test]
    fn chinese_wraps_between_characters_by_display_width() {
        let text = "尼姆游戏用几堆棋子来玩。两人轮流走，每一步从某一堆中取走一枚或多枚棋子。";
        for width in 4..40 {
            let lines = wrap(text, width);
            assert_eq!(lines.concat(), text, "nothing is lost at {width}");
            for line in &lines {
                assert!(line.width() <= width, "{line:?} is wider than {width}");
                assert!(!line.starts_with(['，', '。', '：', '）']), "{line:?} starts with a closing mark");
            }
        }
        // Eleven characters of two columns in 10 columns: five to a line, and a closing mark
        // kept with the character before it.
        assert_eq!(wrap("一二三四五六七八九十。", 10), ["一二三四五", "六七八九", "十。"]);
    }

    #[test]
    fn a_position_between_chinese_characters_stays_whole() {
        let lines = wrap("请输入堆的序号和取走的枚数，例如 1 2：", 34);
        assert_eq!(lines, ["请输入堆的序号和取走的枚数，例如", "1 2："]);
        // English breaks at each space, as ratatui's wrapping did.
        assert_eq!(wrap("Type such as 1 2:", 14), ["Type such as 1", "2:"]);
    }
}
