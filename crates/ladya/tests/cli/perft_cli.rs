//! The `ladya perft` contract: output format, divide, and exit status 2 on bad input.

use std::process::{Command, Output};

fn ladya(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_ladya")).args(args).output().expect("ladya runs")
}

fn stdout(out: &Output) -> String {
    String::from_utf8_lossy(&out.stdout).into_owned()
}

#[test]
fn perft_ends_with_nodes_searched() {
    let out = ladya(&["perft", "chess", "3"]);
    assert!(out.status.success());
    assert_eq!(stdout(&out).lines().last(), Some("Nodes searched: 8902"));
}

#[test]
fn divide_prints_one_line_per_root_move() {
    let kiwipete = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
    let out = ladya(&["perft", "chess", "2", "--fen", kiwipete, "--divide"]);
    assert!(out.status.success());
    let text = stdout(&out);
    let lines: Vec<&str> = text.lines().filter(|l| l.contains(": ") && !l.starts_with("Nodes")).collect();
    assert_eq!(lines.len(), 48);
    assert!(lines.contains(&"e1g1: 43"), "{text}");
    let sum: u64 = lines.iter().map(|l| l.split(": ").nth(1).unwrap().parse::<u64>().unwrap()).sum();
    assert_eq!(sum, 2039);
    assert_eq!(text.lines().last(), Some("Nodes searched: 2039"));
}

#[test]
fn bad_input_exits_with_status_two_and_one_line() {
    for args in [
        vec!["perft", "chess", "3", "--fen", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKKNR w - - 0 1"],
        vec!["perft", "chess", "x"],
        vec!["perft", "checkers", "3"],
        vec!["perft"],
        vec!["frobnicate"],
    ] {
        let out = ladya(&args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert_eq!(String::from_utf8_lossy(&out.stderr).lines().count(), 1, "{args:?}");
        assert!(out.stdout.is_empty(), "{args:?}");
    }
    let out = ladya(&["perft", "chess", "1", "--fen", "8/8/8/8/8/8/8/8 w - - 0 1"]);
    let message = String::from_utf8_lossy(&out.stderr);
    assert_eq!(message.trim(), "ladya: bad chess FEN: White has 0 kings; it needs exactly one");
}

#[test]
fn depth_zero_counts_the_position_itself_with_or_without_divide() {
    for args in [&["perft", "chess", "0"][..], &["perft", "chess", "0", "--divide"]] {
        let out = ladya(args);
        assert!(out.status.success());
        assert_eq!(stdout(&out).lines().last(), Some("Nodes searched: 1"), "{args:?}");
    }
}

/// `analyze` on a finished game says how it ended, in words.
#[test]
fn analyze_says_a_finished_game_is_over() {
    let out = ladya(&["analyze", "chess", "--fen", "7k/6Q1/6K1/8/8/8/8/8 b - - 0 1", "--depth", "3"]);
    assert!(out.status.success());
    assert_eq!(stdout(&out), "The game is over: White wins by checkmate (1-0)\n");
    let out = ladya(&["analyze", "xiangqi", "--fen", "4k4/9/9/9/9/9/9/9/r8/3K5 w", "--depth", "3"]);
    assert_eq!(stdout(&out), "The game is over: Black wins by stalemate (0-1)\n");
}

#[test]
fn depth_beyond_the_limit_is_refused_not_a_stack_overflow() {
    for game in ["chess", "xiangqi", "ugolki"] {
        let out = ladya(&["perft", game, "8000"]);
        assert_eq!(out.status.code(), Some(2), "{game}");
        let message = String::from_utf8_lossy(&out.stderr);
        assert_eq!(message.trim(), "ladya: perft depth 8000 is above the limit of 64", "{game}");
        assert!(out.stdout.is_empty(), "{game}");
    }
    // The limit itself is accepted (from a checkmate, where the count ends at once).
    let mate = "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3";
    let out = ladya(&["perft", "chess", "64", "--fen", mate]);
    assert!(out.status.success());
    assert_eq!(stdout(&out).lines().last(), Some("Nodes searched: 0"));
}

#[test]
fn engine_mode_refuses_a_deep_perft_and_lives_on() {
    use std::io::{BufRead, BufReader, Write};
    let mut child = Command::new(env!("CARGO_BIN_EXE_ladya"))
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .expect("ladya runs");
    let mut stdin = child.stdin.take().unwrap();
    stdin.write_all(b"uci\nposition startpos\ngo perft 8000\nisready\ngo perft 2\n").unwrap();
    // A perft runs beside the input and `quit` would stop it: quit once its count is out.
    let mut lines = Vec::new();
    for line in BufReader::new(child.stdout.take().unwrap()).lines() {
        let line = line.unwrap();
        let done = line.starts_with("Nodes searched");
        lines.push(line);
        if done {
            break;
        }
    }
    stdin.write_all(b"quit\n").unwrap();
    assert!(child.wait().unwrap().success());
    let text = lines.join("\n");
    assert!(lines.iter().any(|l| l == "info string error: perft depth 8000 is above the limit of 64"), "{text}");
    assert!(lines.iter().any(|l| l == "readyok"), "{text}");
    assert_eq!(lines.last().map(String::as_str), Some("Nodes searched: 400"), "{text}");
}

#[test]
fn analyze_refuses_zero_threads_as_solve_does() {
    for command in ["analyze", "solve"] {
        let mut args = vec![command, "chess", "--threads", "0"];
        if command == "solve" {
            args.extend(["--stip", "#1", "--fen", "7k/8/6K1/8/8/8/8/R7 w - - 0 1"]);
        } else {
            args.extend(["--depth", "1"]);
        }
        let out = ladya(&args);
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{command}: {stderr}");
        assert!(stderr.contains("invalid value '0' for '--threads"), "{command}: {stderr}");
    }
    let out = ladya(&["analyze", "chess", "--threads", "2", "--depth", "1"]);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
}

#[test]
fn analyze_multipv_lines_say_their_rank_not_a_move_number() {
    let out = ladya(&["analyze", "chess", "--depth", "3", "--multipv", "2"]);
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    for rank in ["multipv 1: ", "multipv 2: "] {
        assert!(stdout.lines().any(|l| l.contains(rank)), "no '{rank}':\n{stdout}");
    }
    // The rank written as "1. " would read as the move number of a game's record.
    assert!(!stdout.lines().any(|l| l.contains("s  1. ") || l.contains("s  2. ")), "{stdout}");
    let out = ladya(&["analyze", "chess", "--depth", "1", "--multipv", "0"]);
    assert_eq!(out.status.code(), Some(2), "{}", String::from_utf8_lossy(&out.stderr));
}
