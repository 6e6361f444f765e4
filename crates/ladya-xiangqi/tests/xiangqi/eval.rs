//! The evaluation's behaviour: symmetric between the colours and between the wings, and
//! preferring what every xiangqi player prefers (a crossed soldier, an intact palace against
//! rooks, the cannon early and the horse late, no hollow cannon facing one's general).

use ladya_core::{Game, MoveList, Side};
use ladya_xiangqi::Tapered;
use ladya_xiangqi::weights::{MATERIAL, PHASE_FULL};
use ladya_xiangqi::{Position, Terms};

/// The position with the colours swapped: ranks turned round, upper and lower case exchanged,
/// the other side to move.
fn colour_mirror(fen: &str) -> String {
    let mut fields: Vec<String> = fen.split_whitespace().map(str::to_string).collect();
    let swapped: String = fields[0]
        .chars()
        .map(|c| if c.is_ascii_uppercase() { c.to_ascii_lowercase() } else { c.to_ascii_uppercase() })
        .collect();
    fields[0] = swapped.split('/').rev().collect::<Vec<_>>().join("/");
    fields[1] = if fields[1] == "b" { "w".to_string() } else { "b".to_string() };
    fields.join(" ")
}

/// The position reflected left to right (file a becomes file i).
fn wing_mirror(fen: &str) -> String {
    let mut fields: Vec<String> = fen.split_whitespace().map(str::to_string).collect();
    fields[0] = fields[0]
        .split('/')
        .map(|rank| {
            // Expand, reverse, compress.
            let cells: String =
                rank.chars().flat_map(|c| c.to_digit(10).map_or(vec![c], |n| vec!['.'; n as usize])).rev().collect();
            let mut out = String::new();
            let mut empty = 0;
            for c in cells.chars() {
                if c == '.' {
                    empty += 1;
                } else {
                    if empty > 0 {
                        out.push_str(&empty.to_string());
                        empty = 0;
                    }
                    out.push(c);
                }
            }
            if empty > 0 {
                out.push_str(&empty.to_string());
            }
            out
        })
        .collect::<Vec<_>>()
        .join("/");
    fields.join(" ")
}

fn eval(fen: &str) -> i32 {
    Position::from_fen(fen).unwrap_or_else(|e| panic!("{fen}: {e}")).evaluate()
}

/// Adds up the terms as the tuner's linear model does.
struct Total(Tapered);

impl Terms for Total {
    fn add(&mut self, weight: &'static Tapered, count: i32) {
        self.0 += *weight * count;
    }
}

/// The evaluation is the blend of its terms, damped for a leader that cannot mate: the linear
/// model the tuner relies on.
fn assert_terms_add_up(pos: &Position) {
    let mut total = Total(Tapered::default());
    pos.evaluation_terms(&mut total);
    let red = total.0.taper(pos.phase(), PHASE_FULL);
    let leader = if red > 0 { Side::White } else { Side::Black };
    let red = if pos.can_mate(leader) { red } else { red / ladya_xiangqi::weights::NO_ATTACKER_DIVISOR };
    let sign = if pos.side_to_move() == Side::White { 1 } else { -1 };
    assert_eq!(sign * red, pos.evaluate(), "{}", pos.fen());
}

fn assert_symmetric(pos: &Position) {
    let fen = pos.fen();
    let value = pos.evaluate();
    assert_eq!(eval(&colour_mirror(&fen)), value, "colour mirror of {fen}");
    assert_eq!(eval(&wing_mirror(&fen)), value, "wing mirror of {fen}");
}

#[test]
fn mirrors_evaluate_alike_and_terms_add_up_along_random_games() {
    let starts: Vec<String> = include_str!("../../../../data/xiangqi-perft.epd")
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|l| l.split(';').next().unwrap().trim().to_string())
        .collect();
    assert!(starts.len() >= 5);
    let mut rng = ladya_core::rng::Rng::new(0x2545_F491_4F6C_DD1D);
    for fen in &starts {
        for _game in 0..4 {
            let mut pos = Position::from_fen(fen).unwrap();
            for _ply in 0..120 {
                assert_symmetric(&pos);
                assert_terms_add_up(&pos);
                let mut moves = MoveList::new();
                pos.append_legal_moves(&mut moves);
                if moves.is_empty() {
                    break;
                }
                pos.make(moves[rng.below(moves.len())]);
            }
        }
    }
}

#[test]
fn the_side_to_move_sees_the_negated_score() {
    let fen = "r1ba1a3/4kn3/2n1b4/pNp1p1p1p/4c4/6P2/P1P2R2P/1CcC5/9/2BAKAB2 w - - 0 1";
    assert_eq!(eval(fen), -eval(&fen.replace(" w ", " b ")));
    assert_ne!(eval(fen), 0);
}

#[test]
fn a_crossed_soldier_is_worth_more() {
    let home = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1";
    let crossed = "rnbakabnr/9/1c5c1/p1p1p1p1p/4P4/9/P1P3P1P/1C5C1/9/RNBAKABNR w - - 0 1";
    let near_palace = "rnbakabnr/9/1c2P2c1/p1p1p1p1p/9/9/P1P3P1P/1C5C1/9/RNBAKABNR w - - 0 1";
    assert!(eval(crossed) > eval(home) + 30, "{} {}", eval(crossed), eval(home));
    assert!(eval(near_palace) > eval(crossed));
}

#[test]
fn missing_advisors_fear_rooks_and_missing_elephants_fear_cannons() {
    // The cost to Red of losing the d0 advisor (or the c0 elephant) from its start position,
    // with Black's attackers being its two rooks, its two cannons or its two horses.
    let board = |black: &str, red: &str| {
        let (back, cannons) = black.split_once('/').unwrap();
        format!("{back}/9/{cannons}/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/{red} w - - 0 1")
    };
    let cost = |black: &str, lost: &str| eval(&board(black, "RNBAKABNR")) - eval(&board(black, lost));
    // The bare material of the piece lost, blended by the phase of the position without it.
    let material = |black: &str, lost: &str, kind: usize| {
        MATERIAL[kind].taper(Position::from_fen(&board(black, lost)).unwrap().phase(), PHASE_FULL)
    };
    let (rooks, cannons, horses) = ("r1bakab1r/9", "2bakab2/1c5c1", "1nbakabn1/9");
    let no_advisor = "RNB1KABNR";
    let no_elephant = "RN1AKABNR";
    assert!(cost(rooks, no_advisor) > cost(horses, no_advisor));
    assert!(cost(rooks, no_advisor) > cost(cannons, no_advisor));
    assert!(cost(cannons, no_elephant) > cost(rooks, no_elephant));
    // Either way a defender is worth more than its bare material against attackers.
    assert!(cost(rooks, no_advisor) > material(rooks, no_advisor, 1));
    assert!(cost(cannons, no_elephant) > material(cannons, no_elephant, 2));
}

#[test]
fn a_hollow_cannon_against_the_general_hurts() {
    // A black cannon on the open e-file facing the red general, or one file over.
    let hollow = "3k5/9/9/9/4c4/9/9/9/9/3AKA3 w - - 0 1";
    let aside = "3k5/9/9/9/3c5/9/9/9/9/3AKA3 w - - 0 1";
    assert!(eval(hollow) < eval(aside) - 40, "{} {}", eval(hollow), eval(aside));
    // With two pieces between, moving either lets the cannon check: a smaller worry.
    let two_screens = "3k5/9/9/9/4c4/4p4/4P4/9/9/3AKA3 w - - 0 1";
    let two_aside = "3k5/9/9/9/3c5/4p4/4P4/9/9/3AKA3 w - - 0 1";
    assert!(eval(two_screens) < eval(two_aside), "{} {}", eval(two_screens), eval(two_aside));
    assert!(eval(two_aside) - eval(two_screens) < eval(aside) - eval(hollow));
}

#[test]
fn cannons_shine_on_a_full_board_and_horses_on_an_empty_one() {
    // The start position without a red horse on h0 and with a cannon there instead, against
    // the start position without the red cannon on h2 (so that both sides of each pair have
    // the same pieces but one): first on a full board ...
    let horse = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C7/9/RNBAKABNR w - - 0 1";
    let cannon = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C7/9/RNBAKABCR w - - 0 1";
    assert!(eval(cannon) > eval(horse), "{} {}", eval(cannon), eval(horse));
    // ... then in an ending with a few soldiers.
    let horse = "3ak4/4a4/9/p7p/9/2N3P2/9/9/4A4/4KA3 w - - 0 1";
    let cannon = "3ak4/4a4/9/p7p/9/2C3P2/9/9/4A4/4KA3 w - - 0 1";
    assert!(eval(horse) > eval(cannon), "{} {}", eval(horse), eval(cannon));
}

#[test]
fn a_free_horse_beats_a_hemmed_one() {
    let free = "3ak4/4a4/9/9/4N4/9/9/9/4A4/4KA3 w - - 0 1";
    let hemmed = "3ak4/4a4/9/9/9/9/9/9/4A4/N3KA3 w - - 0 1";
    assert!(eval(free) > eval(hemmed) + 50);
}

#[test]
fn no_mate_no_lead() {
    // Red is a defender set up but has nothing to attack with: it cannot win.
    let defenders = "4k4/9/9/9/9/9/9/4B4/4A4/3AK1B2 w - - 0 1";
    assert!(eval(defenders).abs() < 100, "{}", eval(defenders));
    // A soldier changes everything.
    let soldier = "4k4/9/9/9/9/9/P8/4B4/4A4/3AK1B2 w - - 0 1";
    assert!(eval(soldier) > 300);
}

#[test]
fn evaluation_is_the_game_evaluation() {
    let pos = Position::start();
    assert_eq!(Game::evaluate(&pos), pos.evaluate());
}
