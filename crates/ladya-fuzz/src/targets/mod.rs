//! The fuzz targets: each makes inputs ([`Target::generate`]) and checks one
//! ([`Target::check`]) against the invariants of the code it drives.

mod epd;
mod pgn;
mod positions;
mod protocol;
mod solver;

use ladya_chess::Position as Chess;
use ladya_ugolki::Position as Ugolki;
use ladya_xiangqi::Position as Xiangqi;

use crate::games::{CHESS_FILES, CHESS960_FILES, Subject, UGOLKI_FILES, XIANGQI_FILES, seed_positions};
use crate::rng::Rng;
use positions::{check_fen, check_move, generate_fen, generate_move, read_standard};
use protocol::Protocol;

/// A fuzz target: a name, what it drives, and how to make and check an input.
pub struct Target {
    /// The name `ladya-fuzz run` takes.
    pub name: &'static str,
    /// One line on what it drives and checks.
    pub about: &'static str,
    generate: fn(&mut Rng) -> Vec<u8>,
    check: fn(&[u8]) -> Result<(), String>,
}

impl Target {
    /// A new input, made from `rng` alone.
    pub fn generate(&self, rng: &mut Rng) -> Vec<u8> {
        (self.generate)(rng)
    }

    /// Runs the input through the code under test and checks its invariants. Panics of the
    /// code under test are left to the caller to catch.
    ///
    /// # Errors
    /// A broken invariant, as `what: details`.
    pub fn check(&self, input: &[u8]) -> Result<(), String> {
        (self.check)(input)
    }
}

fn chess_seeds() -> Vec<&'static str> {
    seed_positions(CHESS_FILES, Chess::SEEDS)
}

fn chess960_seeds() -> Vec<&'static str> {
    seed_positions(CHESS960_FILES, &[])
}

fn xiangqi_seeds() -> Vec<&'static str> {
    seed_positions(XIANGQI_FILES, Xiangqi::SEEDS)
}

fn ugolki_seeds() -> Vec<&'static str> {
    seed_positions(UGOLKI_FILES, Ugolki::SEEDS)
}

fn read_chess960(fen: &str) -> Result<Chess, String> {
    Chess::from_fen_chess960(fen).map_err(|e| e.to_string())
}

/// The Chess960 check adds to the FEN round trip: the Shredder-FEN reads back the same.
fn check_chess960(input: &[u8]) -> Result<(), String> {
    check_fen(input, read_chess960)?;
    if let Ok(pos) = read_chess960(&String::from_utf8_lossy(input)) {
        let shredder = pos.to_shredder_fen();
        if read_chess960(&shredder).ok().as_ref() != Some(&pos) {
            return Err(format!("round trip: Shredder-FEN '{shredder}' does not read back as the position"));
        }
    }
    Ok(())
}

/// Every target, in the order `ladya-fuzz all` runs them.
pub const TARGETS: &[Target] = &[
    Target {
        name: "fen-chess",
        about: "chess FENs: no panic; a FEN that reads round-trips; moves, make/unmake, perft 1-2",
        generate: |rng| generate_fen(rng, &chess_seeds(), read_standard::<Chess>),
        check: |input| check_fen(input, read_standard::<Chess>),
    },
    Target {
        name: "fen-chess960",
        about: "Chess960 FENs (X-FEN and Shredder-FEN): as fen-chess, and the Shredder-FEN round-trips",
        generate: |rng| generate_fen(rng, &chess960_seeds(), read_chess960),
        check: check_chess960,
    },
    Target {
        name: "fen-xiangqi",
        about: "xiangqi FENs: as fen-chess",
        generate: |rng| generate_fen(rng, &xiangqi_seeds(), read_standard::<Xiangqi>),
        check: |input| check_fen(input, read_standard::<Xiangqi>),
    },
    Target {
        name: "fen-ugolki",
        about: "ugolki FENs: as fen-chess",
        generate: |rng| generate_fen(rng, &ugolki_seeds(), read_standard::<Ugolki>),
        check: |input| check_fen(input, read_standard::<Ugolki>),
    },
    Target {
        name: "move-chess",
        about: "chess moves (UCI, SAN) in random positions: a move that reads is legal and round-trips; bad ones change nothing",
        generate: generate_move::<Chess>,
        check: check_move::<Chess>,
    },
    Target {
        name: "move-xiangqi",
        about: "xiangqi moves (ICCS, WXF): as move-chess",
        generate: generate_move::<Xiangqi>,
        check: check_move::<Xiangqi>,
    },
    Target {
        name: "move-ugolki",
        about: "ugolki moves (e3e4, e3-e4, e3:e5:c5, pass): as move-chess",
        generate: generate_move::<Ugolki>,
        check: check_move::<Ugolki>,
    },
    Target {
        name: "uci",
        about: "UCI scripts through the engine: it ends, answers every go with bestmove and isready with readyok",
        generate: |rng| protocol::generate(rng, Protocol::Uci),
        check: |input| protocol::check(input, Protocol::Uci),
    },
    Target {
        name: "xboard",
        about: "XBoard scripts through the engine: it ends, answers the final ping and plays a move",
        generate: |rng| protocol::generate(rng, Protocol::Xboard),
        check: |input| protocol::check(input, Protocol::Xboard),
    },
    Target {
        name: "ucci",
        about: "UCCI scripts through the engine: it ends, answers every go with bestmove or nobestmove",
        generate: |rng| protocol::generate(rng, Protocol::Ucci),
        check: |input| protocol::check(input, Protocol::Ucci),
    },
    Target {
        name: "epd",
        about: "EPD lines through every game's EPD reader: positions read back, bm/am moves are legal",
        generate: epd::generate,
        check: epd::check,
    },
    Target {
        name: "pgn",
        about: "PGN texts through the reader as every game: no panic; a game that replays writes PGN that reads back the same",
        generate: pgn::generate,
        check: pgn::check,
    },
    Target {
        name: "solver",
        about: "mate in 1-2, chess and xiangqi: keys are legal, agree with keys-only, a 1-move key mates",
        generate: solver::generate,
        check: solver::check,
    },
];

/// The target called `name`.
pub fn find(name: &str) -> Option<&'static Target> {
    TARGETS.iter().find(|t| t.name == name)
}
