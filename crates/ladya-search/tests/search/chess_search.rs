//! The search's behaviour on chess: mates found with exact scores, stalemate avoided when
//! winning and sought when losing, legal moves only, limits and the stop signal honoured,
//! mate scores kept right through the transposition table, zugzwang found behind null moves,
//! and histories kept between searches only until the table is cleared.

use std::sync::Arc;
use std::thread;
use std::time::{Duration, Instant};

use ladya_chess::Position;
use ladya_core::score::{mate_in, mated_in};
use ladya_core::{MoveCode, MoveList};
use ladya_games::EngineGame;
use ladya_search::{Limits, SearchControl, SearchOptions, SearchResult, Strength, TranspositionTable, search};

fn run(fen: &str, limits: Limits) -> (Position, SearchResult<ladya_chess::Move>) {
    run_with(fen, limits, &SearchOptions::default())
}

fn run_with(fen: &str, limits: Limits, options: &SearchOptions) -> (Position, SearchResult<ladya_chess::Move>) {
    let pos = Position::from_fen(fen).unwrap();
    let tt = TranspositionTable::try_new(16).unwrap();
    let result = search(&pos, &limits, options, &tt, &SearchControl::new(), &mut |_| {});
    (pos, result)
}

fn best_uci(fen: &str, depth: u32, options: &SearchOptions) -> (String, i32) {
    let (_, r) = run_with(fen, Limits::depth(depth), options);
    (r.best.unwrap().to_string(), r.score)
}

#[test]
fn finds_mate_in_one_two_and_three_with_exact_scores() {
    // With the techniques chess leaves off switched on one at a time, too: none may cost a
    // shortest mate.
    let mut all = vec![SearchOptions::default()];
    for name in <Position as EngineGame>::TECHNIQUES_OFF {
        let mut options = SearchOptions::default();
        options.features.set(name, true).unwrap();
        all.push(options);
    }
    for options in &all {
        finds_mates_with(options);
    }
}

fn finds_mates_with(options: &SearchOptions) {
    // Mates counted in plies from the root: mate in N moves is mate_in(2N - 1).
    // Back-rank mate in one.
    assert_eq!(best_uci("6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1", 4, options), ("a1a8".to_string(), mate_in(1)));
    // Morphy: 1. Ra6! bxa6 2. b7#, mate in two.
    assert_eq!(best_uci("kbK5/pp6/1P6/8/8/8/8/R7 w - - 0 1", 6, options), ("a1a6".to_string(), mate_in(3)));
    // Mate in three for Black against an exposed king: 1... Bc5+ 2. Kxc5 Qb6+ 3. Kd5 Qd6#.
    assert_eq!(
        best_uci("r1b1kb1r/pppp1ppp/5q2/4n3/3KP3/2N3PN/PPP4P/R1BQ1B1R b kq - 0 1", 7, options),
        ("f8c5".to_string(), mate_in(5))
    );
    // King and rook against king: 1. Kc6 and mate in three (the searches' pruning must not
    // take a mate score for an evaluation and settle for a longer one). Quiet checks all the
    // way, so reductions may leave the mate to depth 10 (progress scaling does, with the
    // table's score in the quiescence search).
    assert_eq!(best_uci("1k6/8/8/3K4/8/8/3R4/8 w - - 0 1", 12, options).1, mate_in(5));
}

#[test]
fn a_zugzwang_that_passing_hides_is_found_by_verifying_null_moves() {
    // 1. f7 f1=N+ 2. Kf2 ... 10. a8=B! and mate in 15 (Stockfish 15.1 agrees): Black's knight
    // and bishop let it pass, and passing would hold, so without verification the search
    // takes the line for a draw at every depth.
    let fen = "7k/3p3p/3P1PpP/8/P5p1/4Kn2/5p2/7b w - - 0 1";
    let mut unverified = SearchOptions::default();
    unverified.features.set("null-move-verification", false).unwrap();
    assert_eq!(best_uci(fen, 34, &SearchOptions::default()), ("f6f7".to_string(), mate_in(29)));
    let (_, score) = best_uci(fen, 34, &unverified);
    assert!(score < mate_in(29), "{score}");
}

#[test]
fn the_mated_side_sees_its_fate() {
    // Black's only move, Kh7, allows Qg7#.
    let (_, r) = run("7k/8/5K2/8/8/8/8/6Q1 b - - 0 1", Limits::depth(5));
    assert_eq!((r.best.unwrap().to_string(), r.score), ("h8h7".to_string(), mated_in(2)));
}

#[test]
fn avoids_stalemate_when_winning_and_seeks_it_when_losing() {
    // Kg3?? and Kg4?? stalemate; Qg2# wins.
    assert_eq!(
        best_uci("8/8/8/8/8/5K2/5Q2/7k w - - 0 1", 5, &SearchOptions::default()),
        ("f2g2".to_string(), mate_in(1))
    );
    // A rook down with a boxed-in king, Black gives the queen away with check; taking it
    // stalemates (Stockfish 15.1 agrees: 1... Qg1+ 2. Kxg1, 0.00); checks forever draw as well,
    // and so does 1... Qh4+ winning the rook back into a queen ending the evaluation calls
    // about even: whichever Black picks, it scores a draw, not a rook down.
    let (_, r) = run("k7/2Q5/8/8/6q1/8/8/4R2K b - - 0 1", Limits::depth(4));
    assert!(r.score.abs() <= 10, "best {:?} score {}", r.best, r.score);
}

#[test]
fn only_legal_moves_come_back() {
    for fen in [
        Position::START_FEN,
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        "8/8/8/K2pP2r/8/8/8/7k w - d6 0 1",
        "4k3/8/8/8/8/8/4q3/4K3 w - - 0 1",
    ] {
        for depth in 1..=5 {
            let (pos, r) = run(fen, Limits::depth(depth));
            let mut legal = MoveList::new();
            pos.append_legal_moves(&mut legal);
            assert!(legal.contains(&r.best.unwrap()), "{fen}");
            // The whole principal variation is legal, move after move.
            let mut walk = pos.clone();
            for &m in &r.pv {
                let mut moves = MoveList::new();
                walk.append_legal_moves(&mut moves);
                assert!(moves.contains(&m), "{fen}: pv {:?}", r.pv);
                walk.make(m);
            }
        }
    }
    // No legal move: no best move, and the score says why.
    let (_, r) = run("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1", Limits::depth(3));
    assert_eq!((r.best, r.score), (None, 0));
}

#[test]
fn a_node_limit_gives_the_same_result_every_time() {
    let fen = "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10";
    let (_, first) = run(fen, Limits::nodes(30_000));
    for _ in 0..3 {
        let (_, again) = run(fen, Limits::nodes(30_000));
        assert_eq!(again, first);
    }
    assert!(first.nodes >= 30_000 && first.nodes < 30_100, "{}", first.nodes);
}

#[test]
fn stop_is_honoured_promptly() {
    let pos = Position::start();
    let control = Arc::new(SearchControl::new());
    let tt = TranspositionTable::try_new(16).unwrap();
    let limits = Limits { infinite: true, ..Limits::default() };
    let stopper = {
        let control = Arc::clone(&control);
        thread::spawn(move || {
            thread::sleep(Duration::from_millis(200));
            let asked = Instant::now();
            control.stop();
            asked
        })
    };
    let options = SearchOptions { threads: 2, ..SearchOptions::default() };
    let result = search(&pos, &limits, &options, &tt, &control, &mut |_| {});
    let returned = Instant::now();
    let asked = stopper.join().unwrap();
    assert!(result.best.is_some());
    // Generous bound: the point is that the search ends on the signal, not at some depth.
    assert!(returned.duration_since(asked) < Duration::from_millis(500));
}

#[test]
fn mate_scores_survive_transpositions() {
    // Searching twice with one table: the second search reads mate scores stored at other
    // plies and must report the same mate distance.
    let mut fresh_histories = SearchOptions::default();
    fresh_histories.features.set("kept-histories", false).unwrap();
    for options in [SearchOptions::default(), fresh_histories] {
        mate_survives_transpositions_with(&options);
    }
}

fn mate_survives_transpositions_with(options: &SearchOptions) {
    let pos = Position::from_fen("kbK5/pp6/1P6/8/8/8/8/R7 w - - 0 1").unwrap();
    let tt = TranspositionTable::try_new(16).unwrap();
    // A control per search: a finished search leaves its control stopped.
    let run =
        |pos: &Position, depth| search(pos, &Limits::depth(depth), options, &tt, &SearchControl::new(), &mut |_| {});
    let first = run(&pos, 8);
    let second = run(&pos, 10);
    assert_eq!(first.score, mate_in(3));
    assert_eq!(second.score, mate_in(3));
    // From the position after the key move, the same table must give mated in 2 plies.
    let mut after = pos.clone();
    after.make(first.best.unwrap());
    let third = run(&after, 8);
    assert_eq!(third.score, mated_in(2));
}

#[test]
fn kept_histories_carry_over_until_the_table_is_cleared() {
    // A middlegame searched, then the position after its best move: with the histories kept,
    // the second search starts from what the first learnt and takes another path; once the
    // table is cleared, a search is the same as one that never kept anything.
    let pos = Position::from_fen("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1").unwrap();
    let second_and_fresh_nodes = |options: &SearchOptions| {
        let tt = TranspositionTable::try_new(16).unwrap();
        let run = |pos: &Position, depth| {
            search(pos, &Limits::depth(depth), options, &tt, &SearchControl::new(), &mut |_| {})
        };
        let first = run(&pos, 8);
        let mut after = pos.clone();
        after.make(first.best.unwrap());
        let second = run(&after, 8).nodes;
        tt.clear();
        (second, run(&after, 8).nodes)
    };
    let mut plain = SearchOptions::default();
    plain.features.set("kept-histories", false).unwrap();
    let (plain_second, plain_fresh) = second_and_fresh_nodes(&plain);
    let (kept_second, kept_fresh) = second_and_fresh_nodes(&SearchOptions::default());
    assert_ne!(kept_second, plain_second);
    assert_eq!(kept_fresh, plain_fresh);
}

#[test]
fn root_moves_can_be_restricted_and_banned() {
    let fen = "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1";
    let pos = Position::from_fen(fen).unwrap();
    let mate = pos.parse_move("a1a8").unwrap();
    let quiet = pos.parse_move("g1f2").unwrap();
    let banned = Limits { depth: Some(4), banned_moves: vec![mate.code()], ..Limits::default() };
    let (_, r) = run(fen, banned);
    assert_ne!(r.best, Some(mate));
    let only = Limits { depth: Some(4), search_moves: vec![quiet.code()], ..Limits::default() };
    let (_, r) = run(fen, only);
    assert_eq!(r.best, Some(quiet));
}

#[test]
fn a_search_stopped_by_its_node_limit_still_answers_with_a_scored_move() {
    // One node is not enough for anything: the first iteration ends anyway, so the move comes
    // with a real score, not the "no score" that reads as a mate.
    for nodes in [0, 1, 2] {
        let (pos, r) = run("r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3", Limits::nodes(nodes));
        assert!(r.best.is_some_and(|m| pos.parse_move(&m.to_string()).is_ok()), "{nodes}");
        assert!(r.score.abs() < 1000 && r.depth >= 1, "nodes {nodes}: score {} depth {}", r.score, r.depth);
    }
}

/// The moves a level below full strength plays in `fen` over `seeds` searches.
fn moves_at(elo: u32, fen: &str, seeds: std::ops::Range<u64>) -> Vec<String> {
    let pos = Position::from_fen(fen).unwrap();
    let strength = Strength::from_elo(elo).unwrap();
    seeds
        .map(|seed| {
            let tt = TranspositionTable::try_new(4).unwrap();
            let options = SearchOptions { strength: Some(strength.with_seed(seed)), ..SearchOptions::default() };
            let r = search(&pos, &Limits::default(), &options, &tt, &SearchControl::new(), &mut |_| {});
            assert!(
                r.nodes < strength.nodes() * 20 + 2_000,
                "{elo}: {} nodes for a budget of {}",
                r.nodes,
                strength.nodes()
            );
            assert_eq!(r.pv.first(), r.best.as_ref());
            r.best.unwrap().to_string()
        })
        .collect()
}

#[test]
fn a_weak_level_varies_its_moves_but_never_gives_away_a_won_queen() {
    let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    let masters = ["e2e4", "d2d4", "c2c4", "g1f3", "e2e3", "g2g3"];
    let mut weak = moves_at(800, start, 0..24);
    weak.sort();
    weak.dedup();
    assert!(weak.len() >= 3, "800 plays only {weak:?} from the start");
    assert!(weak.iter().any(|m| !masters.contains(&m.as_str())), "800 plays {weak:?}");
    // The strongest level varies among the openings masters play (1. e3 and 1. g3 among them).
    let strong = moves_at(2800, start, 0..8);
    assert!(strong.iter().all(|m| masters.contains(&m.as_str())), "2800 plays {strong:?}");
    // A queen hangs to a pawn: every level from 800 takes it (the weakest may overlook it).
    let free_queen = "rnb1kbnr/pppp1ppp/8/4q3/3P4/8/PPP1PPPP/RNBQKBNR w KQkq - 0 3";
    for elo in [800, 1200, 2000] {
        let moves = moves_at(elo, free_queen, 0..8);
        assert!(moves.iter().all(|m| m == "d4e5"), "{elo}: {moves:?}");
    }
}
