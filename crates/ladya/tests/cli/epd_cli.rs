//! `ladya epd` through the real binary: every game's EPD reads (ugolki's three position
//! fields, chess with or without its clock fields), a mate shows as a mate, and a bad line is
//! named.

use std::path::PathBuf;
use std::process::{Command, Output};

/// Writes `text` to a file of its own and runs `ladya epd GAME FILE --movetime 50`.
fn epd(game: &str, name: &str, text: &str) -> Output {
    let dir = std::env::temp_dir().join(format!("ladya-epd-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file: PathBuf = dir.join(name);
    std::fs::write(&file, text).unwrap();
    Command::new(env!("CARGO_BIN_EXE_ladya"))
        .args(["epd", game, file.to_str().unwrap(), "--movetime", "50"])
        .output()
        .expect("ladya runs")
}

fn stdout(out: &Output) -> String {
    String::from_utf8_lossy(&out.stdout).into_owned()
}

#[test]
fn an_ugolki_line_reads_its_three_fields() {
    let out = epd("ugolki", "ugolki.epd", "WWWW4/WWWW4/WWW5/3W4/4B3/5BBB/4BBBB/4BBBB w 30 bm d5d6;\n");
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    assert!(stdout(&out).contains("Solved: 1 of 1"), "{}", stdout(&out));
}

#[test]
fn chess_lines_with_and_without_clocks_read_and_mates_show_as_mates() {
    let text = "6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1 bm Rd8; id \"clocks\";\n\
                6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - bm Rd8; id \"epd\";\n";
    let out = epd("chess", "chess.epd", text);
    let text = stdout(&out);
    assert!(out.status.success() && text.contains("Solved: 2 of 2"), "{text}");
    let first = text.lines().next().unwrap();
    assert!(first.contains("#1") && !first.contains("depth"), "{first}");
}

#[test]
fn a_line_without_an_operation_names_the_problem() {
    let out = epd("chess", "noop.epd", "6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1 id \"x\";\n");
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("line 1") && err.contains("no bm or am operation"), "{err}");
}

#[test]
fn a_byte_order_mark_before_the_first_line_is_skipped() {
    let out = epd("chess", "bom.epd", "\u{feff}6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - bm Rd8; id \"bom\";\n");
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    assert!(stdout(&out).contains("Solved: 1 of 1"), "{}", stdout(&out));
}
