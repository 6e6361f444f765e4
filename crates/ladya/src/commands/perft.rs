//! `ladya perft`: leaf counts of the legal move tree.

use std::time::Instant;

use ladya_core::perft;
use ladya_games::EngineGame;

use crate::Failure;
use crate::commands::{check_chess960, position};
use crate::output;
use ladya_games::{GameKind, with_game};

/// Runs perft for `game`; `chess960` reads the position under Chess960 rules.
pub fn run(game: GameKind, depth: u32, fen: Option<&str>, divide: bool, chess960: bool) -> Result<(), Failure> {
    check_chess960(game, chess960)?;
    if depth > perft::MAX_DEPTH {
        return Err(Failure(format!("perft depth {depth} is above the limit of {}", perft::MAX_DEPTH)));
    }
    with_game!(game, perft_of(depth, fen, divide, chess960))
}

fn perft_of<G: EngineGame>(depth: u32, fen: Option<&str>, divide: bool, chess960: bool) -> Result<(), Failure> {
    let mut game: G = position(fen, chess960)?;
    let started = Instant::now();
    let nodes = if divide {
        let split = perft::divide(&mut game, depth);
        for (m, count) in &split {
            output::line(format_args!("{}: {count}", game.move_text(*m)))?;
        }
        perft::divide_total(&split, depth)
    } else {
        perft::perft(&mut game, depth)
    };
    let seconds = started.elapsed().as_secs_f64();
    eprintln!("Time: {:.3} s, {:.0} nodes/s", seconds, nodes as f64 / seconds.max(1e-9));
    output::line("")?;
    output::line(format_args!("Nodes searched: {nodes}"))
}
