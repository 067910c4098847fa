//! Numbers drawn large, for the back of a room: a 3x5 pixel font, each pixel two cells of colour
//! side by side (a background colour on spaces, which meets its neighbours without a seam, as block
//! glyphs do not), so that digits read from across a classroom where the board's rows are tall
//! enough to hold them.

use ratatui::buffer::Buffer;
use ratatui::style::Color;

use crate::theme::Theme;

/// Columns a big digit takes, without the gap after it: three pixels of two cells.
pub const WIDTH: u16 = 6;
/// Rows a big digit takes: five pixels of one row.
pub const HEIGHT: u16 = 5;

/// The pixels of each digit, five rows of three, the top row first and the left pixel the high bit.
const FONT: [[u8; 5]; 10] = [
    [0b111, 0b101, 0b101, 0b101, 0b111],
    // A stem with a flag: a foot as wide as the other digits made it read as an upside-down T
    // beside the 0s of the binary view.
    [0b010, 0b110, 0b010, 0b010, 0b010],
    [0b111, 0b001, 0b111, 0b100, 0b111],
    [0b111, 0b001, 0b111, 0b001, 0b111],
    [0b101, 0b101, 0b111, 0b001, 0b001],
    [0b111, 0b100, 0b111, 0b001, 0b111],
    [0b111, 0b100, 0b111, 0b101, 0b111],
    [0b111, 0b001, 0b001, 0b001, 0b001],
    [0b111, 0b101, 0b111, 0b101, 0b111],
    [0b111, 0b101, 0b111, 0b001, 0b111],
];

/// The columns `text` takes drawn large: each digit and a gap between digits.
pub fn width(text: &str) -> u16 {
    let n = text.chars().count() as u16;
    (n * (WIDTH + 1)).saturating_sub(1)
}

/// Draws the digits of `text` large with their top-left corner at (`x`, `y`), in `colour`, over
/// whatever background the cells have (the binary view's band stays). Any other character is a
/// blank digit. Cells outside the buffer are skipped.
pub fn render(text: &str, x: u16, y: u16, colour: Color, theme: &Theme, buf: &mut Buffer) {
    let area = buf.area;
    let pixel = WIDTH / 3;
    for (n, c) in text.chars().enumerate() {
        let pixels = c.to_digit(10).map_or([0; 5], |d| FONT[d as usize]);
        for (row, bits) in pixels.iter().enumerate() {
            for column in 0..3u16 {
                if bits & (1 << (2 - column)) == 0 {
                    continue;
                }
                for dx in 0..pixel {
                    let (cx, cy) = (x + n as u16 * (WIDTH + 1) + column * pixel + dx, y + row as u16);
                    if cx < area.right() && cy < area.bottom() {
                        // `set_style` patches: only the pixel's own cells are painted.
                        buf[(cx, cy)].set_symbol(" ").set_style(theme.fill(colour));
                    }
                }
            }
        }
    }
}
