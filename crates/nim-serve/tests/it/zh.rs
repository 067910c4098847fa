//! What the server shows in Chinese: on one server each connection reads its own language at the
//! same time, and one that tells none reads the server's.

use std::time::Duration;

use nim_tui::i18n::Language;

use crate::serve::{Player, options, server};
use crate::support::marked_item;
use crate::support::phrases::english_phrases;
use nim_serve::Options;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn each_connection_reads_its_own_language_at_the_same_time() {
    let dir = tempfile::tempdir().expect("temp dir");
    let running = server(options(dir.path())).await;
    let addr = running.addr();
    let mut li = Player::arrive_with_env(addr, "li", 80, 24, &[("LANG", "zh_CN.UTF-8")]).await;
    let mut bob = Player::arrive_with_env(addr, "bob", 80, 24, &[]).await;
    // LC_MESSAGES says more than LANG; LC_ALL more than both.
    let mut wang = Player::arrive_with_env(
        addr,
        "wang",
        80,
        24,
        &[("LANG", "en_GB.UTF-8"), ("LC_MESSAGES", "zh_CN.UTF-8")],
    )
    .await;
    let mut carol =
        Player::arrive_with_env(addr, "carol", 80, 24, &[("LANG", "zh_CN.UTF-8"), ("LC_ALL", "C")]).await;
    for p in [&mut li, &mut wang] {
        assert!(p.wait_until(|s| s.contains("服务器上共有 4 人")).await, "{}", p.contents());
    }
    for p in [&mut bob, &mut carol] {
        assert!(p.wait_until(|s| s.contains("On the server: 4 people")).await, "{}", p.contents());
    }
    let zh = li.contents();
    for part in ["你是 li", "在大厅", "li（你）", "对战电脑", "玩家之间", "挑战", "离开"]
    {
        assert!(zh.contains(part), "no {part:?} in:\n{zh}");
    }
    let phrases = english_phrases(&zh);
    assert!(phrases.is_empty(), "English in the Chinese lobby:\n{}\n\n{zh}", phrases.join("\n"));
    let en = bob.contents();
    for part in ["you are bob", "in the lobby", "bob (you)", "Against the AI", "Between players"] {
        assert!(en.contains(part), "no {part:?} in:\n{en}");
    }
    // Names keep their column whatever the language: each line's state starts at one place.
    let column = |screen: &str, name: &str| {
        screen.lines().find(|l| l.contains(name) && l.contains("在大厅")).map(|l| {
            let at = l.find("在大厅").unwrap_or(0);
            unicode_width::UnicodeWidthStr::width(&l[..at])
        })
    };
    assert_eq!(column(&zh, "li"), column(&zh, "bob"), "{zh}");
    // Its client's locale also chooses the glyphs whose width is the same everywhere.
    assert!(zh.contains('►') && !zh.contains('▶'), "a Chinese client draws with the CJK glyphs:\n{zh}");

    // A challenge is told in the language of whoever reads it.
    for _ in 0..4 {
        // A Chinese client's cursor is the CJK glyphs' `►`, as in a Chinese terminal at home.
        if zh_line_of(&li.contents(), "bob").contains(['▶', '►']) {
            break;
        }
        let before = marked_item(&li.contents());
        li.send(b"\x1b[A").await;
        li.wait_until(|s| marked_item(s) != before).await;
    }
    li.send(b"c").await;
    assert!(li.wait_for("已向 bob 发出挑战").await, "{}", li.contents());
    assert!(bob.wait_for("li challenges you to a game").await, "{}", bob.contents());
    bob.send(b"n").await;
    assert!(li.wait_for("bob 拒绝了挑战").await, "{}", li.contents());
    running.stop(Duration::from_secs(3)).await;
    assert!(li.wait_closed().await);
    assert!(String::from_utf8_lossy(&li.raw).contains("服务器正在关闭"), "the goodbye is Chinese");
    assert!(bob.wait_closed().await);
    assert!(String::from_utf8_lossy(&bob.raw).contains("The server is stopping"), "the goodbye is English");
}

fn zh_line_of<'a>(screen: &'a str, name: &str) -> &'a str {
    screen.lines().find(|l| l.split_whitespace().any(|w| w == name)).unwrap_or("")
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_connection_that_tells_no_language_reads_the_servers() {
    // The server's own language, as `main` chose it.
    let dir = tempfile::tempdir().expect("temp dir");
    let running = server(Options { language: Language::SimplifiedChinese, ..options(dir.path()) }).await;
    let mut li = Player::arrive_with_env(running.addr(), "li", 80, 24, &[]).await;
    let mut bob = Player::arrive_with_env(running.addr(), "bob", 80, 24, &[("LANG", "en_US.UTF-8")]).await;
    assert!(li.wait_until(|s| s.contains("服务器上共有 2 人")).await, "{}", li.contents());
    assert!(bob.wait_until(|s| s.contains("On the server: 2 people")).await, "{}", bob.contents());
    running.stop(Duration::from_secs(3)).await;
}

/// Whether `text` has a Chinese character.
fn has_chinese(text: &str) -> bool {
    text.chars().any(|c| ('\u{4e00}'..='\u{9fff}').contains(&c))
}

/// A Chinese and an English player at one table and a Chinese watcher: every line each sees is in
/// their own language, the moves, the hints, the notes under the board and the ending included
/// (the game keeps what happened as data, and each frame says it in its viewer's words).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_table_of_two_languages_and_a_watcher_each_read_their_own() {
    use crate::serve::LOBBY;
    use crate::serve_together::choose;
    let zh = [("LANG", "zh_CN.UTF-8")];
    let en = [("LANG", "en_US.UTF-8")];
    let dir = tempfile::tempdir().expect("temp dir");
    let running = server(options(dir.path())).await;
    let addr = running.addr();
    let mut li = Player::arrive_with_env(addr, "li", 100, 30, &zh).await;
    assert!(li.wait_for("服务器上").await, "{}", li.contents());
    let mut bo = Player::arrive_with_env(addr, "bo", 100, 30, &en).await;
    assert!(bo.wait_for(LOBBY).await, "{}", bo.contents());
    let mut wu = Player::arrive_with_env(addr, "wu", 100, 30, &zh).await;
    for p in [&mut li, &mut bo, &mut wu] {
        assert!(p.wait_until(|s| s.contains(" wu")).await, "{}", p.contents());
    }
    choose(&mut bo, "li").await;
    bo.send(b"c").await;
    assert!(li.wait_for("bo 向你发起挑战").await, "{}", li.contents());
    li.send(b"y").await;
    assert!(bo.wait_for("bo's turn").await, "{}", bo.contents());
    assert!(wu.wait_until(|s| s.contains("li") && s.contains("对局")).await, "{}", wu.contents());
    choose(&mut wu, "bo").await;
    wu.send(b"w").await;
    assert!(bo.wait_for("Watching: wu").await, "{}", bo.contents());

    let check = |li: &Player, bo: &Player, wu: &Player| {
        for (name, chinese) in [("li", li), ("wu", wu)] {
            let screen = chinese.contents();
            let english = english_phrases(&screen);
            assert!(english.is_empty(), "{name} reads English: {english:?}\n{screen}");
        }
        let screen = bo.contents();
        assert!(!has_chinese(&screen), "bo reads Chinese:\n{screen}");
    };
    // Each in turn asks for a hint and plays it, until the game ends.
    let mut over = false;
    for _ in 0..40 {
        let screen = bo.contents();
        if screen.contains("wins") && !screen.contains("'s turn") {
            over = true;
            break;
        }
        let (mover, next) =
            if screen.contains("bo's turn") { (&mut bo, "li's turn") } else { (&mut li, "bo's turn") };
        mover.send(b"h").await;
        mover.send(b"\r").await;
        assert!(
            bo.wait_until(|s| s.contains(next) || (s.contains("wins") && !s.contains("'s turn"))).await,
            "{}",
            bo.contents()
        );
        // The others have drawn the same move (the watcher's screen follows the table's).
        let moved = bo.contents().lines().find(|l| l.contains(" took ")).map(|l| l.trim().to_string());
        assert!(li.wait_until(|s| s.contains("取走")).await, "{}", li.contents());
        assert!(wu.wait_until(|s| s.contains("取走")).await, "{}", wu.contents());
        assert!(moved.is_some(), "bo's screen names the move:\n{}", bo.contents());
        check(&li, &bo, &wu);
    }
    assert!(over, "the game did not end:\n{}", bo.contents());
    assert!(li.wait_until(|s| s.contains("获胜")).await, "{}", li.contents());
    assert!(wu.wait_until(|s| s.contains("获胜")).await, "{}", wu.contents());
    check(&li, &bo, &wu);
    running.stop(Duration::from_secs(3)).await;
}
