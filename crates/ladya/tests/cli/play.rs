//! `ladya play` driven through its standard input: moves in several notations, the commands,
//! bad input answered, and the end of the game announced.

use std::io::Write;
use std::process::{Command, Stdio};

fn play(args: &[&str], input: &str) -> (String, bool) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_ladya"))
        .arg("play")
        .args(args)
        .env("LANG", "C.UTF-8")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("ladya starts");
    child.stdin.take().unwrap().write_all(input.as_bytes()).unwrap();
    let out = child.wait_with_output().unwrap();
    (String::from_utf8_lossy(&out.stdout).into_owned(), out.status.success())
}

#[test]
fn a_chess_game_with_every_command() {
    let (out, ok) = play(&["chess", "--movetime", "50"], "e2e4\nhint\nflip\nNf9\nundo\nnew\nd4\nquit\n");
    assert!(ok, "{out}");
    assert!(out.contains("You play White"), "{out}");
    assert!(out.contains('♔') && out.contains('♚'), "Unicode pieces under a UTF-8 locale:\n{out}");
    assert!(out.contains("You played e4."), "{out}");
    assert!(out.contains("Ladya plays "), "{out}");
    assert!(out.contains("Hint: "), "{out}");
    assert!(out.contains("   h  g  f  e  d  c  b  a"), "flipped files:\n{out}");
    assert!(out.contains("Not a legal move"), "{out}");
    assert!(out.contains("New game."), "{out}");
    assert!(out.contains("You played d4."), "{out}");
}

#[test]
fn playing_black_the_engine_opens_and_the_end_is_announced() {
    // Black to move can only run into a mate: Kh7 Qg7#. (The end of the input ends the game
    // once Ladya has moved; a `quit` would stop it thinking.)
    let (out, ok) = play(&["chess", "--fen", "7k/8/5K2/8/8/8/8/6Q1 b - - 0 1", "--side", "black", "--ascii"], "Kh7\n");
    assert!(ok, "{out}");
    assert!(out.contains(" k ") && !out.contains('♚'), "letters with --ascii:\n{out}");
    assert!(out.contains("Game over: 1-0 (White wins by checkmate)"), "{out}");
    let (out, _) = play(&["chess", "--side", "black", "--movetime", "50"], "");
    assert!(out.contains("Ladya plays "), "the engine moves first for White:\n{out}");
}

#[test]
fn ugolki_marks_both_corners() {
    let (out, ok) = play(&["ugolki", "--ascii", "--movetime", "50"], "e3e4\nquit\n");
    assert!(ok, "{out}");
    assert!(out.contains("White's home") && out.contains(" W ") && out.contains(" B "), "{out}");
    assert!(out.contains("You played e3-e4."), "{out}");
}

#[test]
fn a_bad_fen_or_game_is_a_clean_error() {
    let (_, ok) = play(&["chess", "--fen", "nonsense"], "");
    assert!(!ok);
    let (out, ok) = play(&["chess"], "");
    assert!(ok, "end of input ends the game quietly: {out}");
}

#[test]
fn xiangqi_board_with_river_palace_and_characters() {
    let (out, ok) = play(&["xiangqi", "--movetime", "50"], "C2.5\nquit\n");
    assert!(ok, "{out}");
    assert!(out.contains("楚 河") && out.contains('帥') && out.contains('將') && out.contains('＼'), "{out}");
    assert!(out.contains("You play Red") && out.contains("You played C2.5."), "{out}");
    let (out, _) = play(&["xiangqi", "--ascii", "--movetime", "50"], "h2e2\nquit\n");
    assert!(out.contains("river") && out.contains("R---N---B---A---K"), "{out}");
}

#[test]
fn red_is_a_side_in_xiangqi() {
    let (out, ok) = play(&["xiangqi", "--side", "red", "--ascii", "--movetime", "50"], "quit\n");
    assert!(ok && out.contains("You play Red"), "{out}");
}

#[test]
fn a_level_by_rating_is_named_and_a_bad_rating_refused() {
    let (out, ok) = play(&["xiangqi", "--elo", "1200", "--movetime", "5000"], "h2e2\n");
    assert!(ok, "{out}");
    assert!(out.contains("You play Red against Ladya 1200."), "{out}");
    assert!(out.contains("Ladya plays "), "{out}");
    let refused = Command::new(env!("CARGO_BIN_EXE_ladya")).args(["play", "chess", "--elo", "100"]).output().unwrap();
    assert_eq!(refused.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&refused.stderr).contains("500 to 2800"));
}

#[test]
fn quit_typed_while_ladya_thinks_ends_the_game_at_once() {
    // Ladya would think for a minute over its reply to e4.
    let started = std::time::Instant::now();
    let (out, ok) = play(&["chess", "--movetime", "60000"], "e2e4\nquit\n");
    assert!(ok, "{out}");
    assert!(out.contains("You played e4."), "{out}");
    assert!(!out.contains("Ladya plays "), "{out}");
    assert!(started.elapsed().as_secs() < 20, "quit waited for the move: {:?}", started.elapsed());
}
