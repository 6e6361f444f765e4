//! Xiangqi problems, every key set checked independently by `scripts/mate_keys.py xiangqi`
//! (exhaustive search on Fairy-Stockfish's rules through pyffish, repetitions included): mates in two and three, a cook, zugzwang,
//! a stalemate that wins, and a mate that would need perpetual check.

use ladya_core::{EndReason, Game, Outcome, Side};
use ladya_solver::{After, Options, Solution, Table, Threat, solve};
use ladya_xiangqi::Position;

type Move = <Position as Game>::Move;

fn position(fen: &str, moves: &str) -> Position {
    let mut pos = Position::from_fen(fen).unwrap();
    for text in moves.split_whitespace() {
        let m = pos.parse_move(text).unwrap();
        pos.make(m);
    }
    pos
}

fn solution(pos: &Position, mate: u32) -> Solution<Move> {
    solve(pos, mate, &Options::default(), &Table::try_new(4).unwrap())
}

/// The keys in ICCS form, sorted.
fn keys(solution: &Solution<Move>) -> Vec<String> {
    let mut keys: Vec<String> = solution.keys.iter().map(|k| k.mv.to_string()).collect();
    keys.sort();
    keys
}

fn keys_of(fen: &str, mate: u32) -> Vec<String> {
    keys(&solution(&position(fen, ""), mate))
}

#[test]
fn mates_in_two_and_three() {
    for (fen, mate, expected) in [
        ("4ka3/9/5a3/9/9/9/1R7/3R5/9/5K3 w - - 0 1", 2, &["d2e2"][..]),
        // A cook: two keys.
        ("9/4a4/b4k3/9/9/3R5/9/9/3K5/1R7 w - - 0 1", 2, &["b0f0", "d4f4"]),
        ("5kb2/9/6R2/9/9/7N1/9/9/9/3K5 w - - 0 1", 3, &["g7g9"]),
        ("7P1/5k3/3P1N3/9/6b2/9/9/9/3K5/9 w - - 0 1", 3, &["f7g5"]),
        ("5a3/5k3/3a5/9/9/9/9/1N7/9/2C1K4 w - - 0 1", 3, &["c0c8"]),
    ] {
        assert_eq!(keys_of(fen, mate), expected, "{fen}");
        assert!(keys_of(fen, mate - 1).is_empty(), "{fen}: no shorter mate");
    }
}

#[test]
fn zugzwang() {
    // 1.P6.7 threatens nothing: every move of the general or the elephant loses.
    let s = solution(&position("3P5/3k5/4b4/9/9/9/R8/9/4K4/9 w - - 0 1", ""), 3);
    assert_eq!(keys(&s), ["d9c9"]);
    let Some(After::Play(play)) = &s.keys[0].after else { panic!("1.P6.7 does not mate at once") };
    assert_eq!(play.threat, Threat::Zugzwang);
    assert_eq!(play.defences.len(), 5);
}

#[test]
fn stalemate_wins() {
    // 1.R6+2 gives no check, but leaves the general no move: in xiangqi that loses.
    let pos = position("4k4/9/9/3R5/9/9/9/9/1C7/5K3 w - - 0 1", "");
    let s = solution(&pos, 1);
    assert_eq!(keys(&s), ["d6d8"]);
    let mut after = pos.clone();
    after.make(s.keys[0].mv);
    assert!(!after.in_check());
    assert_eq!(after.count_legal_moves(), 0);
    assert_eq!(after.no_moves_outcome(), Outcome::win(Side::White, EndReason::Stalemate));
}

#[test]
fn a_mate_that_needs_perpetual_check_is_no_mate() {
    // Without history, 1.R7-1 (the chariot checks from c8) mates in two.
    let problem = "2R6/4k4/3a1a2R/9/9/9/9/9/5K3/9 w - - 0 1";
    assert_eq!(keys_of(problem, 2), ["c9c8"]);
    // But the same position after Red has chased the general up and down with checks: the
    // position after 1.R7-1 has occurred twice, every Red move since its first occurrence gave
    // check, and a third occurrence loses for Red by perpetual check.
    let history = "e8e9 c8c9 e9e8 c9c8 e8e9 c8c9 e9e8";
    let pos = position("9/2R1k4/3a1a2R/9/9/9/9/9/5K3/9 b - - 1 1", history);
    assert_eq!(pos.fen().split(' ').next(), problem.split(' ').next());
    let mut repeated = pos.clone();
    repeated.make(pos.parse_move("c9c8").unwrap());
    assert_eq!(repeated.rule_outcome(usize::MAX), Some(Outcome::win(Side::Black, EndReason::PerpetualCheck)));
    assert!(keys(&solution(&pos, 2)).is_empty());
    // Mates in three remain that do not repeat: Fairy-Stockfish's rules give the same sixteen.
    let expected = [
        "c9a9", "c9b9", "c9d9", "f1f0", "f1f2", "i7f7", "i7g7", "i7h7", "i7i0", "i7i2", "i7i3", "i7i4", "i7i5", "i7i6",
        "i7i8", "i7i9",
    ];
    assert_eq!(keys(&solution(&pos, 3)), expected);
}

/// Every line of at most `left` moves from `pos` in which the side to move at the last move
/// mates (or stalemates: a loss in xiangqi), found by trying every line: what a helpmate
/// solver must find, by brute force.
fn brute_force_help(pos: &mut Position, left: u32, mater: Side, line: &mut Vec<String>, out: &mut Vec<String>) {
    for &m in pos.legal_moves().iter() {
        let mover = pos.side_to_move();
        pos.make(m);
        line.push(m.to_string());
        let lost = pos.count_legal_moves() == 0 && pos.no_moves_outcome().winner == Some(mover);
        if lost && mover == mater {
            out.push(line.join(" "));
        } else if !lost && left > 1 {
            brute_force_help(pos, left - 1, mater, line, out);
        }
        line.pop();
        pos.unmake();
    }
}

#[test]
fn helpmates_are_every_mating_line() {
    use ladya_solver::{Cooperative, solve_lines};
    for (fen, moves, half) in [
        ("3k5/9/9/9/9/9/9/9/4R4/4K4 b - - 0 1", 2, false),
        ("4k4/9/4P4/9/9/9/9/9/9/3K5 b - - 0 1", 2, false),
        ("3k5/4a4/9/9/9/9/9/9/4R4/4K4 w - - 0 1", 1, true),
    ] {
        let mut pos = position(fen, "");
        let stipulation = Cooperative::Help { moves, half };
        let mater = if half { pos.side_to_move() } else { pos.side_to_move().opponent() };
        let mut expected = Vec::new();
        brute_force_help(&mut pos, stipulation.line_length(), mater, &mut Vec::new(), &mut expected);
        expected.sort();
        let lines = solve_lines(&pos, stipulation, &Options::default(), &Table::try_new(4).unwrap());
        let mut found: Vec<String> =
            lines.solutions.iter().map(|l| l.iter().map(|m| m.to_string()).collect::<Vec<_>>().join(" ")).collect();
        found.sort();
        assert!(!expected.is_empty(), "{fen}: no helpmate to compare");
        assert_eq!(found, expected, "{fen} {stipulation}");
    }
}
