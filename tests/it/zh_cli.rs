//! What `solve`, `stats` and `paths` print for people in Chinese: under `LANG=zh_CN.UTF-8` every
//! line is Chinese (no English phrase left), `--lang en` is English, the JSON forms are byte for
//! byte the same in every language, and columns line up by display width. (The server's Chinese is
//! tested with the server, in `crates/nim-serve/tests/it/zh.rs`.)

use std::path::Path;
use std::process::{Command, Output, Stdio};

use unicode_width::UnicodeWidthStr;

use crate::support::BIN;
use crate::support::phrases::english_phrases;

/// Runs the binary in a home of its own with `LANG` (or no locale at all when `None`).
fn run(home: &Path, lang: Option<&str>, args: &[&str]) -> Output {
    let mut cmd = Command::new(BIN);
    cmd.args(args).current_dir(home).env("HOME", home).stdin(Stdio::null());
    for var in
        ["XDG_CONFIG_HOME", "XDG_DATA_HOME", "XDG_STATE_HOME", "NIM_TUI_LOG", "LC_ALL", "LC_MESSAGES", "LANG"]
    {
        cmd.env_remove(var);
    }
    if let Some(lang) = lang {
        cmd.env("LANG", lang);
    }
    cmd.output().expect("the nim-tui binary runs")
}

/// Standard output of a run that must succeed with nothing on stderr.
fn ok(home: &Path, lang: Option<&str>, args: &[&str]) -> String {
    let out = run(home, lang, args);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{args:?} failed: {stderr}");
    assert_eq!(stderr, "", "{args:?} wrote to stderr");
    String::from_utf8(out.stdout).expect("UTF-8")
}

const ZH: Option<&str> = Some("zh_CN.UTF-8");

fn assert_chinese(text: &str, what: &str) {
    let phrases = english_phrases(text);
    assert!(
        phrases.is_empty(),
        "{what}: English left in the Chinese text:\n{}\n\n{text}",
        phrases.join("\n")
    );
    assert!(text.chars().any(|c| ('\u{4e00}'..='\u{9fff}').contains(&c)), "{what}: no Chinese:\n{text}");
}

#[test]
fn solve_explains_the_nim_sum_in_chinese() {
    let home = tempfile::tempdir().unwrap();
    let zh = ok(home.path(), ZH, &["solve", "3", "4", "5"]);
    assert_chinese(&zh, "solve 3 4 5");
    for part in ["尼姆游戏", "第 1 堆", "第 3 堆", "尼姆和", "011", "100", "101", "010", "必胜着法"]
    {
        assert!(zh.contains(part), "no {part:?} in:\n{zh}");
    }
    // The table's columns line up by display width: the binary digits end in one column.
    let rows: Vec<&str> = zh.lines().filter(|l| l.starts_with("  第") || l.starts_with("  尼姆和")).collect();
    assert_eq!(rows.len(), 4, "{zh}");
    let widths: Vec<usize> = rows.iter().map(|l| l.width()).collect();
    assert!(
        widths.windows(2).all(|w| w[0] == w[1]),
        "rows of the binary table differ in width {widths:?}:\n{zh}"
    );

    let en = ok(home.path(), ZH, &["--lang", "en", "solve", "3", "4", "5"]);
    for part in [
        "Nim, normal play",
        "heap 1",
        "nim-sum",
        "The player to move wins with perfect play. 1 winning move:",
    ] {
        assert!(en.contains(part), "no {part:?} in:\n{en}");
    }
    assert_eq!(en, ok(home.path(), None, &["solve", "3", "4", "5"]), "--lang en is the English of no locale");
}

#[test]
fn solve_in_misere_and_a_lost_position_in_chinese() {
    let home = tempfile::tempdir().unwrap();
    let zh = ok(home.path(), ZH, &["solve", "--mode", "misere", "1", "1", "1"]);
    assert_chinese(&zh, "solve --mode misere 1 1 1");
    for part in ["尼姆和", "必败", "原因：", "电脑"] {
        assert!(zh.contains(part), "no {part:?} in:\n{zh}");
    }
    let en = ok(home.path(), ZH, &["--lang", "en", "solve", "--mode", "misere", "1", "1", "1"]);
    assert!(en.contains("The player to move loses against perfect play"), "{en}");
    assert!(en.contains("misère"), "{en}");
    // Every heap empty: the game is over.
    let over = ok(home.path(), ZH, &["solve", "0", "0"]);
    assert_chinese(&over, "solve 0 0");
    assert!(over.contains("游戏结束"), "{over}");
}

#[test]
fn solve_of_other_games_in_chinese() {
    let home = tempfile::tempdir().unwrap();
    let cases: &[&[&str]] = &[
        &["solve", "--game", "kayles", "3", "4"],
        &["solve", "--game", "wythoff", "3", "5"],
        &["solve", "--game", "moore:2", "1", "2", "4"],
        &["solve", "--game", "subtraction:1,2,3", "5", "7"],
        &["solve", "--game", "lasker", "3", "4", "9"],
        &["solve", "--game", "fibonacci", "10"],
        &["solve", "--game", "dawson", "7"],
    ];
    for args in cases {
        let zh = ok(home.path(), ZH, args);
        assert_chinese(&zh, &args.join(" "));
        let en = ok(home.path(), ZH, &[&["--lang", "en"][..], args].concat());
        assert!(en.contains("The player to move"), "{args:?}:\n{en}");
        assert!(en.contains("normal play"), "{args:?}:\n{en}");
    }
    let kayles = ok(home.path(), ZH, &["solve", "--game", "kayles", "3", "4"]);
    assert!(kayles.contains("SG 值") && !kayles.contains("格隆第"), "{kayles}");
}

#[test]
fn json_is_the_same_bytes_in_every_language() {
    let home = tempfile::tempdir().unwrap();
    let cases: &[&[&str]] = &[
        &["solve", "--json", "3", "4", "5"],
        &["solve", "--json", "--mode", "misere", "1", "1", "1"],
        &["solve", "--json", "--game", "kayles", "3", "4"],
        &["solve", "--json", "--game", "fibonacci", "10"],
        &["solve", "--json", "--game", "wythoff", "3", "5"],
        &["stats", "--json"],
    ];
    for args in cases {
        let english = run(home.path(), None, args);
        let chinese = run(home.path(), ZH, args);
        let forced = run(home.path(), ZH, &[&["--lang", "zh-CN"][..], args].concat());
        assert!(english.status.success(), "{args:?}");
        assert_eq!(english.stdout, chinese.stdout, "{args:?} differs under LANG=zh_CN.UTF-8");
        assert_eq!(english.stdout, forced.stdout, "{args:?} differs under --lang zh-CN");
    }
}

/// A statistics file with Nim's figures, another game's, and a game this version does not play.
fn stats_home() -> tempfile::TempDir {
    let home = tempfile::tempdir().unwrap();
    let data = home.path().join(".local/share/nim-tui");
    std::fs::create_dir_all(&data).unwrap();
    let some = r#"{"played":3,"won":2,"lost":1,"assisted_wins":1,"current_streak":1,"best_streak":1,"resigned":1,"abandoned":0}"#;
    let none = r#"{"played":0,"won":0,"lost":0,"assisted_wins":0,"current_streak":0,"best_streak":0,"resigned":0,"abandoned":0}"#;
    let stats = format!(
        r#"{{"version":1,"normal":{some},"misere":{none},"puzzle":{{"solved":2,"attempted":3,"current_streak":1,"best_streak":2}},"games":{{"kayles":{{"normal":{some},"misere":{none}}},"moore:2":{{"normal":{none},"misere":{some}}},"zzz":{{}}}}}}"#
    );
    std::fs::write(data.join("stats.json"), stats).unwrap();
    home
}

#[test]
fn stats_in_chinese_with_columns_by_display_width() {
    let home = stats_home();
    let zh = ok(home.path(), ZH, &["stats"]);
    assert_chinese(&zh, "stats");
    for part in ["局数", "胜", "负", "合计", "谜题", "辅助胜", "zzz"] {
        assert!(zh.contains(part), "no {part:?} in:\n{zh}");
    }
    // Each game is named by its Chinese title, as `solve` names it, never by the file's id.
    for (title, id) in
        [("尼姆游戏：", "nim："), ("Kayles 游戏：", "kayles："), ("摩尔尼姆游戏 Nim_2：", "moore:2：")]
    {
        assert!(zh.contains(title) && !zh.contains(id), "{title:?} / {id:?} in:\n{zh}");
    }
    // The head and every row of figures are as wide as each other on a terminal.
    let table: Vec<&str> =
        zh.lines().take_while(|l| !l.starts_with("合计")).filter(|l| !l.ends_with('：')).collect();
    let widths: Vec<usize> = table.iter().map(|l| l.width()).collect();
    assert!(widths.len() >= 5 && widths.windows(2).all(|w| w[0] == w[1]), "{widths:?}:\n{zh}");

    let en = ok(home.path(), ZH, &["--lang", "en", "stats"]);
    assert!(en.contains("played"), "{en}");
    assert!(en.contains("puzzles: 2 solved of 3, streak 1, best 2"), "{en}");
    assert!(en.contains("Kept as they are, not counted here"), "{en}");
    assert_eq!(en, ok(home.path(), None, &["stats"]));
}

#[test]
fn paths_in_chinese() {
    let home = tempfile::tempdir().unwrap();
    let zh = ok(home.path(), ZH, &["paths"]);
    assert_chinese(&zh, "paths");
    for part in ["配置文件", "数据目录", "状态目录", "日志", "未找到", "未开启"] {
        assert!(zh.contains(part), "no {part:?} in:\n{zh}");
    }
    // The values start in one column, whatever the labels' widths.
    let starts: Vec<usize> = zh.lines().map(|l| l.find('/').map_or(0, |i| l[..i].width())).collect();
    assert!(starts.windows(2).all(|w| w[0] == w[1]), "{starts:?}:\n{zh}");
    let en = ok(home.path(), ZH, &["--lang", "en", "paths"]);
    assert!(en.starts_with("config  "), "{en}");
    assert!(en.contains("(not found: the built-in defaults are used)"), "{en}");
    assert_eq!(en, ok(home.path(), None, &["paths"]));
}

#[test]
fn a_bad_line_is_told_in_chinese_and_json_error_objects_stay_english() {
    use std::io::Write;
    let home = tempfile::tempdir().unwrap();
    let solve = |lang: Option<&str>, args: &[&str]| {
        let mut cmd = Command::new(BIN);
        cmd.args(args)
            .env("HOME", home.path())
            .env_remove("LC_ALL")
            .env_remove("LC_MESSAGES")
            .env_remove("LANG");
        if let Some(lang) = lang {
            cmd.env("LANG", lang);
        }
        let mut child =
            cmd.stdin(Stdio::piped()).stdout(Stdio::piped()).stderr(Stdio::piped()).spawn().unwrap();
        child.stdin.take().unwrap().write_all(b"3 4\n3 x\n").unwrap();
        child.wait_with_output().unwrap()
    };
    let zh = solve(ZH, &["solve", "--keep-going", "-"]);
    let told = String::from_utf8_lossy(&zh.stderr);
    assert_eq!(zh.status.code(), Some(2));
    assert!(told.contains("第 2 行") && told.contains("不是堆的大小"), "{told}");
    assert!(english_phrases(&told).is_empty(), "{told}");
    let json = |lang| solve(lang, &["solve", "--json", "--keep-going", "-"]).stdout;
    let english = json(None);
    assert_eq!(json(ZH), english);
    assert!(String::from_utf8_lossy(&english).contains("is not a heap size"));
}
