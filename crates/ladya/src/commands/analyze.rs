//! `ladya analyze`: search a position and print one line per depth.

use std::time::Duration;

use clap::Args;
use ladya_games::EngineGame;
use ladya_search::{Limits, SearchControl, SearchOptions, TranspositionTable, search};

use crate::commands::{SearchChoices, check_chess960, human_line, position};
use ladya_games::{GameKind, outcome_words, with_game};

use crate::Failure;
use crate::output::{self, Lines};
use ladya_core::score::human_text;

/// Arguments of `ladya analyze`.
#[derive(Args)]
pub struct AnalyzeArgs {
    /// The game.
    #[arg(value_parser = crate::commands::game_kind())]
    game: GameKind,
    /// The position (default: the start position).
    #[arg(long)]
    fen: Option<String>,
    /// Search to this depth.
    #[arg(long, conflicts_with = "movetime")]
    depth: Option<u32>,
    /// Search for this many milliseconds (default: 5000 when no depth is given).
    #[arg(long)]
    movetime: Option<u64>,
    /// Search threads (1 to 256).
    #[arg(long, default_value_t = 1, value_parser = clap::builder::RangedU64ValueParser::<usize>::new().range(1..=256))]
    threads: usize,
    /// Transposition table size in megabytes.
    #[arg(long, default_value_t = 64)]
    hash: usize,
    /// Lines to show per depth (1 to 256); with more than one, each line's moves follow
    /// `multipv N:`, N its rank.
    #[arg(long, default_value_t = 1, value_parser = clap::builder::RangedU64ValueParser::<usize>::new().range(1..=256))]
    multipv: usize,
    /// Chess960 rules: castling rooks from the FEN (Shredder-FEN or X-FEN), castling moves
    /// written king-takes-rook.
    #[arg(long)]
    chess960: bool,
    #[command(flatten)]
    search: SearchChoices,
}

/// Runs the analysis.
pub fn run(args: &AnalyzeArgs) -> Result<(), Failure> {
    check_chess960(args.game, args.chess960)?;
    with_game!(args.game, analyze(args))
}

fn analyze<G: EngineGame>(args: &AnalyzeArgs) -> Result<(), Failure> {
    let pos: G = position(args.fen.as_deref(), args.chess960)?;
    if let Some(outcome) = pos.outcome() {
        return output::line(format_args!(
            "The game is over: {} ({})",
            outcome_words(outcome, G::side_name),
            outcome.result_text()
        ));
    }
    let limits = match (args.depth, args.movetime) {
        (Some(d), _) => Limits::depth(d),
        (None, ms) => Limits::movetime(Duration::from_millis(ms.unwrap_or(5000))),
    };
    let options = SearchOptions {
        threads: args.threads.max(1),
        multipv: args.multipv.max(1),
        move_overhead: Duration::ZERO,
        ..args.search.options(Some(args.game))?
    };
    let tt = TranspositionTable::try_new(args.hash).map_err(|e| Failure(format!("--hash: {e}")))?;
    let control = SearchControl::new();
    output::line(format_args!("{:>5} {:>8} {:>12} {:>10} {:>8}  pv", "depth", "score", "nodes", "nps", "time"))?;
    let mut lines = Lines::default();
    let result = search(&pos, &limits, &options, &tt, &control, &mut |r| {
        if r.bound.is_some() {
            return;
        }
        let multipv = if args.multipv > 1 { format!("multipv {}: ", r.multipv) } else { String::new() };
        let written = lines.line(format_args!(
            "{:>2}/{:<2} {:>8} {:>12} {:>10} {:>7.2}s  {multipv}{}",
            r.depth,
            r.seldepth,
            human_text(r.score),
            r.nodes,
            r.nps(),
            r.time.as_secs_f64(),
            human_line(&pos, &r.pv)
        ));
        if !written {
            control.stop();
        }
    });
    lines.finish()?;
    match result.best {
        Some(best) => output::line(format_args!("best move: {} ({})", pos.human_move_text(best), pos.move_text(best))),
        None => output::line("no move found"),
    }
}
