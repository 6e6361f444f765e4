//! `ladya play`: a game against the engine in the terminal.

use std::io::IsTerminal;
use std::time::Duration;

use clap::{Args, ValueEnum};
use ladya_core::Side;
use ladya_games::View;
use ladya_protocol::{PlayOptions, play};
use ladya_search::Strength;

use ladya_games::GameKind;

use crate::Failure;

/// The side a person takes.
#[derive(Clone, Copy, Debug, ValueEnum)]
pub enum SideName {
    /// The first player (White; Red in xiangqi, also `red`).
    #[value(alias = "red")]
    White,
    /// The second player.
    Black,
}

/// Arguments of `ladya play`.
#[derive(Args)]
pub struct PlayArgs {
    /// The game.
    #[arg(value_parser = crate::commands::game_kind())]
    game: GameKind,
    /// The starting position (default: the start position).
    #[arg(long)]
    fen: Option<String>,
    /// The side you play.
    #[arg(long, value_enum, default_value = "white")]
    side: SideName,
    /// The engine's time per move in milliseconds.
    #[arg(long, default_value_t = 2000)]
    movetime: u64,
    /// Play against a level of this rating (500 to 2800) instead of full strength.
    #[arg(long, value_parser = elo)]
    elo: Option<Strength>,
    /// Letters instead of Unicode pieces.
    #[arg(long)]
    ascii: bool,
    /// No colours.
    #[arg(long)]
    no_color: bool,
}

/// A rating for `--elo`.
fn elo(text: &str) -> Result<Strength, String> {
    Strength::from_elo(text.parse().map_err(|_| format!("a rating is a whole number, not '{text}'"))?)
}

/// Whether the terminal's locale can show Unicode.
fn utf8_locale() -> bool {
    ["LC_ALL", "LC_CTYPE", "LANG"]
        .iter()
        .filter_map(|v| std::env::var(v).ok())
        .find(|v| !v.is_empty())
        .is_some_and(|v| v.to_ascii_uppercase().replace('-', "").contains("UTF8"))
}

/// Runs the game on standard input and output.
pub fn run(args: &PlayArgs) -> Result<(), Failure> {
    let stdout = std::io::stdout();
    let color = !args.no_color
        && stdout.is_terminal()
        && std::env::var_os("NO_COLOR").is_none()
        && std::env::var("TERM").is_ok_and(|t| t != "dumb");
    let human = match args.side {
        SideName::White => Side::White,
        SideName::Black => Side::Black,
    };
    let options = PlayOptions {
        game: args.game,
        fen: args.fen.clone(),
        human,
        movetime: Duration::from_millis(args.movetime.max(1)),
        strength: args.elo,
        view: View { flipped: human == Side::Black, unicode: !args.ascii && utf8_locale(), color },
    };
    play(&options, std::io::BufReader::new(std::io::stdin()), &mut stdout.lock()).map_err(Failure)
}
