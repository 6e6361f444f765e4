//! `ladya bench`: the bench of [`ladya_protocol::bench`] on the command line.

use clap::Args;
use ladya_protocol::GameKind;
use ladya_protocol::bench::{self, BenchConfig};
use ladya_search::SearchOptions;

use crate::Failure;
use crate::commands::{features, game_kind};

/// Arguments of `ladya bench`.
#[derive(Args)]
pub struct BenchArgs {
    /// The game (default: all three, whose total is the bench signature).
    #[arg(value_parser = game_kind())]
    game: Option<GameKind>,
    /// Search depth (default: a depth per game that takes a few seconds).
    #[arg(long)]
    depth: Option<u32>,
    /// Search techniques to switch off, to measure their worth (comma-separated).
    #[arg(long, value_name = "TECHNIQUE")]
    without: Vec<String>,
    /// Print each position's result.
    #[arg(long)]
    verbose: bool,
}

/// Runs the bench for one game or all of them; the last line is `Bench: NODES nodes NPS nps`.
pub fn run(args: &BenchArgs) -> Result<(), Failure> {
    let config = BenchConfig {
        game: args.game,
        depth: args.depth,
        options: SearchOptions { features: features(&args.without)?, ..SearchOptions::default() },
        verbose: args.verbose,
    };
    let total = bench::run(&config, &mut |line| println!("{line}")).map_err(|e| Failure(format!("bench: {e}")))?;
    println!("{}", total.summary());
    Ok(())
}
