//! The screens as a player meets them: each screen answers only its own keys, the help lists the
//! keys of the screen in front, and the choices on the start menu survive a game. Each test here
//! is a fault a player once met.

use crate::support::keys::{act, type_text};
use crate::support::view::screen;
use nim_tui::app::{Action, App, Effect, HeapOption, Msg, Screen};
use nim_tui::config::{self, Settings};
use nim_tui::domain::{GameSetup, HeapChoice, Seat};
use nim_tui::record::Record;
use nim_tui::ui;
use ratatui::layout::Rect;

fn base() -> GameSetup {
    Settings::default().setup()
}

fn heaps(app: &App) -> Vec<u64> {
    app.game().expect("a game").position().heaps().to_vec()
}

#[test]
fn keys_do_nothing_but_quit_while_the_terminal_is_too_small() {
    let mut app = App::start_now(GameSetup { heaps: HeapChoice::Custom(vec![3, 4, 5]), ..base() }, Some(1));
    let tiny = Rect::new(0, 0, 30, 6);
    assert!(!ui::fits(&app, tiny));
    app.update(Msg::Resize { fits: ui::fits(&app, tiny) });
    assert!(screen(&app, 30, 6).contains("Enlarge the terminal"));
    for action in [Action::TakeAll, Action::Take, Action::Hint, Action::Down, Action::Help, Action::NewGame] {
        assert_eq!(act(&mut app, action), Effect::None);
    }
    app.update(Msg::char('2'));
    app.update(Msg::Pick { heap: 2, count: 5 });
    assert_eq!(heaps(&app), [3, 4, 5], "nothing was played blind");
    assert!(app.overlay.is_none() && matches!(app.screen, Screen::Play(_)));
    assert!(!app.ai_waiting());
    // Back to a size that fits, the same keys work again.
    app.update(Msg::Resize { fits: true });
    act(&mut app, Action::TakeAll);
    act(&mut app, Action::Take);
    assert_eq!(heaps(&app), [0, 4, 5]);
    app.update(Msg::Resize { fits: false });
    assert_eq!(act(&mut app, Action::Quit), Effect::Quit, "quit still works");
    assert_eq!(app.update(Msg::Interrupt), Effect::Quit, "and so does Ctrl-C");
}

#[test]
fn help_on_the_start_screen_lists_the_menu_keys() {
    let mut app = App::new(base(), Some(1));
    act(&mut app, Action::Help);
    let text = screen(&app, 100, 34);
    assert!(text.contains("start the game"), "{text}");
    assert!(text.contains("choose the row above"), "{text}");
    assert!(!text.contains("take the chosen tokens"), "the game's keys are not the menu's:\n{text}");
    assert!(!text.contains("hint"), "{text}");
}

#[test]
fn help_in_a_replay_lists_the_replay_keys() {
    let record = Record::parse(
        nim_tui::i18n::Language::English,
        "# nim-tui game record\nmode normal\nheaps 1 2\nplayers ai\nyou 2 2\nai 1 1\n",
    )
    .expect("a good record");
    let mut app = App::replay(&record);
    act(&mut app, Action::Help);
    let text = screen(&app, 100, 30);
    assert!(text.contains("one move forward"), "{text}");
    assert!(!text.contains("hint"), "{text}");
    assert!(!text.contains("undo"), "{text}");
}

#[test]
fn help_in_a_demo_lists_the_demo_keys() {
    let mut app = App::demo(GameSetup { heaps: HeapChoice::Custom(vec![3, 4, 5]), ..base() }, Some(1));
    act(&mut app, Action::Help);
    let text = screen(&app, 100, 30);
    assert!(text.contains("pause"), "{text}");
    assert!(!text.contains("hint"), "{text}");
}

#[test]
fn help_opens_from_the_custom_heaps_row() {
    let mut app = App::new(base(), Some(1));
    focus_heaps(&mut app);
    let Screen::Start(menu) = &app.screen else { panic!("the start menu") };
    assert!(menu.row == nim_tui::app::StartRow::Heaps, "{:?}", menu.row);
    while !matches!(&app.screen, Screen::Start(m) if m.heap_option == HeapOption::Custom) {
        act(&mut app, Action::More);
    }
    app.update(Msg::char('7'));
    act(&mut app, Action::Help);
    assert!(app.help_open());
    act(&mut app, Action::Help);
    assert!(!app.help_open());
    let Screen::Start(menu) = &app.screen else { panic!("the start menu") };
    assert_eq!(menu.custom, "7", "the field keeps what was typed");
}

#[test]
fn ctrl_c_quits_with_help_open() {
    let mut app = App::start_now(GameSetup { heaps: HeapChoice::Custom(vec![3, 4, 5]), ..base() }, Some(1));
    act(&mut app, Action::Help);
    assert!(app.help_open());
    assert_eq!(app.update(Msg::Interrupt), Effect::Quit);
    // q only closes the help.
    assert_eq!(act(&mut app, Action::Quit), Effect::None);
    assert!(!app.help_open());
}

#[test]
fn heaps_random_in_the_config_shows_random_on_the_start_screen() {
    let settings = config::parse(std::path::Path::new("test.toml"), "heaps = \"random\"\n").expect("valid");
    let app = App::new(settings.setup(), Some(1));
    let Screen::Start(menu) = &app.screen else { panic!("the start menu") };
    assert_eq!(menu.heap_option, HeapOption::Random);
    assert!(screen(&app, 100, 30).contains("Random"), "{}", screen(&app, 100, 30));
    let ranges = "heaps = { random = { count = [2, 2], size = [7, 9] } }\n";
    let settings = config::parse(std::path::Path::new("test.toml"), ranges).expect("valid");
    let app = App::new(settings.setup(), Some(1));
    assert!(screen(&app, 100, 30).contains("2 to 2 heaps of 7 to 9"), "{}", screen(&app, 100, 30));
}

#[test]
fn new_game_after_a_random_game_offers_random_again() {
    let setup = GameSetup { heaps: HeapChoice::RANDOM, ..base() };
    let mut app = App::new(setup, Some(4));
    act(&mut app, Action::Take);
    let first = heaps(&app);
    act(&mut app, Action::NewGame);
    let Screen::Start(menu) = &app.screen else { panic!("the start menu") };
    assert_eq!(menu.heap_option, HeapOption::Random, "not Custom: {first:?}");
    // Starting again draws new heaps.
    let mut seen = std::collections::HashSet::from([first]);
    for _ in 0..5 {
        act(&mut app, Action::Take);
        seen.insert(heaps(&app));
        act(&mut app, Action::NewGame);
    }
    assert!(seen.len() > 1, "random heaps were drawn again: {seen:?}");
}

#[test]
fn any_key_pauses_a_demo_but_a_resize_does_not() {
    let mut app = App::demo(GameSetup { heaps: HeapChoice::Custom(vec![3, 4, 5]), ..base() }, Some(1));
    let paused = |app: &App| matches!(&app.screen, Screen::Demo(d) if d.paused);
    app.update(Msg::Resize { fits: true });
    assert!(!paused(&app), "a resize is not a key");
    // A key bound to nothing and typing nothing (F5, say) pauses too.
    app.update(Msg::Key { action: None, ch: None });
    assert!(paused(&app));
    app.update(Msg::AiMove);
    assert!(app.game().unwrap().moves().is_empty(), "paused: no move");
    app.update(Msg::char('x'));
    assert!(!paused(&app) && app.ai_waiting());
}

#[test]
fn new_game_after_a_demo_starts_a_game_not_another_demo() {
    let mut app = App::demo(GameSetup { heaps: HeapChoice::Custom(vec![1]), ..base() }, Some(1));
    app.update(Msg::AiMove);
    assert!(app.game().unwrap().over.is_some());
    act(&mut app, Action::NewGame);
    assert!(matches!(app.screen, Screen::Start(_)));
    act(&mut app, Action::Take);
    assert!(matches!(app.screen, Screen::Play(_)), "Start plays a game");
    let game = app.game().unwrap();
    assert!(game.is_human(Seat::First));
}

#[test]
fn custom_heaps_accept_dashes() {
    let mut app = App::new(base(), Some(1));
    focus_heaps(&mut app);
    while !matches!(&app.screen, Screen::Start(m) if m.heap_option == HeapOption::Custom) {
        act(&mut app, Action::More);
    }
    type_text(&mut app, "3-4-6");
    act(&mut app, Action::Take);
    assert_eq!(heaps(&app), [3, 4, 6]);
}

#[test]
fn resigning_asks_first_and_counts_as_a_loss() {
    let mut app = App::start_now(GameSetup { heaps: HeapChoice::Custom(vec![3, 4, 5]), ..base() }, Some(1));
    assert_eq!(act(&mut app, Action::Resign), Effect::None);
    assert!(screen(&app, 100, 30).contains("Resign this game?"));
    // No keeps the game as it was.
    assert_eq!(app.update(Msg::char('n')), Effect::None);
    assert!(app.game().unwrap().over.is_none() && app.overlay.is_none());
    act(&mut app, Action::Resign);
    let lost =
        nim_tui::domain::GameResult { won: false, assisted: false, how: nim_tui::domain::How::Resigned };
    let mode = app.game().unwrap().mode();
    assert_eq!(
        act(&mut app, Action::Take),
        Effect::CountGame { game: nim_tui::engine::GameKind::Nim, mode, result: lost, rated: None }
    );
    let over = app.game().unwrap().over.clone().expect("over");
    assert_eq!(over.winner, Seat::Second);
    assert_eq!(over.given_up, Some(nim_tui::app::GiveUp::Resigned));
    assert!(screen(&app, 100, 30).contains("You resigned"), "{}", screen(&app, 100, 30));
}

#[test]
fn leaving_a_game_with_moves_asks_first_and_counts_as_a_loss() {
    let mut app = App::start_now(GameSetup { heaps: HeapChoice::Custom(vec![3, 4, 5]), ..base() }, Some(1));
    // Before any move, n just goes to the menu.
    assert_eq!(act(&mut app, Action::NewGame), Effect::None);
    assert!(matches!(app.screen, Screen::Start(_)));
    act(&mut app, Action::Take);
    act(&mut app, Action::Take);
    act(&mut app, Action::NewGame);
    assert!(matches!(app.screen, Screen::Play(_)), "not left before the answer");
    assert!(screen(&app, 100, 30).contains("counts as a loss"));
    let effect = app.update(Msg::char('y'));
    assert!(matches!(effect, Effect::CountGame { result, .. } if !result.won), "{effect:?}");
    assert!(matches!(app.screen, Screen::Start(_)));
}

#[test]
fn a_win_with_hints_is_assisted_and_says_so() {
    let mut app = App::start_now(GameSetup { heaps: HeapChoice::Custom(vec![1]), ..base() }, Some(1));
    act(&mut app, Action::Hint);
    assert!(screen(&app, 100, 30).contains("assisted: hints"), "{}", screen(&app, 100, 30));
    let mode = app.game().unwrap().mode();
    let effect = act(&mut app, Action::Take);
    assert_eq!(
        effect,
        Effect::CountGame {
            game: nim_tui::engine::GameKind::Nim,
            mode,
            result: nim_tui::domain::GameResult {
                won: true,
                assisted: true,
                how: nim_tui::domain::How::Played
            },
            rated: None
        }
    );
    assert!(screen(&app, 100, 30).contains("Assisted win (hints)"), "{}", screen(&app, 100, 30));
}

/// Plays the AI against a player who follows every hint, and counts the moves to the end.
fn moves_to_the_end(heaps: Vec<u64>, mode: nim_tui::engine::Mode) -> (usize, Option<Seat>) {
    let setup =
        GameSetup { heaps: HeapChoice::Custom(heaps), mode, first: nim_tui::domain::First::Ai, ..base() };
    let mut app = App::start_now(setup, Some(1));
    for _ in 0..10_000 {
        let game = app.game().unwrap();
        if game.over.is_some() {
            break;
        }
        if game.your_turn() {
            act(&mut app, Action::Hint);
            act(&mut app, Action::Take);
        } else {
            app.update(Msg::AiMove);
        }
    }
    let game = app.game().unwrap();
    (game.moves().len(), game.over.as_ref().map(|o| o.winner))
}

#[test]
fn a_game_from_huge_heaps_ends_in_a_few_hundred_moves() {
    use nim_tui::engine::Mode;
    const E18: u64 = 1_000_000_000_000_000_000;
    for mode in Mode::ALL {
        let (a, b) = (700_000_000_000_000_000u64, 123_456_789_012_345u64);
        // Each a lost position for the AI, who moves first: nim-sum 0 with heaps of two or more.
        for heaps in [vec![E18, E18], vec![a, b, a ^ b], vec![E18, E18, a, a, b, b]] {
            let (moves, winner) = moves_to_the_end(heaps.clone(), mode);
            // The AI moves first from a lost position: the hint wins, and soon.
            assert_eq!(winner, Some(Seat::First), "{heaps:?} in {mode}: the hint lost");
            assert!(moves <= 300, "{heaps:?} in {mode}: {moves} moves");
        }
    }
}

/// Moves the start menu's focus down to the Heaps row.
fn focus_heaps(app: &mut App) {
    for _ in 0..12 {
        if matches!(&app.screen, Screen::Start(m) if m.row == nim_tui::app::StartRow::Heaps) {
            return;
        }
        act(app, Action::Down);
    }
    panic!("no Heaps row on the start menu");
}

/// Keys as the terminal sends them: the default keymap's action for the key, with its character.
fn type_keys(app: &mut App, text: &str) {
    use crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
    let keymap = nim_tui::keys::Keymap::default();
    for c in text.chars() {
        let key = KeyEvent::new(KeyCode::Char(c), KeyModifiers::NONE);
        app.update(Msg::Key { action: keymap.action(&key), ch: Some(c) });
    }
}

fn focus_custom(app: &mut App) {
    focus_heaps(app);
    while !matches!(&app.screen, Screen::Start(m) if m.heap_option == HeapOption::Custom) {
        act(app, Action::More);
    }
}

/// The custom heaps field reads what `--heaps` reads: a preset's name is typed letter by letter,
/// though `n`, `b` or `r` are keys elsewhere, and starts that game.
#[test]
fn custom_heaps_take_preset_names_and_every_separator() {
    let cases: [(&str, &[u64]); 7] = [
        ("marienbad", &[1, 3, 5, 7]),
        ("Marienbad", &[1, 3, 5, 7]),
        ("3-4-5", &[3, 4, 5]),
        ("3 4 5", &[3, 4, 5]),
        ("3,4,5", &[3, 4, 5]),
        ("1-3-5-7-9", &[1, 3, 5, 7, 9]),
        ("2, 5-7", &[2, 5, 7]),
    ];
    for (typed, want) in cases {
        let mut app = App::new(base(), Some(1));
        focus_custom(&mut app);
        type_keys(&mut app, typed);
        let Screen::Start(menu) = &app.screen else { panic!("{typed}: left the start menu") };
        assert_eq!(menu.custom, typed);
        act(&mut app, Action::Take);
        assert_eq!(heaps(&app), want, "{typed}");
    }

    // `random` is a random game, as the menu's Random would be.
    let mut app = App::new(base(), Some(1));
    focus_custom(&mut app);
    type_keys(&mut app, "random");
    act(&mut app, Action::Take);
    let count = heaps(&app).len();
    assert!((3..=5).contains(&count), "{:?}", heaps(&app));
}

/// Letters bound to commands (`q` quits, `k`/`j` choose rows, `h`, `?` aside) are text while the
/// field has the focus; a word that is no preset is refused with what is accepted.
#[test]
fn bound_letters_type_into_the_custom_heaps_field() {
    let mut app = App::new(base(), Some(1));
    focus_custom(&mut app);
    type_keys(&mut app, "qkjh -+");
    let Screen::Start(menu) = &app.screen else { panic!("q or another key acted") };
    assert_eq!((menu.custom.as_str(), menu.row), ("qkjh -+", nim_tui::app::StartRow::Heaps));
    assert_eq!(act(&mut app, Action::Take), Effect::None);
    let text = screen(&app, 100, 30);
    assert!(text.contains("neither heaps nor a preset"), "{text}");
    // `?` still opens the help.
    type_keys(&mut app, "?");
    assert!(app.help_open());
}

/// The keys the help lists for the command labelled `label` (the words before it on its line).
fn help_keys(help: &str, label: &str) -> Vec<String> {
    let line = help
        .lines()
        .find(|l| l.contains('│') && l.contains(label))
        .unwrap_or_else(|| panic!("no '{label}' in\n{help}"));
    let before = &line[..line.find(label).unwrap_or(0)];
    let keys = before.rsplit('│').next().unwrap_or_default();
    keys.split_whitespace().map(str::to_string).collect()
}

/// While a field has the focus, the help and the key line list only the keys that still act:
/// not `k`/`j`, `-`/`+`, Space or `q`, which are typed into it.
#[test]
fn the_keys_listed_while_typing_are_the_ones_that_act() {
    let check = |app: &mut App, what: &str| {
        let text = screen(app, 100, 30);
        let key_line = text.lines().find(|l| l.contains("? keys")).unwrap_or_default().to_string();
        assert!(key_line.contains("Esc quit") && !key_line.contains("q quit"), "{what}: {key_line}");
        act(app, Action::Help);
        let help = screen(app, 100, 30);
        assert_eq!(help_keys(&help, "choose the row above"), ["↑"], "{what}\n{help}");
        assert_eq!(help_keys(&help, "choose the row below"), ["↓"], "{what}\n{help}");
        assert_eq!(help_keys(&help, "change the choice the other way"), ["→"], "{what}\n{help}");
        assert_eq!(help_keys(&help, "start the game"), ["Enter"], "{what}\n{help}");
        assert_eq!(help_keys(&help, "erase a typed character"), ["Backspace"], "{what}\n{help}");
        assert_eq!(help_keys(&help, "keys"), ["?"], "{what}\n{help}");
        assert_eq!(help_keys(&help, "quit at once"), ["ctrl-c"], "{what}\n{help}");
        assert_eq!(help_keys(&help, "Esc"), Vec::<String>::new(), "{what}: Esc alone for quit\n{help}");
        act(app, Action::Help);
    };
    let mut app = App::new(base(), Some(1));
    focus_custom(&mut app);
    check(&mut app, "custom heaps");

    let mut app = App::new(GameSetup { opponent: nim_tui::domain::Opponent::Human, ..base() }, Some(1));
    while !matches!(&app.screen, Screen::Start(m) if m.name_field() == Some(0)) {
        act(&mut app, Action::Down);
    }
    check(&mut app, "a name");

    // Elsewhere on the menu every key is listed.
    let mut app = App::new(base(), Some(1));
    act(&mut app, Action::Help);
    let help = screen(&app, 100, 30);
    assert_eq!(help_keys(&help, "choose the row above"), ["↑", "k"], "{help}");
    assert_eq!(help_keys(&help, "start the game"), ["Enter", "Space"], "{help}");
    assert_eq!(help_keys(&help, "Esc"), ["q"], "{help}");
}

/// The status line, the last line of the screen.
fn status_line(app: &App, width: u16, height: u16) -> String {
    screen(app, width, height).lines().last().unwrap_or_default().to_string()
}

/// A demo (running or paused) and a replay say on their status line how to pause, step and quit,
/// as a game does; a replay at its first move says how to step forward.
#[test]
fn demo_and_replay_show_their_keys_on_the_status_line() {
    let (w, h) = (80, 24);
    let mut app = App::demo(base(), Some(1));
    let line = status_line(&app, w, h);
    assert!(line.contains("Enter pause") && line.contains("q quit"), "{line}");
    app.update(Msg::char('x'));
    let line = status_line(&app, w, h);
    assert!(line.contains("Paused") && line.contains("Enter resume") && line.contains("q quit"), "{line}");

    let record = Record::parse(
        nim_tui::i18n::Language::English,
        "# nim-tui game record\nmode normal\nheaps 1 2\nplayers ai\nyou 2 2\nai 1 1\n",
    )
    .expect("a record");
    let mut app = App::replay(&record);
    let line = status_line(&app, w, h);
    assert!(line.contains("→ step") && line.contains("q quit"), "at the start: {line}");
    act(&mut app, Action::More);
    assert!(status_line(&app, w, h).contains("←/→ step"), "{}", status_line(&app, w, h));
    act(&mut app, Action::More);
    let line = status_line(&app, w, h);
    assert!(line.contains("← step") && !line.contains("→"), "at the end: {line}");
}

/// A replay of a resigned game says at its end that the game was resigned, and by whom.
#[test]
fn a_resigned_record_says_so_at_its_end() {
    let record = Record::parse(
        nim_tui::i18n::Language::English,
        "# nim-tui game record\nmode normal\nheaps 3 4 5\nplayers ai\nyou 1 1\nai 3 2\nresigned you\n",
    )
    .expect("a record");
    let mut app = App::replay(&record);
    act(&mut app, Action::TakeAll);
    let text = screen(&app, 80, 24);
    assert!(text.contains("The end of the game: You resigned"), "{text}");
}

/// Whether `text` is drawn the same width by a terminal that draws East-Asian "ambiguous"
/// characters two columns wide as by one that draws them one, but for the nim-sum's `⊕`: the one
/// ambiguous character the CJK set keeps, because it is the sign the lessons teach and Chinese
/// textbooks write (`ui/ascii.rs`, #34).
fn same_width_everywhere(text: &str) -> bool {
    use unicode_width::UnicodeWidthStr;
    let text = text.replace('⊕', "");
    // unicode-width counts the accented Latin letters, Greek and Cyrillic narrow in CJK too, but
    // `xterm -cjk_width` draws them (`è` of misère) two columns wide: none of them either.
    text.width_cjk() == text.width() && !text.chars().any(|c| ('\u{A1}'..='\u{4FF}').contains(&c))
}

/// The CJK glyph set: every glyph of it has the same width in every terminal.
#[test]
fn every_glyph_of_the_cjk_set_has_one_width_everywhere() {
    let g = nim_tui::theme::Glyphs::cjk();
    let border = [
        g.border.top_left,
        g.border.top_right,
        g.border.bottom_left,
        g.border.bottom_right,
        g.border.vertical_left,
        g.border.vertical_right,
        g.border.horizontal_top,
        g.border.horizontal_bottom,
    ];
    let glyphs = [
        &g.token,
        &g.marked,
        &g.cursor,
        &g.overflow,
        &g.xor,
        &g.ellipsis,
        &g.separator,
        &g.divider,
        &g.rule,
        &g.previous,
        &g.next,
        &g.caret,
        &g.check,
        &g.cross,
        &g.block,
        &g.shade,
    ];
    // The XOR sign is `⊕` as in the Unicode set (the exception `same_width_everywhere` makes).
    assert_eq!(g.xor, "⊕");
    for glyph in glyphs.iter().map(|s| s.as_str()).filter(|g| *g != "⊕").chain(border) {
        assert!(same_width_everywhere(glyph), "{glyph:?} is of ambiguous width");
        assert_eq!(unicode_width::UnicodeWidthStr::width(glyph), 1, "{glyph:?}");
    }
    assert_ne!(g.token, g.marked);
    assert!(g.cjk && !g.ascii);
}

/// `glyphs = "auto"` (the default) chooses the CJK set when the locale is a Chinese, Japanese or
/// Korean UTF-8 one (the first of LC_ALL, LC_CTYPE and LANG that is set); a set named in the
/// config is kept whatever the locale.
#[test]
fn a_cjk_locale_chooses_the_cjk_glyphs() {
    use nim_tui::theme::GlyphSet;
    let auto = Settings::default();
    assert_eq!(auto.glyphs, GlyphSet::Auto, "auto is the default");
    let env = |vars: &'static [(&'static str, &'static str)]| {
        move |name: &str| vars.iter().find(|(n, _)| *n == name).map(|(_, v)| std::ffi::OsString::from(v))
    };
    for (vars, set) in [
        (&[("LANG", "zh_CN.UTF-8")][..], GlyphSet::Cjk),
        (&[("LANG", "ja_JP.utf8")][..], GlyphSet::Cjk),
        (&[("LC_CTYPE", "ko_KR.UTF-8"), ("LANG", "en_US.UTF-8")][..], GlyphSet::Cjk),
        (&[("LC_ALL", "zh_TW.UTF-8"), ("LANG", "en_GB.UTF-8")][..], GlyphSet::Cjk),
        (&[("LC_ALL", "en_GB.UTF-8"), ("LANG", "zh_CN.UTF-8")][..], GlyphSet::Unicode),
        (&[("LC_ALL", ""), ("LC_CTYPE", "ja_JP.UTF-8")][..], GlyphSet::Cjk),
        (&[("LANG", "zh_CN.GB18030")][..], GlyphSet::Ascii),
        (&[("LANG", "de_DE.UTF-8")][..], GlyphSet::Unicode),
        (&[("LANG", "kok_IN.UTF-8")][..], GlyphSet::Unicode),
        (&[][..], GlyphSet::Ascii),
    ] {
        assert_eq!(auto.glyph_set(env(vars)), set, "{vars:?}");
    }
    let chosen = |text: &str| {
        config::parse(std::path::Path::new("config.toml"), text)
            .expect("a valid config")
            .glyph_set(env(&[("LANG", "zh_CN.UTF-8")]))
    };
    assert_eq!(chosen("glyphs = \"unicode\"\n"), GlyphSet::Unicode);
    assert_eq!(chosen("glyphs = \"ascii\"\n"), GlyphSet::Ascii);
    assert_eq!(chosen("glyphs = \"cjk\"\n"), GlyphSet::Cjk);
    let c = config::parse(std::path::Path::new("config.toml"), "glyphs = \"cjk\"\n")
        .unwrap()
        .glyph_set(env(&[("LANG", "en_US.UTF-8")]));
    assert_eq!(c, GlyphSet::Cjk);
}

/// Every screen drawn with the CJK glyphs, checked cell by cell: no character of ambiguous width
/// anywhere (frames, arrows, tokens, `misère`, a name with an accent), in every game.
#[test]
fn every_screen_drawn_with_the_cjk_glyphs_has_no_ambiguous_character() {
    use crate::support::view::draw_with;
    use nim_tui::domain::{Names, Opponent};
    use nim_tui::engine::{GameKind, Mode};
    let look = ui::Look::default().with_glyphs(nim_tui::theme::Glyphs::cjk());
    let check = |app: &App, what: &str| {
        for (w, h) in [(60, 20), (80, 24), (140, 45)] {
            let buf = draw_with(app, &look, w, h);
            for y in 0..h {
                for x in 0..w {
                    let symbol = buf[(x, y)].symbol();
                    // Euclid's signs stay where a blank follows them, which a wide one covers.
                    let blank_after = x + 1 < w && buf[(x + 1, y)].symbol() == " ";
                    if ["φ", "÷", "≈"].contains(&symbol) && blank_after {
                        continue;
                    }
                    assert!(
                        same_width_everywhere(symbol),
                        "{what} at {w}x{h}: {symbol:?} at ({x}, {y}):\n{}",
                        crate::support::view::text(&buf)
                    );
                }
            }
        }
    };
    let mut menu = App::new(GameSetup { opponent: Opponent::Human, ..base() }, Some(1));
    check(&menu, "the start screen");
    act(&mut menu, Action::Up);
    check(&menu, "a name field");
    act(&mut menu, Action::Help);
    check(&menu, "the help");
    for entry in GameKind::menu() {
        let kind = entry.kind;
        let modes: &[Mode] = if kind.has_misere() { &[Mode::Normal, Mode::Misere] } else { &[Mode::Normal] };
        for &mode in modes {
            let what = format!("{kind} {mode:?}");
            let setup = GameSetup {
                game: kind,
                mode,
                heaps: HeapChoice::Custom(vec![3, 4, 5]),
                names: Names(["Zoé".into(), "Søren".into()]),
                ..base()
            };
            let mut app = App::start_now(setup.clone(), Some(2));
            act(&mut app, Action::Binary);
            act(&mut app, Action::History);
            act(&mut app, Action::Coach);
            act(&mut app, Action::More);
            check(&app, &what);
            act(&mut app, Action::Hint);
            act(&mut app, Action::Take);
            check(&app, &what);
            // To the end: the AI's moves, and the player's first legal move each turn.
            for _ in 0..200 {
                if app.game().is_none_or(|g| g.over.is_some()) {
                    break;
                }
                app.update(Msg::AiMove);
                if app.game().is_none_or(|g| g.over.is_some()) {
                    break;
                }
                act(&mut app, Action::TakeOne);
                act(&mut app, Action::Take);
                // An octal game's code may forbid one pin where two may fall (0.53's row of two):
                // switched, as a player told so would.
                if app.game().is_some_and(|g| g.over.is_none() && !g.ai_to_move()) {
                    act(&mut app, Action::Switch);
                    act(&mut app, Action::TakeOne);
                    act(&mut app, Action::Take);
                }
                act(&mut app, Action::Down);
            }
            assert!(app.game().is_some_and(|g| g.over.is_some()), "{what} ends:\n{}", screen(&app, 80, 24));
            check(&app, &format!("{what}, its end"));
            act(&mut app, Action::Review);
            act(&mut app, Action::More);
            check(&app, &format!("{what}, its review"));
            let mut two = App::start_now(GameSetup { opponent: Opponent::Human, ..setup }, Some(3));
            act(&mut two, Action::Help);
            act(&mut two, Action::More);
            check(&two, &format!("{what}, two players, the rules"));
        }
    }
    let mut lesson = App::learn(base(), nim_tui::domain::LessonProgress::default());
    for _ in 0..12 {
        check(&lesson, "the lesson");
        act(&mut lesson, Action::Down);
        act(&mut lesson, Action::More);
    }
    let demo = App::demo(base(), Some(4));
    check(&demo, "a demo");
    let puzzles = App::puzzles(base(), nim_tui::app::PuzzleStart::default());
    check(&puzzles, "a puzzle");
}

/// The real binary in a Chinese locale: the start screen and a game are drawn with no character
/// of ambiguous width, with the CJK set's tokens.
#[cfg(unix)]
#[test]
fn a_chinese_locale_draws_with_the_cjk_glyphs_in_a_terminal() {
    use crate::support::pty::Pty;
    let home = tempfile::tempdir().expect("a temporary home");
    let mut pty = Pty::with(&["--heaps", "3,4,5", "--mode", "misere"], home.path())
        .env("LANG", "zh_CN.UTF-8")
        .env_remove("LC_ALL")
        .env_remove("LC_CTYPE")
        .size(24, 80)
        .spawn();
    assert!(pty.wait_for("◉"), "the CJK set's tokens: {}", pty.contents());
    pty.send(b"b");
    pty.send(b"?");
    // The keys' overlay over the binary view: both drawn (the overlay comes after the view).
    assert!(
        pty.wait_until(|s| s.contains("+ 按键 -") && s.contains("上 k")),
        "no keys overlay:\n{}",
        pty.contents()
    );
    let text = pty.contents();
    let ambiguous: String =
        text.chars().filter(|c| !same_width_everywhere(c.encode_utf8(&mut [0; 4]))).collect();
    assert!(ambiguous.is_empty(), "{ambiguous:?} in:\n{text}");
    // The locale chose Chinese: the help is titled in it.
    assert!(text.contains("+ 按键 -") && text.contains("上 k"), "ASCII frames, the arrows named: {text}");
    pty.send(b"q");
    pty.send(b"q");
    assert!(pty.wait_exit().is_some());
}

/// The start screen grows with the terminal; the games' descriptions wrap rather than being cut;
/// a wrapped refusal keeps its margin from the frame; at 60x20 every row can still be reached.
#[test]
fn the_start_screen_grows_wraps_and_fits_a_small_terminal() {
    use nim_tui::engine::GameKind;
    let words = |text: &str| text.split_whitespace().map(str::to_string).collect::<Vec<_>>();
    let box_width = |text: &str| {
        text.lines().find(|l| l.contains("New game")).map(|l| l.trim().chars().count()).unwrap_or(0)
    };
    let mut app = App::new(base(), Some(1));
    let widths: Vec<usize> =
        [(80, 24), (100, 30), (140, 45)].iter().map(|&(w, h)| box_width(&screen(&app, w, h))).collect();
    assert!(widths[0] <= 80 && widths[1] > widths[0] && widths[2] > widths[1], "the menu grows: {widths:?}");
    // Each game's description, whole, at every size.
    act(&mut app, Action::Up);
    act(&mut app, Action::Up);
    act(&mut app, Action::Up);
    act(&mut app, Action::Up);
    act(&mut app, Action::Up);
    act(&mut app, Action::Up);
    for _ in GameKind::menu() {
        let Screen::Start(menu) = &app.screen else { panic!("the start screen") };
        assert_eq!(menu.row, nim_tui::app::StartRow::Game);
        let rule = menu.game.rule(nim_tui::i18n::Language::English);
        for (w, h) in [(60, 20), (80, 24), (100, 30), (140, 45)] {
            let text = screen(&app, w, h);
            let shown: Vec<String> = words(&text.replace(['│', '◀', '▶'], " "));
            let wanted = words(&rule);
            let at = shown
                .iter()
                .position(|w| *w == wanted[0])
                .unwrap_or_else(|| panic!("{rule} at {w}x{h}:\n{text}"));
            assert_eq!(&shown[at..at + wanted.len()], &wanted[..], "{rule} cut at {w}x{h}:\n{text}");
            assert!(!text.contains('…'), "nothing cut at {w}x{h}:\n{text}");
        }
        act(&mut app, Action::More);
    }
    // A long refusal wraps, each line with its margin.
    let mut app = App::new(base(), Some(1));
    focus_custom(&mut app);
    type_keys(&mut app, "3 4 five and six and seven");
    act(&mut app, Action::Take);
    for (w, h) in [(60, 20), (80, 24)] {
        let text = screen(&app, w, h);
        let Screen::Start(menu) = &app.screen else { panic!("still the menu") };
        let error = menu.error.as_ref().expect("refused").text(nim_tui::i18n::Language::English);
        let first = words(&error)[0].clone();
        let lines: Vec<&str> = text.lines().collect();
        let at =
            lines.iter().position(|l| l.contains(&format!("│  {first}"))).unwrap_or_else(|| panic!("{text}"));
        let end = at + lines[at..].iter().position(|l| l.contains('└')).expect("the frame's foot");
        assert!(end > at + 1, "the refusal wraps at {w}x{h}:\n{text}");
        for line in &lines[at..end] {
            let inner = line.trim().trim_start_matches('│');
            assert!(
                line.contains('─') || inner.trim().is_empty() || inner.starts_with("  "),
                "margin lost at {w}x{h}: {line:?}\n{text}"
            );
        }
    }
    // At 60x20, two players, a saved game and a refusal: every row shows when focused.
    use nim_tui::domain::{History, Level, Players, SavedGame};
    use nim_tui::engine::{Mode, Move, Ruleset};
    let history = History::replayed(
        Ruleset::nim(Mode::Normal),
        vec![3, 4, 5],
        Seat::First,
        [(Seat::First, Move::take(0, 1))],
    )
    .expect("a legal move");
    let mut app = App::new(GameSetup { opponent: nim_tui::domain::Opponent::Human, ..base() }, Some(1));
    app.offer_resume(SavedGame::of(&history, &Players::Ai, Level::Perfect, false, 0, None));
    // From Resume up to Player 2, whose name is cleared, then Start.
    for _ in 0..4 {
        act(&mut app, Action::Up);
    }
    act(&mut app, Action::Erase);
    act(&mut app, Action::Down);
    act(&mut app, Action::Take);
    assert!(matches!(&app.screen, Screen::Start(m) if m.error.is_some()), "{}", screen(&app, 60, 20));
    let rows = match &app.screen {
        Screen::Start(menu) => menu.rows(),
        _ => panic!(),
    };
    for _ in 0..rows.len() {
        let text = screen(&app, 60, 20);
        let Screen::Start(menu) = &app.screen else { panic!() };
        let label = match menu.row {
            nim_tui::app::StartRow::Start => "Start".to_string(),
            nim_tui::app::StartRow::Puzzles => "Puzzles".to_string(),
            nim_tui::app::StartRow::Learn => "Learn".to_string(),
            _ => String::new(),
        };
        assert!(text.contains('▶') && text.contains(&label), "{:?} at 60x20:\n{text}", menu.row);
        assert!(text.contains(" quit"), "the key line stays: {text}");
        act(&mut app, Action::Down);
    }
}
