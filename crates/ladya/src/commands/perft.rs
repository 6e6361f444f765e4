//! `ladya perft`: leaf counts of the legal move tree.

use std::time::Instant;

use ladya_core::{Game, perft};

use crate::commands::position;
use ladya_protocol::{GameKind, with_game};

use crate::Failure;

/// Runs perft for `game`.
pub fn run(game: GameKind, depth: u32, fen: Option<&str>, divide: bool) -> Result<(), Failure> {
    with_game!(game, perft_of(depth, fen, divide))
}

fn perft_of<G: Game>(depth: u32, fen: Option<&str>, divide: bool) -> Result<(), Failure> {
    let mut game: G = position(fen)?;
    let started = Instant::now();
    let nodes = if divide {
        let split = perft::divide(&mut game, depth);
        for (m, count) in &split {
            println!("{}: {count}", game.move_text(*m));
        }
        split.iter().map(|(_, count)| count).sum()
    } else {
        perft::perft(&mut game, depth)
    };
    let seconds = started.elapsed().as_secs_f64();
    eprintln!("Time: {:.3} s, {:.0} nodes/s", seconds, nodes as f64 / seconds.max(1e-9));
    println!();
    println!("Nodes searched: {nodes}");
    Ok(())
}
