//! Ladya's solutions against Popeye's, problem by problem: `data/popeye/*.epd` holds random
//! positions with few pieces for every stipulation, each with Popeye 4.104's answer (every
//! solution of help- and series-play, every key of self- and reflexmates), made by
//! `scripts/popeye_compare.py generate` (see docs/solver.md).

use ladya_chess::Position;
use ladya_core::Game;
use ladya_solver::{Options, Stipulation, Table, replay, solve, solve_lines};

/// Series helpmates where Popeye leaves out some lines in which the king walks back and forth
/// and returns to a square it stood on (most of them bring a position back a third time, not
/// all; see docs/solver.md). Ladya lists them; Popeye's lines are all among Ladya's.
const POPEYE_OMITS: [&str; 4] = [
    "8/1R3K2/3k4/8/4P3/4Q3/8/8 b - -",
    "3k4/8/8/4Q3/6K1/1Q6/7R/8 b - -",
    "7R/8/8/6P1/8/Q7/4K2k/8 b - -",
    "8/8/8/8/1P6/3K4/2Q5/5k2 b - -",
];

/// Ladya's answer as the data files write Popeye's: sorted keys, or sorted solutions with
/// their moves in UCI form.
fn ladya_answer(pos: &Position, stipulation: Stipulation, table: &Table) -> Vec<String> {
    let mut answer: Vec<String> = match stipulation {
        Stipulation::Forced { aim, moves } => {
            let options = Options { aim, keys_only: true, ..Options::default() };
            solve(pos, moves, &options, table).keys.iter().map(|k| pos.move_text(k.mv)).collect()
        }
        Stipulation::Cooperative(play) => solve_lines(pos, play, &Options::default(), table)
            .solutions
            .iter()
            .map(|line| {
                let mut texts = Vec::new();
                replay(pos, play, line, |at, m| texts.push(at.move_text(m)));
                texts.join(" ")
            })
            .collect(),
    };
    answer.sort();
    answer
}

/// Solves every problem of `data/popeye/NAME.epd`; returns how many there were.
fn agree_with_popeye(name: &str) -> usize {
    let path = format!("{}/../../data/popeye/{name}.epd", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    let table = Table::try_new(16).unwrap();
    let mut count = 0;
    for line in text.lines().filter(|l| !l.starts_with('#') && !l.trim().is_empty()) {
        let (fen, ops) = line.split_once(" ; ").unwrap();
        let stip = ops.split("stip ").nth(1).and_then(|s| s.split(';').next()).unwrap();
        let stipulation: Stipulation = stip.parse().unwrap();
        let answer = ops.split(';').nth(1).unwrap().trim();
        let (word, rest) = answer.split_once(' ').unwrap_or((answer, ""));
        let mut popeye: Vec<String> = if word == "solutions" {
            rest.split(" | ").filter(|s| !s.is_empty()).map(str::to_string).collect()
        } else {
            rest.split_whitespace().map(str::to_string).collect()
        };
        popeye.sort();
        let pos: Position = fen.parse().unwrap();
        let ladya = ladya_answer(&pos, stipulation, &table);
        if POPEYE_OMITS.contains(&fen) {
            assert!(popeye.iter().all(|p| ladya.contains(p)), "{fen} {stip}: Popeye has a line Ladya lacks");
            assert!(ladya.len() > popeye.len(), "{fen} {stip}: Popeye no longer leaves lines out");
        } else {
            assert_eq!(ladya, popeye, "{fen} {stip}");
        }
        count += 1;
    }
    count
}

#[test]
fn helpmates() {
    assert_eq!(agree_with_popeye("h2"), 200);
    assert_eq!(agree_with_popeye("h25"), 100);
}

#[test]
fn helpmates_in_three() {
    assert_eq!(agree_with_popeye("h3"), 40);
}

#[test]
fn selfmates_and_reflexmates() {
    assert_eq!(agree_with_popeye("s2"), 120);
    assert_eq!(agree_with_popeye("s3"), 24);
    assert_eq!(agree_with_popeye("r2"), 60);
}

#[test]
fn series_movers() {
    assert_eq!(agree_with_popeye("serh3"), 60);
    assert_eq!(agree_with_popeye("ser3"), 60);
    assert_eq!(agree_with_popeye("serh5"), 40);
}
