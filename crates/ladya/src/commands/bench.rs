//! `ladya bench`: the bench of [`ladya_search::bench`] on the command line.

use clap::Args;
use ladya_games::GameKind;
use ladya_search::bench::{self, BenchConfig};

use crate::Failure;
use crate::commands::{SearchChoices, game_kind};
use crate::output::{self, Lines};

/// Arguments of `ladya bench`.
#[derive(Args)]
pub struct BenchArgs {
    /// The game (default: all three, whose total is the bench signature).
    #[arg(value_parser = game_kind())]
    game: Option<GameKind>,
    /// Search depth (default: a depth per game that takes a few seconds).
    #[arg(long)]
    depth: Option<u32>,
    #[command(flatten)]
    search: SearchChoices,
    /// Print each position's result.
    #[arg(long)]
    verbose: bool,
}

/// Runs the bench for one game or all of them; the last line is `Bench: NODES nodes NPS nps`.
pub fn run(args: &BenchArgs) -> Result<(), Failure> {
    let config = BenchConfig {
        game: args.game,
        depth: args.depth,
        options: args.search.options(args.game)?,
        verbose: args.verbose,
    };
    let mut lines = Lines::default();
    let total = bench::run(&config, &mut |line| {
        lines.line(line);
    })
    .map_err(|e| Failure(format!("bench: {e}")))?;
    lines.finish()?;
    output::line(total.summary())
}
