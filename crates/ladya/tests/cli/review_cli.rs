//! `ladya review`: a short game of each kind with a planted blunder comes back as PGN with an
//! evaluation after every move and `$4` or `$2` on the blunder; bad files, games and moves
//! fail with status 2 and one line naming them; python-chess reads the chess output.

use std::io::Write;
use std::path::PathBuf;
use std::process::{Command, Output, Stdio};

use ladya_core::Game;
use ladya_core::pgn::{PgnGame, read};

/// A file of the test's own in the temporary directory, holding `text`.
fn file(name: &str, text: &str) -> PathBuf {
    let path = std::env::temp_dir().join(format!("ladya-review-{}-{name}.pgn", std::process::id()));
    std::fs::write(&path, text).unwrap();
    path
}

fn ladya(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_ladya")).args(args).output().expect("ladya runs")
}

/// Reviews `text` as `game` at `depth` and reads the output back as games of `G`, checking
/// that every move has an evaluation and the accuracy tags are there.
fn reviewed<G: Game>(game: &str, text: &str, depth: &str) -> (String, Vec<PgnGame<G>>) {
    let path = file(game, text);
    let output = ladya(&["review", game, path.to_str().unwrap(), "--depth", depth]);
    let _ = std::fs::remove_file(&path);
    assert!(output.status.success(), "{}", String::from_utf8_lossy(&output.stderr));
    // Not a terminal: no progress bar.
    assert!(output.stderr.is_empty(), "{}", String::from_utf8_lossy(&output.stderr));
    let pgn = String::from_utf8(output.stdout).unwrap();
    let games = read::<G>(&pgn).unwrap_or_else(|e| panic!("{e}\n{pgn}"));
    for game in &games {
        assert_eq!(game.notes.len(), game.moves.len(), "{pgn}");
        for (ply, note) in game.notes.iter().enumerate() {
            let comment = note.comment.as_deref().unwrap_or_default();
            assert!(comment.starts_with("[%eval "), "ply {}: {comment}\n{pgn}", ply + 1);
        }
        assert_eq!(game.tag("Annotator"), Some("Ladya"));
        // A side that made no move has no accuracy.
        for side in ["WhiteAccuracy", "BlackAccuracy"].iter().take(game.moves.len()) {
            let accuracy: f64 = game.tag(side).unwrap_or_else(|| panic!("{side}\n{pgn}")).parse().unwrap();
            assert!((0.0..=100.0).contains(&accuracy), "{side} {accuracy}");
        }
    }
    (pgn, games)
}

/// Whether the move at `ply` (from 1) is marked a mistake or a blunder.
fn marked_bad<G: Game>(game: &PgnGame<G>, ply: usize) -> bool {
    game.notes[ply - 1].nags.iter().any(|&nag| nag == 2 || nag == 4)
}

#[test]
fn a_queen_left_en_prise_is_a_blunder_in_chess() {
    let text = "[Event \"queen\"]\n[White \"A\"]\n[Black \"B\"]\n\n\
                1. d4 { [%eval 0.20] [%clk 0:03:00] } d5 2. Bf4 Nf6 3. e3 Bf5 4. Qg4 Bxg4 5. Nf3 e6 0-1\n\n\
                [Event \"short\"]\n\n1. e4 *\n";
    let (pgn, games) = reviewed::<ladya_chess::Position>("chess", text, "6");
    assert_eq!(games.len(), 2);
    assert_eq!((games[0].moves.len(), games[1].moves.len()), (10, 1));
    assert!(marked_bad(&games[0], 7), "{pgn}");
    // The tags and result are kept; the queen's fall shows in the evaluation.
    assert!(pgn.starts_with("[Event \"queen\"]\n[Site \"?\"]\n"), "{pgn}");
    assert_eq!((games[0].tag("White"), games[0].result.as_deref()), (Some("A"), Some("0-1")));
    let eval_after = |ply: usize| -> f64 {
        let comment = games[0].notes[ply - 1].comment.as_deref().unwrap();
        comment["[%eval ".len()..comment.find(']').unwrap()].parse().unwrap()
    };
    assert!(eval_after(7) < -5.0, "{pgn}");
    // Lichess's form, braces spaced; the file's own comment stays, but for its evaluation.
    assert!(pgn.contains("1. d4 { [%eval "), "{pgn}");
    let first = games[0].notes[0].comment.as_deref().unwrap();
    assert!(first.ends_with("] [%clk 0:03:00]") && first.matches("[%eval").count() == 1, "{first}");
    let white: f64 = games[0].tag("WhiteAccuracy").unwrap().parse().unwrap();
    let black: f64 = games[0].tag("BlackAccuracy").unwrap().parse().unwrap();
    assert!(white < black, "{white} {black}");
}

#[test]
fn a_chariot_given_away_is_a_blunder_in_xiangqi() {
    // 3. f2f8?? puts the chariot where the cannon on h8 takes it over the horse.
    let text = "[Variant \"xiangqi\"]\n\n1. a1a2 h10g8 2. a2f2 i10h10 3. f2f8 h8f8 *\n";
    let (pgn, games) = reviewed::<ladya_xiangqi::Position>("xiangqi", text, "5");
    assert_eq!(games[0].moves.len(), 6);
    assert!(marked_bad(&games[0], 5), "{pgn}");
    assert!(pgn.contains("[Variant \"xiangqi\"]") && pgn.contains("3. f2f8 $"), "{pgn}");
}

#[test]
fn a_piece_left_at_home_after_move_40_is_a_blunder_in_ugolki() {
    // White must take its piece on e3 out of its home with its 40th move; 40. c6-d6?? loses.
    let text = "[Variant \"ugolki\"]\n[FEN \"WWWW4/WWWW4/WWW5/BB6/BB6/4W2B/5BBB/4BBBB b 39\"]\n\n\
                39... b5c5 40. c6d6 0-1\n";
    let (pgn, games) = reviewed::<ladya_ugolki::Position>("ugolki", text, "6");
    assert_eq!(games[0].moves.len(), 2);
    assert!(games[0].notes[1].nags.contains(&4), "{pgn}");
    // The game is over after it: a win, `#0`.
    assert!(pgn.contains("40. c6d6 $4 { [%eval #0]"), "{pgn}");
}

#[test]
fn bad_files_games_and_moves_fail_with_one_line() {
    let missing = std::env::temp_dir().join("ladya-review-no-such-file.pgn");
    let bad_move = file(
        "bad-move",
        "[White \"A\"]\n[Black \"B\"]\n1. e4 e5 *\n\n[White \"C\"]\n[Black \"D\"]\n1. e4 e5\n2. Ke3 *\n",
    );
    let other_game = file("other-game", "[Variant \"xiangqi\"]\n1. h3e3 *\n");
    let bad_tag = file("bad-tag", "[White Morphy]\n1. e4 *\n");
    for (game, path, message) in [
        ("chess", missing.to_str().unwrap(), "ladya-review-no-such-file.pgn: "),
        ("chess", bad_move.to_str().unwrap(), ": game 2 (C - D): line 8, move 2.: illegal move 'Ke3'"),
        ("chess", other_game.to_str().unwrap(), ": game 1: the Variant tag says xiangqi, not chess"),
        ("chess", bad_tag.to_str().unwrap(), ": line 1: bad tag pair"),
    ] {
        let output = ladya(&["review", game, path, "--depth", "1"]);
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert_eq!(output.status.code(), Some(2), "{stderr}");
        assert!(output.stdout.is_empty(), "nothing is written before every game is read");
        assert!(stderr.starts_with("ladya: ") && stderr.contains(message), "{stderr}");
        assert_eq!(stderr.lines().count(), 1, "{stderr}");
    }
    for path in [bad_move, other_game, bad_tag] {
        let _ = std::fs::remove_file(path);
    }
    // From standard input.
    let mut child = Command::new(env!("CARGO_BIN_EXE_ladya"))
        .args(["review", "ugolki", "-", "--depth", "1"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    child.stdin.take().unwrap().write_all(b"1. e3e4 d6d5 2. a1a2 *").unwrap();
    let output = child.wait_with_output().unwrap();
    assert_eq!(output.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&output.stderr).starts_with("ladya: standard input: game 1: line 1, move 2.:"));
}

#[test]
fn python_chess_reads_the_review_with_an_eval_on_every_move() {
    let has_chess = Command::new("python3").args(["-c", "import chess.pgn"]).output().is_ok_and(|o| o.status.success());
    if !has_chess {
        eprintln!("python3 with the chess package is not installed: python-chess's reading not checked");
        return;
    }
    let script = concat!(env!("CARGO_MANIFEST_DIR"), "/../../tests/python_chess_review.py");
    let output = Command::new("python3").args([script, env!("CARGO_BIN_EXE_ladya")]).output().unwrap();
    assert!(
        output.status.success(),
        "{}{}",
        String::from_utf8_lossy(&output.stdout),
        String::from_utf8_lossy(&output.stderr)
    );
}
