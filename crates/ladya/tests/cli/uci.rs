//! UCI through the real binary: handshake, a timed game, stop, pondering, perft and bad input.

use crate::common;

use std::time::{Duration, Instant};

use common::Engine;
use ladya_chess::Position;

/// The move of a `bestmove` line, checked legal in `pos`.
fn legal_best(line: &str, pos: &Position) -> String {
    let m = line.split_whitespace().nth(1).expect("bestmove has a move").to_string();
    assert!(pos.parse_uci(&m).is_ok(), "illegal bestmove {m} in {}", pos.to_fen());
    m
}

#[test]
fn plays_a_timed_game_with_legal_moves() {
    let mut engine = Engine::uci();
    engine.send("setoption name Hash value 16");
    engine.send("ucinewgame");
    let mut pos = Position::start();
    let mut moves: Vec<String> = Vec::new();
    let (mut wtime, mut btime) = (3000, 3000);
    for _ in 0..12 {
        engine.send(&format!("position startpos moves {}", moves.join(" ")));
        engine.send(&format!("go wtime {wtime} btime {btime} winc 50 binc 50"));
        let info = engine.expect_prefix("info depth", 10);
        assert!(info.contains(" score ") && info.contains(" pv "), "{info}");
        let best = engine.expect_prefix("bestmove", 10);
        let m = legal_best(&best, &pos);
        pos.make(pos.parse_uci(&m).unwrap());
        moves.push(m);
        if pos.count_legal_moves() == 0 {
            break;
        }
        wtime -= 100;
        btime -= 100;
    }
    engine.quit();
}

#[test]
fn stop_ends_an_infinite_search_and_isready_is_answered_meanwhile() {
    let mut engine = Engine::uci();
    engine.send("position startpos");
    engine.send("go infinite");
    engine.expect_prefix("info depth 3", 10);
    engine.send("isready");
    engine.expect(|l| l == "readyok", 2);
    engine.send("stop");
    let best = engine.expect_prefix("bestmove", 2);
    legal_best(&best, &Position::start());
    engine.quit();
}

#[test]
fn ponder_search_waits_for_ponderhit() {
    let mut engine = Engine::uci();
    engine.send("setoption name Ponder value true");
    engine.send("position startpos moves e2e4");
    engine.send("go ponder wtime 1000 btime 1000");
    engine.expect_prefix("info depth 2", 10);
    // Pondering ignores the clock: no bestmove until ponderhit.
    engine.send("isready");
    engine.expect(|l| l == "readyok", 2);
    engine.send("ponderhit");
    let best = engine.expect_prefix("bestmove", 5);
    let mut pos = Position::start();
    pos.make(pos.parse_uci("e2e4").unwrap());
    legal_best(&best, &pos);
    engine.quit();
}

#[test]
fn fixed_depth_nodes_mate_and_multipv() {
    let mut engine = Engine::uci();
    engine.send("position fen 6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1");
    engine.send("go mate 1");
    let info = engine.expect(|l| l.contains("score mate 1"), 5);
    assert!(info.contains("pv a1a8"), "{info}");
    engine.expect(|l| l.starts_with("bestmove a1a8"), 5);
    engine.send("setoption name MultiPV value 3");
    engine.send("position startpos");
    engine.send("go depth 4");
    engine.expect(|l| l.starts_with("info depth 4") && l.contains("multipv 3"), 10);
    engine.expect_prefix("bestmove", 10);
    engine.send("setoption name MultiPV value 1");
    engine.send("go nodes 5000");
    engine.expect_prefix("bestmove", 10);
    engine.quit();
}

#[test]
fn perft_and_board_display() {
    let mut engine = Engine::uci();
    engine.send("position fen r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1");
    engine.send("go perft 3");
    engine.expect(|l| l == "Nodes searched: 97862", 10);
    engine.send("go perft 0");
    engine.expect(|l| l == "Nodes searched: 1", 10);
    engine.send("d");
    engine.expect(|l| l.starts_with("Fen: r3k2r/p1ppqpb1"), 5);
    engine.quit();
}

#[test]
fn bad_input_is_answered_and_survived() {
    let mut engine = Engine::uci();
    for bad in [
        "position fen rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKKNR w - - 0 1",
        "position startpos moves e2e5",
        "position sideways",
        "go wtime soon",
        "go depth",
        "setoption name Hash value -5",
        "setoption name UCI_Variant value checkers",
        "setoption name Frobnication value 3",
        "frobnicate",
        "go perft x",
    ] {
        engine.send(bad);
        engine.expect_prefix("info string error", 5);
    }
    // The engine still works, from the last good position (the start position).
    engine.send("go depth 3");
    let best = engine.expect_prefix("bestmove", 10);
    legal_best(&best, &Position::start());
    engine.send("position startpos moves e2e4 e7e5 g1f3 zzzz");
    engine.expect_prefix("info string error: move zzzz", 5);
    engine.send("go depth 2");
    let best = engine.expect_prefix("bestmove", 10);
    legal_best(&best, &Position::start());
    engine.quit();
}

#[test]
fn no_legal_move_gives_bestmove_none() {
    let mut engine = Engine::uci();
    engine.send("position fen 7k/5Q2/6K1/8/8/8/8/8 b - - 0 1");
    engine.send("go depth 5");
    engine.expect(|l| l == "bestmove (none)", 5);
    engine.quit();
}

#[test]
fn xiangqi_under_uci_variant_uses_ranks_one_to_ten() {
    let mut engine = Engine::uci();
    engine.send("setoption name UCI_Variant value xiangqi");
    engine.send("position startpos moves h3e3");
    engine.send("go depth 4");
    let best = engine.expect_prefix("bestmove", 10);
    let m = best.split_whitespace().nth(1).unwrap();
    let mut pos = ladya_xiangqi::Position::start();
    pos.make(pos.parse_uci("h3e3").unwrap());
    assert!(pos.parse_uci(m).is_ok(), "{m} is not a legal ranks 1-10 move");
    engine.send("go perft 2");
    engine.expect(|l| l.starts_with("Nodes searched: "), 10);
    // ICCS ranks 0-9 are not UCI's: h2e2 would be a legal move's wrong spelling.
    engine.send("position startpos moves h2e2");
    engine.expect_prefix("info string error", 5);
    engine.quit();
}

#[test]
fn xiangqi_ranks_zero_to_nine_through_an_option() {
    let mut engine = Engine::uci();
    engine.send("setoption name UCI_Variant value xiangqi");
    // Under plain UCI the board's ranks are labelled 1-10, as the moves count them.
    engine.send("d");
    engine.expect(|l| l.starts_with(" |") && l.ends_with("| 10"), 5);
    engine.expect(|l| l.starts_with(" |") && l.ends_with("| 1"), 5);
    engine.send("setoption name XiangqiRanks value 0-10");
    engine.expect_prefix("info string error: XiangqiRanks must be 1-10 or 0-9", 5);
    engine.send("setoption name XiangqiRanks value 0-9");
    engine.send("position startpos moves h2e2");
    // h2e2 is the central cannon: the FEN is the one after ICCS h2e2 (UCI's h3e3).
    let mut pos = ladya_xiangqi::Position::start();
    pos.make(pos.parse_iccs("h2e2").unwrap());
    engine.send("d");
    engine.expect(|l| l.starts_with(" |") && l.ends_with("| 9"), 5);
    engine.expect(|l| l.starts_with(" |") && l.ends_with("| 0"), 5);
    let fen = engine.expect_prefix("Fen: ", 5);
    assert_eq!(fen, format!("Fen: {}", pos.to_fen()));
    engine.send("go depth 4");
    // Every move of a principal variation, and the best move, in ranks 0-9.
    let info = engine.expect(|l| l.starts_with("info depth 4 ") && l.contains(" pv "), 10);
    let mut walk = pos.clone();
    for m in info.split(" pv ").nth(1).unwrap().split_whitespace() {
        let parsed = walk.parse_iccs(m).unwrap_or_else(|e| panic!("{m} in {info}: {e}"));
        walk.make(parsed);
    }
    let best = engine.expect_prefix("bestmove", 10);
    let m = best.split_whitespace().nth(1).unwrap();
    assert!(pos.parse_iccs(m).is_ok(), "{m} is not a legal ranks 0-9 move");
    // The setting outlives a change of game, and 1-10 is back when asked for.
    engine.send("setoption name UCI_Variant value xiangqi");
    engine.send("position startpos moves b0c2");
    engine.send("go perft 1");
    engine.expect(|l| l == "a9a8: 1", 10);
    engine.send("setoption name XiangqiRanks value 1-10");
    engine.send("position startpos moves h3e3 h10g8");
    engine.send("go depth 2");
    engine.expect_prefix("bestmove", 10);
    engine.send("position startpos moves h2e2");
    engine.expect_prefix("info string error", 5);
    engine.quit();
}

#[test]
fn ugolki_under_uci_variant() {
    let mut engine = Engine::uci();
    engine.send("setoption name UCI_Variant value ugolki");
    engine.send("position startpos moves e3e4");
    engine.send("go depth 4");
    let best = engine.expect_prefix("bestmove", 10);
    let m = best.split_whitespace().nth(1).unwrap();
    let mut pos = ladya_ugolki::Position::start();
    pos.make(pos.parse_move("e3e4").unwrap());
    assert!(pos.parse_move(m).is_ok(), "{m}");
    engine.send("go perft 3");
    engine.expect(|l| l.starts_with("Nodes searched: "), 10);
    engine.quit();
}

/// Nodes of a one-thread `go depth 8` from the start, with `args` on the command line.
fn nodes_to_depth_8(args: &[&str]) -> u64 {
    let mut engine = Engine::start_with(args);
    engine.send("uci");
    engine.expect(|l| l == "uciok", 5);
    engine.send("position startpos");
    engine.send("go depth 8");
    let last = engine.expect(|l| l.starts_with("info depth 8 ") && l.contains(" pv "), 30);
    engine.expect_prefix("bestmove", 30);
    engine.quit();
    let words: Vec<&str> = last.split_whitespace().collect();
    let at = words.iter().position(|&w| w == "nodes").expect("nodes in the info line");
    words[at + 1].parse().expect("a node count")
}

#[test]
fn the_engine_can_run_without_a_technique() {
    // Late-move reductions save nodes at depth 8; without them the same search needs more.
    assert!(nodes_to_depth_8(&["--without", "lmr"]) > nodes_to_depth_8(&[]));
    let status = std::process::Command::new(env!("CARGO_BIN_EXE_ladya"))
        .args(["--without", "no-such-technique"])
        .stdin(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .status()
        .expect("ladya runs");
    assert_eq!(status.code(), Some(2));
}

/// The bench answers inside the UCI loop as on the command line, node for node, and the
/// engine goes on afterwards.
#[test]
fn bench_runs_inside_the_uci_loop() {
    let cli = std::process::Command::new(env!("CARGO_BIN_EXE_ladya"))
        .args(["bench", "xiangqi", "--depth", "4"])
        .output()
        .expect("ladya bench runs");
    let cli_text = String::from_utf8_lossy(&cli.stdout);
    let cli_nodes = cli_text.lines().last().and_then(|l| l.split_whitespace().nth(1)).expect("a Bench line");
    let mut engine = Engine::uci();
    engine.send("bench xiangqi 4");
    let line = engine.expect_prefix("Bench: ", 30);
    assert_eq!(line.split_whitespace().nth(1), Some(cli_nodes), "{line} against {cli_text}");
    assert!(line.ends_with(" nps"), "{line}");
    engine.send("bench checkers");
    engine.expect(|l| l.starts_with("info string error") && l.contains("checkers"), 5);
    engine.send("isready");
    engine.expect(|l| l == "readyok", 5);
    engine.quit();
}

#[test]
fn an_impossible_hash_size_is_an_error_and_the_engine_plays_on() {
    let mut engine = Engine::uci();
    engine.send("setoption name Hash value 65536");
    engine.send("isready");
    let answer = engine.expect(|l| l == "readyok" || l.starts_with("info string error"), 30);
    if common::cannot_allocate(65536 << 20) {
        assert_eq!(answer, "info string error: Hash: cannot allocate a hash table of 65536 MiB: not enough memory");
        engine.expect(|l| l == "readyok", 5);
    }
    engine.send("position startpos");
    engine.send("go depth 3");
    let best = engine.expect_prefix("bestmove", 10);
    legal_best(&best, &Position::start());
    engine.quit();
}

/// Every `go` gets a `bestmove`: negative or fractional times, unknown words and illegal
/// `searchmoves` are reported and passed over.
#[test]
fn every_go_is_answered() {
    let mut engine = Engine::uci();
    for go in [
        "go wtime -100 btime 1000",
        "go movetime -1",
        "go wtime 1e3 btime 1e3",
        "go searchmoves e2e5 depth 2",
        "go bogus depth 2",
        "go depth x movetime 100",
    ] {
        engine.send("position startpos");
        engine.send(go);
        let best = engine.expect_prefix("bestmove", 10);
        legal_best(&best, &Position::start());
    }
    engine.send("isready");
    engine.expect(|l| l == "readyok", 5);
    engine.quit();
}

/// More threads than the machine has cores do not cost the clock: the answer to a one-second
/// clock comes within that second (the search runs no more threads than there are cores).
#[test]
fn many_threads_keep_to_the_clock() {
    let mut engine = Engine::uci();
    engine.send("setoption name Threads value 256");
    engine.send("isready");
    engine.expect(|l| l == "readyok", 5);
    for _ in 0..3 {
        engine.send("position startpos");
        engine.send("go wtime 1000 btime 1000");
        let best = engine.expect_prefix("bestmove", 1);
        legal_best(&best, &Position::start());
    }
    engine.quit();
}

/// The nodes of the last `info` line before `bestmove`.
fn nodes_of_search(engine: &mut Engine, go: &str) -> u64 {
    engine.send(go);
    let mut nodes = 0;
    loop {
        let line = engine.expect(|l| l.starts_with("info depth") || l.starts_with("bestmove"), 30);
        if line.starts_with("bestmove") {
            return nodes;
        }
        let words: Vec<&str> = line.split_whitespace().collect();
        let at = words.iter().position(|w| *w == "nodes").expect("info has nodes");
        nodes = words[at + 1].parse().unwrap();
    }
}

/// A search's result depends on its position alone: after `ucinewgame`, the same ugolki
/// search (races counted exactly) takes the same nodes, whatever ran before in the process.
#[test]
fn after_ucinewgame_the_same_search_takes_the_same_nodes() {
    let race = "position fen WW1WW1W1/WW1W1W2/1W1W2B1/3W1B2/4B3/6BB/4B1BB/1B3BBB w 30";
    let other = "position fen WWW5/W2W1W2/WWW1W1B1/1W6/8/W3B1B1/3BB1BB/1B2BBBB w 30";
    let mut engine = Engine::uci();
    engine.send("setoption name UCI_Variant value ugolki");
    engine.send("ucinewgame");
    engine.send(race);
    let first = nodes_of_search(&mut engine, "go depth 7");
    engine.send("ucinewgame");
    engine.send(other);
    nodes_of_search(&mut engine, "go depth 7");
    engine.send("ucinewgame");
    engine.send(race);
    assert_eq!(nodes_of_search(&mut engine, "go depth 7"), first);
    engine.quit();
}

#[test]
fn a_level_by_rating_plays_quickly_in_every_game_and_bad_ratings_are_refused() {
    let mut engine = Engine::start();
    engine.send("uci");
    for option in [
        "UCI_LimitStrength type check default false",
        "UCI_Elo type spin default 1500 min 500 max 2800",
        "Skill Level type spin default 20 min 0 max 20",
    ] {
        engine.expect(|l| l == format!("option name {option}"), 5);
    }
    engine.expect(|l| l == "uciok", 5);
    engine.send("setoption name UCI_LimitStrength value true");
    engine.send("setoption name UCI_Elo value 600");
    for game in ["chess", "xiangqi", "ugolki"] {
        engine.send(&format!("setoption name UCI_Variant value {game}"));
        engine.send("position startpos");
        // The level's budget is a few hundred nodes: it answers long before the move time.
        let asked = Instant::now();
        engine.send("go movetime 20000");
        engine.expect_prefix("bestmove", 5);
        assert!(asked.elapsed() < Duration::from_secs(3), "{game}: {:?}", asked.elapsed());
    }
    // An analysis is at full strength: it goes deeper than any level's budget reaches.
    engine.send("position startpos");
    engine.send("go infinite");
    engine.expect_prefix("info depth 8", 10);
    engine.send("stop");
    engine.expect_prefix("bestmove", 5);
    engine.send("setoption name UCI_Elo value 99");
    engine.expect(|l| l.starts_with("info string error") && l.contains("500 to 2800"), 5);
    engine.send("setoption name Skill Level value 21");
    engine.expect(|l| l.starts_with("info string error") && l.contains("0 to 20"), 5);
    engine.quit();
}

/// A deep perft or bench runs as a search does: `isready` is answered meanwhile, `stop` ends
/// it, and `quit` is obeyed at once.
#[test]
fn a_long_perft_or_bench_is_answered_stopped_and_quit() {
    let mut engine = Engine::uci();
    engine.send("go perft 60");
    engine.send("isready");
    engine.expect(|l| l == "readyok", 2);
    engine.send("stop");
    engine.expect(|l| l == "info string perft stopped", 2);
    // The engine goes on as usual, and a short perft still finishes.
    engine.send("go perft 2");
    assert_eq!(engine.expect_prefix("Nodes searched", 10), "Nodes searched: 400");
    engine.send("bench chess 30");
    engine.send("isready");
    engine.expect(|l| l == "readyok", 2);
    engine.send("stop");
    engine.expect(|l| l == "info string bench stopped", 2);
    engine.send("bench chess 30");
    engine.send("go perft 60");
    engine.send("isready");
    engine.expect(|l| l == "readyok", 2);
    let started = Instant::now();
    engine.quit();
    assert!(started.elapsed() < Duration::from_secs(2), "quit took {:?}", started.elapsed());
}
