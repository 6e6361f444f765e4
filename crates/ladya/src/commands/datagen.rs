//! `ladya datagen`: training data from Ladya's self-play, on the command line; the games are
//! played by [`ladya_datagen`].

use std::path::PathBuf;
use std::time::{Duration, Instant};

use clap::Args;
use ladya_datagen::{DatagenConfig, DatagenError, SelfPlay, generate};
use ladya_games::{EngineGame, GameKind, with_game};

use crate::Failure;
use crate::commands::{SearchChoices, game_kind};
use crate::output::{self, Lines};

/// How often a progress line is printed.
const PROGRESS_EVERY: Duration = Duration::from_secs(30);

/// Arguments of `ladya datagen`.
#[derive(Args)]
pub struct DatagenArgs {
    /// The game.
    #[arg(value_parser = game_kind())]
    game: GameKind,
    /// The data file, added to if it exists (a half-written last game is cut off).
    #[arg(long, value_name = "FILE")]
    out: PathBuf,
    /// Games the file holds when done (default: play until interrupted).
    #[arg(long)]
    games: Option<u64>,
    /// Nodes searched for each move.
    #[arg(long, default_value_t = 5000, value_parser = clap::value_parser!(u64).range(1..))]
    nodes: u64,
    /// Random legal moves from the start position before the search plays and positions are
    /// kept.
    #[arg(long, default_value_t = 8, value_parser = clap::value_parser!(u16).range(..=1000))]
    random_plies: u16,
    /// The seed; game number i of the file is played from a seed made of it and i.
    #[arg(long, default_value_t = 0)]
    seed: u64,
    /// Games played at once, each with a single-threaded search (default: one per core).
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..=1024))]
    threads: Option<u64>,
    /// Transposition table size of each thread, in megabytes.
    #[arg(long, default_value_t = 16)]
    hash: usize,
    /// The search's techniques and evaluation (`--eval` chooses the network that plays).
    #[command(flatten)]
    search: SearchChoices,
}

/// Plays games until the file holds the number asked for, printing a progress line every
/// half minute and a summary at the end.
pub fn run(args: &DatagenArgs) -> Result<(), Failure> {
    with_game!(args.game, datagen(args))
}

fn datagen<G: EngineGame>(args: &DatagenArgs) -> Result<(), Failure> {
    let defaults = DatagenConfig::for_game::<G>();
    let config = DatagenConfig {
        games: args.games.unwrap_or(u64::MAX),
        play: SelfPlay {
            nodes: args.nodes,
            random_plies: usize::from(args.random_plies),
            options: args.search.options(Some(args.game))?,
            ..defaults.play
        },
        seed: args.seed,
        threads: args.threads.map_or_else(|| ladya_search::search_threads(usize::MAX), |t| t as usize),
        hash_mb: args.hash,
    };
    let mut last_line = Instant::now();
    let mut lines = Lines::default();
    let summary = generate::<G>(&args.out, &config, &mut |progress| {
        if last_line.elapsed() >= PROGRESS_EVERY {
            last_line = Instant::now();
            lines.line(progress);
        }
    })
    .map_err(|error| {
        Failure(match error {
            DatagenError::Data(e) => format!("{}: {e}", args.out.display()),
            DatagenError::Table(e) => format!("--hash: {e}"),
            DatagenError::Opening(e) => format!("--random-plies: {e}"),
        })
    })?;
    lines.finish()?;
    output::line(format_args!("done: {summary}"))
}
