//! Chess problems with key sets checked independently (`scripts/mate_keys.py chess`, exhaustive
//! search on python-chess's move generator, and Popeye's key sets for the mate-in-2 collection): longer mates, zugzwang, cooks, short
//! solutions, tries, stalemate, repetition in the history, and threads.

use ladya_chess::Position;
use ladya_core::Game;
use ladya_solver::{After, Options, Solution, Table, Threat, solve};

type Move = <Position as Game>::Move;

fn position(fen: &str, moves: &str) -> Position {
    let mut pos = Position::from_fen(fen).unwrap();
    for text in moves.split_whitespace() {
        let m = pos.parse_move(text).unwrap();
        pos.make(m);
    }
    pos
}

fn solution(pos: &Position, mate: u32, options: Options) -> Solution<Move> {
    solve(pos, mate, &options, &Table::try_new(4).unwrap())
}

/// The keys in UCI form, sorted.
fn keys(solution: &Solution<Move>) -> Vec<String> {
    let mut keys: Vec<String> = solution.keys.iter().map(|k| k.mv.to_string()).collect();
    keys.sort();
    keys
}

fn keys_of(fen: &str, mate: u32) -> Vec<String> {
    keys(&solution(&position(fen, ""), mate, Options { keys_only: true, ..Options::default() }))
}

#[test]
fn mates_in_three_and_four() {
    // Rook and king against king: only 1.Kc6 mates in three; there is no mate in two.
    assert_eq!(keys_of("1k6/8/8/3K4/8/8/3R4/8 w - - 0 1", 3), ["d5c6"]);
    assert!(keys_of("1k6/8/8/3K4/8/8/3R4/8 w - - 0 1", 2).is_empty());
    // The queen stops the pawn and mates: only 1.Qd3.
    assert_eq!(keys_of("3Q4/8/8/2p5/8/5K2/4p3/5k2 w - - 0 1", 3), ["d8d3"]);
    // A cooked mate in three: two keys.
    assert_eq!(keys_of("8/8/8/8/4K2k/8/8/2Q5 w - - 0 1", 3), ["c1g1", "e4f4"]);
    // Mates in four with no mate in three: the rook stops the pawn (1.Rd8), takes the knight
    // (1.Rxc5), makes way for the king (1.Rg1); two knights mate in two ways.
    for (fen, key) in [
        ("6R1/k7/2K5/8/8/8/3p4/8 w - - 0 1", &["g8d8"][..]),
        ("8/8/8/2n5/1K6/2R5/1k6/8 w - - 0 1", &["c3c5"]),
        ("3K2Nk/4p3/8/8/8/8/8/5R2 w - - 0 1", &["f1g1"]),
        ("8/3N1K1k/8/p7/8/4N3/8/8 w - - 0 1", &["e3f5", "e3g4"]),
    ] {
        assert_eq!(keys_of(fen, 4), key, "{fen}");
        assert!(keys_of(fen, 3).is_empty(), "{fen}");
    }
}

#[test]
fn zugzwang_key_threatens_nothing() {
    let pos = position("8/8/1KNpn2p/3k4/4n3/1P4N1/8/8 w - - 0 1", "");
    let s = solution(&pos, 2, Options::default());
    assert_eq!(keys(&s), ["g3h5"]);
    let Some(After::Play(play)) = &s.keys[0].after else { panic!("1.Nh5 does not mate at once") };
    assert_eq!(play.threat, Threat::Zugzwang);
    // Every one of Black's 15 moves is answered by a mate.
    assert_eq!(play.defences.len(), 15);
    assert!(play.defences.iter().all(|d| d.length == 1 && !d.answers.is_empty() && d.then.is_none()));
}

#[test]
fn cooks_and_checking_keys() {
    // Popeye finds two keys, both checks.
    let pos = position("8/8/8/8/p3Q3/K1p5/2r5/k7 w - - 0 1", "");
    let s = solution(&pos, 2, Options::default());
    assert_eq!(keys(&s), ["e4e1", "e4h1"]);
    for key in &s.keys {
        assert_eq!(key.length, 2);
        let Some(After::Play(play)) = &key.after else { panic!("no play after {}", key.mv) };
        assert_eq!(play.threat, Threat::Check);
        assert_eq!(play.defences.len(), 1);
        assert_eq!(play.defences[0].answers.len(), 1);
    }
}

#[test]
fn threats_and_duals() {
    let pos = position("kb3Q2/pn6/p1Q5/p7/P7/8/p1pPP3/rbK5 w - - 0 1", "");
    let s = solution(&pos, 2, Options::default());
    assert_eq!(keys(&s), ["f8f3"]);
    let Some(After::Play(play)) = &s.keys[0].after else { panic!() };
    let Threat::Mate { length: 1, moves } = &play.threat else { panic!("{:?}", play.threat) };
    assert_eq!(moves.iter().map(|m| m.to_string()).collect::<Vec<_>>(), ["c6b7"]);
    assert_eq!(play.defences.len(), 6);
    // 1.Qh8! (2.Qa1#, 2.Qb2#) 1...Nc6 is answered by two mates: a dual.
    let pos = position("8/8/3p4/n7/rp6/kp5Q/8/1K6 w - - 0 1", "");
    let s = solution(&pos, 2, Options::default());
    let Some(After::Play(play)) = &s.keys[0].after else { panic!() };
    let knight = play.defences.iter().find(|d| d.mv.to_string() == "a5c6").expect("1...Nc6");
    let mut answers: Vec<String> = knight.answers.iter().map(|m| m.to_string()).collect();
    answers.sort();
    assert_eq!(answers, ["h8a1", "h8b2"]);
}

#[test]
fn short_solutions_are_reported() {
    // Asked for mate in three, the only key mates in two.
    let pos = position("k7/3N4/2K5/1P1N4/8/8/8/8 w - - 0 1", "");
    let s = solution(&pos, 3, Options::default());
    assert_eq!(keys(&s), ["d5c7"]);
    assert_eq!(s.keys[0].length, 2);
    // A key that mates at once, asked for mate in two.
    let pos = position("k7/8/1K6/8/8/8/8/2Q5 w - - 0 1", "");
    let s = solution(&pos, 2, Options::default());
    let mate_at_once = s.keys.iter().find(|k| k.mv.to_string() == "c1c8").expect("1.Qc8# is a key");
    assert_eq!((mate_at_once.length, &mate_at_once.after), (1, &Some(After::Mate)));
}

#[test]
fn stalemate_is_no_mate() {
    // 1.Qc7 leaves Black without a move, but not in check: stalemate. Only 1.Qc8 mates.
    assert_eq!(keys_of("k7/8/1K6/8/8/8/8/2Q5 w - - 0 1", 1), ["c1c8"]);
}

#[test]
fn tries_have_one_refutation() {
    let pos = position("kb3Q2/pn6/p1Q5/p7/P7/8/p1pPP3/rbK5 w - - 0 1", "");
    let s = solution(&pos, 2, Options { tries: true, ..Options::default() });
    let mut tries: Vec<String> = s.tries.iter().map(|t| format!("{} {}", t.mv, t.refutation)).collect();
    tries.sort();
    assert_eq!(
        tries,
        [
            "c6b7 a8b7",
            "c6c7 b7d8",
            "c6c8 b7d8",
            "c6e8 b7d8",
            "f8b4 a5b4",
            "f8b8 a8b8",
            "f8e7 b8c7",
            "f8f7 b8c7",
            "f8g7 b8c7"
        ]
    );
}

#[test]
fn a_third_repetition_is_no_mate() {
    // 1.Nc7+ Ka7 2.b6# is the only mate in two, and in three...
    assert_eq!(keys_of("k7/3N4/2K5/1P1N4/8/8/8/8 w - - 0 1", 3), ["d5c7"]);
    // ... but here the position after 1.Nc7+ has occurred twice already: a third time is a
    // draw by repetition, and no mate in two or three is left.
    let fen = "k7/2NN4/2K5/1P6/8/8/8/8 b - - 1 1";
    let pos = position(fen, "a8a7 c7e8 a7a8 e8c7 a8a7 c7d5 a7a8");
    assert_eq!(pos.to_fen().split(' ').next(), Some("k7/3N4/2K5/1P1N4/8/8/8/8"));
    for mate in [2, 3] {
        assert!(keys(&solution(&pos, mate, Options::default())).is_empty(), "mate in {mate}");
    }
}

#[test]
fn threads_find_the_same_solution() {
    for (fen, mate) in [("kb3Q2/pn6/p1Q5/p7/P7/8/p1pPP3/rbK5 w - - 0 1", 3), ("8/8/8/8/4K2k/8/8/2Q5 w - - 0 1", 3)] {
        let pos = position(fen, "");
        let one = solution(&pos, mate, Options { tries: true, ..Options::default() });
        let two = solution(&pos, mate, Options { tries: true, threads: 2, ..Options::default() });
        assert_eq!((&one.keys, &one.tries), (&two.keys, &two.tries), "{fen}");
    }
}

#[test]
fn no_moves_no_keys() {
    // White is mated: nothing to solve. Mate in zero asks for nothing.
    assert!(keys_of("8/8/8/8/8/5k2/6q1/7K w - - 0 1", 2).is_empty());
    assert!(keys_of("k7/8/1K6/8/8/8/8/2Q5 w - - 0 1", 0).is_empty());
}

#[test]
fn a_stop_ends_solving_and_leaves_the_table_sound() {
    use std::sync::Arc;
    use std::sync::atomic::{AtomicBool, Ordering::Relaxed};

    // Two knights mate in four: stopped before it starts, the solve says so and nothing else.
    let pos = position("8/3N1K1k/8/p7/8/4N3/8/8 w - - 0 1", "");
    let table = Table::try_new(4).unwrap();
    let stop = Arc::new(AtomicBool::new(true));
    let options = Options { stop: Some(stop.clone()), threads: 2, ..Options::default() };
    let stopped = solve(&pos, 4, &options, &table);
    assert!(stopped.stopped && stopped.keys.is_empty());
    // The same table then gives the full answer.
    stop.store(false, Relaxed);
    let solved = solve(&pos, 4, &options, &table);
    assert!(!solved.stopped);
    assert_eq!(keys(&solved), ["e3f5", "e3g4"]);
}

#[test]
fn the_shortest_mate_is_found_upwards() {
    let pos = position("1k6/8/8/3K4/8/8/3R4/8 w - - 0 1", "");
    let mut missed = Vec::new();
    let s = ladya_solver::solve_shortest(&pos, 5, &Options::default(), &Table::try_new(4).unwrap(), &mut |miss| {
        missed.push(miss.mate)
    });
    assert_eq!((s.mate, keys(&s)), (3, vec!["d5c6".to_string()]));
    assert_eq!(missed, [1, 2]);
}
