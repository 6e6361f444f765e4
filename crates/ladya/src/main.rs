//! The `ladya` command line: parses arguments and hands each command to the library crates.

mod commands;
mod failure;
mod input;
mod output;

use std::process::ExitCode;

use clap::{Parser, Subcommand};
use failure::Failure;
use ladya_games::GameKind;

/// Ladya: chess, xiangqi and ugolki engine. Without a command it is an engine for GUIs:
/// it reads the first line (`uci`, `xboard` or `ucci`) and speaks that protocol.
#[derive(Parser)]
#[command(name = "ladya", version, about, args_conflicts_with_subcommands = true)]
struct Cli {
    #[command(subcommand)]
    command: Option<Command>,
    /// Engine mode: search techniques and evaluation, as for `bench` (the engine options
    /// `EvalFile` can change the evaluation later).
    #[command(flatten)]
    search: commands::SearchChoices,
}

#[derive(Subcommand)]
enum Command {
    /// Count the leaves of the legal move tree to DEPTH.
    Perft {
        /// The game.
        #[arg(value_parser = commands::game_kind())]
        game: GameKind,
        /// The depth in plies.
        depth: u32,
        /// The position (default: the start position).
        #[arg(long)]
        fen: Option<String>,
        /// Print the count below each root move.
        #[arg(long)]
        divide: bool,
        /// Chess960 rules: castling rooks from the FEN (Shredder-FEN or X-FEN), castling
        /// moves written king-takes-rook.
        #[arg(long)]
        chess960: bool,
    },
    /// Search a position, printing one line per depth.
    Analyze(commands::analyze::AnalyzeArgs),
    /// A fixed search over fixed positions; the last line is `Bench: NODES nodes NPS nps`.
    Bench(commands::bench::BenchArgs),
    /// Run a test suite of positions with best moves (EPD `bm`/`am`) at a fixed time each.
    Epd(commands::epd::EpdArgs),
    /// Play a game against the engine in the terminal.
    Play(commands::play::PlayArgs),
    /// Play engines against each other, refereed by Ladya's rules (cutechess-cli's options).
    Match(Box<commands::matches::MatchArgs>),
    /// Review the games of a PGN file: each written back to stdout with an evaluation after
    /// every move (`[%eval 0.31]`), NAGs on inaccuracies ($6), mistakes ($2) and blunders ($4),
    /// and each side's accuracy (`WhiteAccuracy`, `BlackAccuracy` tags).
    Review(commands::review::ReviewArgs),
    /// Solve a chess or xiangqi problem (#N, s#N, r#N, h#N, ser-h#N, ser-#N): every key, threat, defence
    /// and dual, or every solution; or, with --epd, a whole file.
    Solve(commands::solve::SolveArgs),
    /// Serve the page to play, analyse and solve in a browser, and its JSON API; the first
    /// line is `Listening on http://HOST:PORT/`.
    Serve(commands::serve::ServeArgs),
    /// Make training data for the learned evaluation from Ladya's self-play, game by game
    /// into a file that a later run resumes.
    Datagen(commands::datagen::DatagenArgs),
    /// Train a network for a game's learned evaluation from training-data files, printing one
    /// line per epoch.
    Train(commands::train::TrainArgs),
    /// Print the search's tunable numbers (each also a UCI spin option) as OpenBench's SPSA
    /// form takes them, a line each: `NAME, int, DEFAULT, MIN, MAX, C_END, R_END`, DEFAULT
    /// the value the game's search uses.
    TuneParams {
        /// The game whose values are printed.
        #[arg(value_parser = commands::game_kind(), default_value = "chess")]
        game: GameKind,
    },
    /// Probe chess's Syzygy tables in PATH: each FEN read from stdin answered with `WDL DTZ`
    /// (-2 to 2, plies to zeroing), `none` where the tables hold no such position.
    Syzygy(commands::syzygy::SyzygyArgs),
}

fn main() -> ExitCode {
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(e) if e.use_stderr() => {
            // One line, as the contract asks.
            let text = e.to_string();
            let message: Vec<&str> = text.lines().take_while(|l| !l.trim().is_empty()).map(str::trim).collect();
            let message = message.join(" ");
            eprintln!("ladya: {} (see ladya --help)", ladya_games::clip(message.trim_start_matches("error: ")));
            return ExitCode::from(2);
        }
        Err(e) => {
            // --help and --version.
            let _ = e.print();
            return ExitCode::SUCCESS;
        }
    };
    let result = match cli.command {
        None => engine(&cli.search),
        Some(Command::Perft { game, depth, fen, divide, chess960 }) => {
            commands::perft::run(game, depth, fen.as_deref(), divide, chess960)
        }
        Some(Command::Analyze(args)) => commands::analyze::run(&args),
        Some(Command::Bench(args)) => commands::bench::run(&args),
        Some(Command::Epd(args)) => commands::epd::run(&args),
        Some(Command::Play(args)) => commands::play::run(&args),
        Some(Command::Match(args)) => commands::matches::run(&args),
        Some(Command::Review(args)) => commands::review::run(&args),
        Some(Command::Solve(args)) => commands::solve::run(&args),
        Some(Command::Serve(args)) => commands::serve::run(&args),
        Some(Command::Datagen(args)) => commands::datagen::run(&args),
        Some(Command::Train(args)) => commands::train::run(&args),
        Some(Command::Syzygy(args)) => commands::syzygy::run(&args),
        Some(Command::TuneParams { game }) => ladya_games::with_game!(game, tune_params()),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(failure) if failure.is_closed() => ExitCode::SUCCESS,
        Err(Failure(message)) => {
            eprintln!("ladya: {}", ladya_games::clip(&message));
            ExitCode::from(2)
        }
    }
}

/// Engine mode: speaks the protocol the first line of stdin names, with the search techniques
/// and evaluation of `search`.
fn engine(search: &commands::SearchChoices) -> Result<(), Failure> {
    let options = search.options(None)?;
    ladya_protocol::run(std::io::BufReader::new(std::io::stdin()), ladya_protocol::Output::stdout(), options);
    Ok(())
}

/// `ladya tune-params GAME`: the search's numbers with the values a search of `G` uses.
fn tune_params<G: ladya_games::EngineGame>() -> Result<(), Failure> {
    ladya_search::Params::default().for_game::<G>().openbench_spsa().try_for_each(output::line)
}
