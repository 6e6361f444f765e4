//! What the targets need of each game: its checked front door (`play`, `play_text`,
//! `is_legal`), random games, random piece placements, and seed positions from `data/`.

use ladya_core::{Game, MoveList};

use crate::rng::Rng;

/// A game's position as the targets drive it: the [`Game`] trait plus the front-door methods
/// every game crate gets from [`ladya_core::position_front_door!`].
pub trait Subject: Game + PartialEq {
    /// Seed positions: real FENs from the repository's data files and tests.
    const SEEDS: &'static [&'static str];
    /// The board's files and ranks, and the letters a placement field may use.
    const BOARD: (u8, u8, &'static str);
    /// Words for the fields after the placement, one list per field.
    const FIELDS: &'static [&'static [&'static str]];

    /// The front door's `is_legal`.
    fn front_is_legal(&self, m: Self::Move) -> bool;
    /// The front door's `play`: whether it played `m`.
    fn front_play(&mut self, m: Self::Move) -> bool;
    /// The front door's `play_text`: the move it played, if any.
    fn front_play_text(&mut self, text: &str) -> Option<Self::Move>;
    /// The front door's `human_move`.
    fn front_human_move(&self, m: Self::Move) -> String;
}

macro_rules! subject {
    ($pos:ty, $seeds:expr, $board:expr, $fields:expr) => {
        impl Subject for $pos {
            const SEEDS: &'static [&'static str] = $seeds;
            const BOARD: (u8, u8, &'static str) = $board;
            const FIELDS: &'static [&'static [&'static str]] = $fields;

            fn front_is_legal(&self, m: Self::Move) -> bool {
                self.is_legal(m)
            }
            fn front_play(&mut self, m: Self::Move) -> bool {
                self.play(m).is_ok()
            }
            fn front_play_text(&mut self, text: &str) -> Option<Self::Move> {
                self.play_text(text).ok()
            }
            fn front_human_move(&self, m: Self::Move) -> String {
                self.human_move(m)
            }
        }
    };
}

/// The positions of an EPD or perft file: each non-comment line up to its first `;`.
fn file_positions(text: &'static str) -> impl Iterator<Item = &'static str> {
    text.lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        .map(|l| l.split(';').next().unwrap_or(l).trim())
}

/// The chess mate-in-2 problems.
pub const MATE_IN_2: &str = include_str!("../../../data/mate-in-2.epd");

/// Chess seeds: the perft and test-suite files and the problems.
pub const CHESS_FILES: &[&str] =
    &[include_str!("../../../data/chess-perft.epd"), include_str!("../../../data/wac.epd"), MATE_IN_2];

/// Chess960 seeds: the Chess960 perft file.
pub const CHESS960_FILES: &[&str] = &[include_str!("../../../data/chess960-perft.epd")];

/// Xiangqi seeds: the perft and repetition files.
pub const XIANGQI_FILES: &[&str] =
    &[include_str!("../../../data/xiangqi-perft.epd"), include_str!("../../../data/xiangqi-repetitions.epd")];

/// Ugolki seeds: the perft file.
pub const UGOLKI_FILES: &[&str] = &[include_str!("../../../data/ugolki-perft.epd")];

/// The seed positions of a game's files, with the given extra positions.
pub fn seed_positions(files: &[&'static str], extra: &[&'static str]) -> Vec<&'static str> {
    files.iter().flat_map(|f| file_positions(f)).chain(extra.iter().copied()).collect()
}

/// The whole lines of a game's files (positions with their operations), for the EPD target.
pub fn seed_lines(files: &[&'static str]) -> Vec<&'static str> {
    files.iter().flat_map(|f| f.lines()).filter(|l| !l.trim().is_empty() && !l.starts_with('#')).collect()
}

subject!(
    ladya_chess::Position,
    &[
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
        "rnbqkb1r/ppp1pppp/5n2/3pP3/8/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 3",
        "4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1",
        "4k3/1P6/8/8/8/8/6p1/4K3 w - - 0 1",
    ],
    (8, 8, "PNBRQKpnbrqk"),
    &[
        &["w", "b"],
        &["KQkq", "-", "Kq", "HAha", "K", "q"],
        &["-", "e3", "d6", "a3", "h6"],
        &["0", "1", "99"],
        &["1", "2", "60"]
    ]
);

subject!(
    ladya_xiangqi::Position,
    &[
        "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1",
        "4k4/R8/9/9/9/9/9/9/9/1R1K5 w - - 0 1",
        "rheakaehr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RHEAKAEHR r - - 0 1",
    ],
    (9, 10, "KABNRCPHEkabnrcphe"),
    &[&["w", "b", "r"], &["-"], &["-"], &["0", "1", "119"], &["1", "2", "60"]]
);

subject!(
    ladya_ugolki::Position,
    &["WWWW4/WWWW4/WWWW4/8/7B/4BBB1/4BBBB/4BBBB b 50", "8/8/8/8/4BBBB/4BBBB/4BBBB/8 w 1"],
    (8, 8, "WBwb"),
    &[&["w", "b"], &["1", "40", "41", "80", "81"]]
);

/// Plays up to `plies` random legal moves from `pos`, stopping where the game ends; returns
/// the moves played.
pub fn random_game<G: Game>(rng: &mut Rng, pos: &mut G, plies: usize) -> Vec<G::Move> {
    let mut played = Vec::new();
    for _ in 0..plies {
        if pos.rule_outcome(usize::MAX).is_some() {
            break;
        }
        let mut moves = MoveList::new();
        pos.legal_moves(&mut moves);
        if moves.is_empty() {
            break;
        }
        let m = moves[rng.below(moves.len())];
        played.push(m);
        pos.make(m);
    }
    played
}

/// A position for the targets to work on: a seed or the start, after a random game of up to
/// 80 plies. `read` reads a seed (chess960 positions need their own reader).
pub fn random_position<G: Subject>(rng: &mut Rng, seeds: &[&str], read: impl Fn(&str) -> Option<G>) -> G {
    let seed = *rng.pick(seeds);
    let mut pos = if rng.one_in(3) { G::start() } else { read(seed).unwrap_or_else(G::start) };
    let plies = rng.below(81);
    random_game(rng, &mut pos, plies);
    pos
}

/// A random FEN of the game's shape: random letters and digits on every rank (not always the
/// right number of squares), and fields drawn from the game's words.
pub fn random_placement<G: Subject>(rng: &mut Rng) -> String {
    let (files, ranks, letters) = G::BOARD;
    let letters = letters.as_bytes();
    let mut out = String::new();
    for rank in 0..ranks {
        let mut squares = 0;
        while squares < files {
            if rng.one_in(3) {
                out.push(char::from(*rng.pick(letters)));
                squares += 1;
            } else {
                let run = rng.range(1, u64::from(files - squares)) as u8;
                out.push(char::from(b'0' + run));
                squares += run;
            }
            if rng.one_in(40) {
                break;
            }
        }
        if rank + 1 < ranks {
            out.push('/');
        }
    }
    for field in G::FIELDS {
        out.push(' ');
        let word = *rng.pick(field);
        out.push_str(word);
    }
    out
}
