//! The `ladya` command line: parses arguments and hands each command to the library crates.

use std::process::ExitCode;
use std::time::Instant;

use clap::{Parser, Subcommand, ValueEnum};
use ladya_chess::Position as Chess;
use ladya_core::{Game, perft};
use ladya_xiangqi::Position as Xiangqi;

/// Ladya: chess, xiangqi and ugolki engine.
#[derive(Parser)]
#[command(name = "ladya", version, about)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

/// The games Ladya plays.
#[derive(Clone, Copy, ValueEnum)]
enum GameName {
    /// Chess.
    Chess,
    /// Xiangqi (Chinese chess).
    Xiangqi,
}

#[derive(Subcommand)]
enum Command {
    /// Count the leaves of the legal move tree to DEPTH.
    Perft {
        /// The game.
        game: GameName,
        /// The depth in plies.
        depth: u32,
        /// The position (default: the start position).
        #[arg(long)]
        fen: Option<String>,
        /// Print the count below each root move.
        #[arg(long)]
        divide: bool,
    },
}

/// A failure to report on stderr with exit status 2.
struct Failure(String);

fn main() -> ExitCode {
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(e) => {
            let code = if e.use_stderr() { 2 } else { 0 };
            let _ = e.print();
            return ExitCode::from(code);
        }
    };
    let result = match cli.command {
        Command::Perft { game, depth, fen, divide } => match game {
            GameName::Chess => run_perft::<Chess>(depth, fen.as_deref(), divide),
            GameName::Xiangqi => run_perft::<Xiangqi>(depth, fen.as_deref(), divide),
        },
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(Failure(message)) => {
            eprintln!("ladya: {message}");
            ExitCode::from(2)
        }
    }
}

/// Reads the position a command was given, or the start position.
fn position<G: Game>(fen: Option<&str>) -> Result<G, Failure> {
    match fen {
        None => Ok(G::start()),
        Some(text) => G::from_fen(text).map_err(|e| Failure(format!("bad {} FEN: {e}", G::NAME))),
    }
}

fn run_perft<G: Game>(depth: u32, fen: Option<&str>, divide: bool) -> Result<(), Failure> {
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
