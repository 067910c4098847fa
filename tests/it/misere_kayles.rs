//! Misère Kayles as a player meets it (#38): the theory panel shows each row's element of the
//! misère quotient and their product, the hint names the row, its element and the product the move
//! leaves, in English and in Chinese; the AI wins a won position; misère Dawson's Kayles stays
//! refused, saying why.

use crate::support::keys::act;
use crate::support::view;

use nim_tui::app::{Action, App};
use nim_tui::domain::{First, GameSetup, HeapChoice};
use nim_tui::engine::{GameKind, MisereKayles, Mode, Outcome, Position, Rules, Ruleset};
use nim_tui::i18n::Language;
use nim_tui::ui::Look;

fn playing(heaps: &[u64]) -> App {
    let setup = GameSetup {
        game: GameKind::Kayles,
        mode: Mode::Misere,
        heaps: HeapChoice::Custom(heaps.to_vec()),
        first: First::You,
        ..nim_tui::config::Settings::default().setup()
    };
    App::start_now(setup, Some(1))
}

fn text(app: &App, lang: Language) -> String {
    view::text(&view::draw_with(app, &Look { language: lang, ..Look::default() }, 100, 30))
}

#[test]
fn the_panel_and_the_hint_tell_the_misere_quotient_in_both_languages() {
    // Rows of 3, 4 and 5: ab, a and c; (ab)·a·c = bc, not a losing element.
    let product = MisereKayles.product(&[3, 4, 5]);
    assert!(!product.is_p());
    let mut app = playing(&[3, 4, 5]);
    act(&mut app, Action::Binary);
    let english = text(&app, Language::English);
    assert!(english.contains("Misère quotient"), "{english}");
    assert!(english.contains("(ab)(a)(c) = bc"), "{english}");
    assert!(english.contains("Losing products: a, bb, ac"), "{english}");
    act(&mut app, Action::Hint);
    let english = view::text(&view::draw_with(&app, &Look::default(), 160, 45));
    assert!(english.contains("misère quotient"), "{english}");
    assert!(english.contains("multiply to bc"), "{english}");
    let chinese = view::text(&view::draw_with(
        &app,
        &Look { language: Language::SimplifiedChinese, ..Look::default() }
            .with_glyphs(nim_tui::theme::Glyphs::cjk()),
        160,
        45,
    ));
    // The test's screen text sets every wide character apart by a space.
    let chinese: String = chinese.split_whitespace().collect();
    assert!(chinese.contains("反常商"), "{chinese}");
    assert!(chinese.contains("各排之积为bc"), "{chinese}");
    assert!(chinese.contains("(ab)(a)(c)=bc") && chinese.contains("a,bb,ac"), "{chinese}");
    assert!(!chinese.contains("b?") && !chinese.contains("d?"), "every letter drawn: {chinese}");
    assert!(!chinese.contains("misère") && !chinese.contains("quotient"), "{chinese}");
    // The hint's move wins: it leaves a position lost for the AI.
    let game = Ruleset::new(GameKind::Kayles, Mode::Misere).game();
    let position = Position::new(vec![3, 4, 5]);
    let best = game.ai_move(&position).unwrap();
    let mut after = position.clone();
    game.play(&mut after, &best).unwrap();
    assert_eq!(game.outcome(&after), Outcome::Lose);
}

#[test]
fn the_ai_wins_a_won_game_of_misere_kayles_to_its_end() {
    // The AI moves first from a won position and plays against the hint's own moves for the
    // player: whoever knocks down the last pin loses, and that is never the AI.
    let game = Ruleset::new(GameKind::Kayles, Mode::Misere).game();
    for start in [vec![3, 4, 5], vec![1, 2, 6], vec![7, 7], vec![12, 1]] {
        let mut position = Position::new(start.clone());
        if game.outcome(&position) == Outcome::Lose {
            continue;
        }
        let mut ai_to_move = true;
        while !game.is_over(&position) {
            let mv = game.ai_move(&position).unwrap();
            if ai_to_move {
                assert!(game.is_winning_move(&position, &mv), "{start:?}: {position:?}");
            }
            game.play(&mut position, &mv).unwrap();
            ai_to_move = !ai_to_move;
        }
        // The last pin fell to the player's move: now the AI is to move, and has won.
        assert!(ai_to_move, "{start:?}: the AI knocked down the last pin");
    }
}

#[test]
fn misere_kayles_is_offered_and_misere_dawson_is_refused_as_an_open_problem() {
    let app = playing(&[2, 2]);
    let screen = text(&app, Language::English);
    assert!(screen.contains("Misère"), "{screen}");
    assert!(Ruleset::checked(GameKind::Kayles, Mode::Misere).is_ok());
    let refused = Ruleset::checked(GameKind::Dawson, Mode::Misere).unwrap_err().to_string();
    assert!(refused.contains("open problem"), "{refused}");
}
