//! The game at one terminal, as a player sees it at the sizes it claims (#35, the fourth pass): the
//! start menu at the smallest terminal, the status line at 50 columns, the key line on a
//! projector in ASCII, the cursor on a pin, the lists a Chinese sentence joins, every game with its
//! hint and theory at 50x16 to 140x45.

use crate::support::keys::act;
use crate::support::view::{draw_with, wide_lines};

use nim_tui::app::{Action, App, Screen};
use nim_tui::domain::{First, GameSetup, HeapChoice, Level};
use nim_tui::engine::GameKind;
use nim_tui::i18n::Language;
use nim_tui::ui::Look;

fn look(language: Language) -> Look {
    Look { language, ..Look::default() }
}

fn screen_in(app: &App, look: &Look, width: u16, height: u16) -> Vec<String> {
    wide_lines(&draw_with(app, look, width, height))
}

/// The start menu works in the smallest terminal the game draws in (44 columns, a game's rows)
/// and at 50x16: never "Enlarge the terminal"; going down the menu, the focused row is always in
/// view, the frame says how many lines are hidden above and below, and Start is reachable.
#[test]
fn the_start_menu_is_usable_in_the_smallest_terminal() {
    let least = nim_tui::ui::MIN_HEIGHT;
    for language in [Language::English, Language::SimplifiedChinese] {
        let look = look(language);
        for (width, height) in [(nim_tui::ui::MIN_WIDTH, least), (50, 16), (60, 12)] {
            let mut app = App::new(nim_tui::config::Settings::default().setup(), Some(1));
            let Screen::Start(menu) = &app.screen else { panic!("not the start screen") };
            let rows = menu.rows().len();
            let mut seen_start = false;
            let mut scrolled = false;
            for _ in 0..rows {
                let screen = screen_in(&app, &look, width, height);
                let text = screen.join("\n");
                assert!(!text.contains("Enlarge") && !text.contains("调大"), "{width}x{height}:\n{text}");
                let focused: Vec<&String> = screen.iter().filter(|l| l.contains('▶')).collect();
                assert_eq!(focused.len(), 1, "the focused row at {width}x{height}:\n{text}");
                let start = nim_tui::i18n::text(language, "start-start");
                seen_start |= focused[0].contains(&start);
                // The key line stays at the bottom, whole.
                let keys = screen.iter().rev().find(|l| !l.trim().is_empty()).expect("a key line");
                assert!(keys.contains('q'), "the key line at {width}x{height}:\n{text}");
                if text.contains('↑') && (text.contains("more") || text.contains("还有")) {
                    scrolled = true;
                }
                act(&mut app, Action::Down);
            }
            assert!(seen_start, "Start was never focused in view at {width}x{height}");
            if height < 16 {
                assert!(scrolled, "the menu scrolled without a mark at {width}x{height}");
            }
        }
    }
}
