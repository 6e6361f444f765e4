//! One module per command, and what they share: reading positions, search options and
//! formatting search output for people.

pub mod analyze;
pub mod bench;
pub mod datagen;
pub mod epd;
pub mod matches;
pub mod perft;
pub mod play;
pub mod review;
pub mod serve;
pub mod solve;
pub mod syzygy;
pub mod train;

use clap::Args;
use clap::builder::{PossibleValuesParser, TypedValueParser};
use ladya_core::Game;
use ladya_games::{EngineGame, GameKind};
use ladya_search::{Features, SearchOptions};

use crate::Failure;

/// The command line's reader of a game's name, listing the games in `--help`.
pub fn game_kind() -> impl TypedValueParser<Value = GameKind> {
    game_named(&GameKind::NAMES)
}

/// The command line's reader of one of the games called `names`, listing them in `--help`.
pub fn game_named(names: &'static [&'static str]) -> impl TypedValueParser<Value = GameKind> {
    PossibleValuesParser::new(names).try_map(|name| name.parse::<GameKind>())
}

/// Reads the position a command was given, or the start position; with `chess960`, under
/// Chess960 rules (see [`check_chess960`]).
pub fn position<G: EngineGame>(fen: Option<&str>, chess960: bool) -> Result<G, Failure> {
    G::setup(fen, chess960).map_err(|e| Failure(format!("bad {} FEN: {e}", G::NAME)))
}

/// Refuses `--chess960` for a game other than chess.
pub fn check_chess960(game: GameKind, chess960: bool) -> Result<(), Failure> {
    if chess960 && !matches!(game, GameKind::Chess) {
        return Err(Failure("--chess960 is for chess only".to_string()));
    }
    Ok(())
}

/// The search's techniques and evaluation, as every command that searches takes them.
#[derive(Args, Clone, Debug, Default)]
pub struct SearchChoices {
    /// Search techniques to switch off, to measure their worth (comma-separated).
    #[arg(long, value_name = "TECHNIQUE")]
    without: Vec<String>,
    /// Search techniques off by default to switch on, to measure their worth (comma-separated).
    #[arg(long, value_name = "TECHNIQUE")]
    with: Vec<String>,
    /// The evaluation: `<built-in>` (the networks built into Ladya, the default), `classic`
    /// (the hand-written evaluations) or a network file (for its game).
    #[arg(long, value_name = "NETWORK")]
    eval: Option<String>,
}

impl SearchChoices {
    /// Search options with these techniques switched on and off and this evaluation; with a
    /// `game`, a network file for another game is refused.
    pub fn options(&self, game: Option<GameKind>) -> Result<SearchOptions, Failure> {
        let mut features = Features::default();
        for (names, on) in [(&self.with, true), (&self.without, false)] {
            for name in names.iter().flat_map(|list| list.split(',')) {
                features.set(name.trim(), on).map_err(Failure)?;
            }
        }
        let text = self.eval.as_deref().unwrap_or("");
        let evaluation = match game {
            Some(game) => ladya_protocol::evaluation_for(text, game.name()),
            None => ladya_protocol::evaluation(text),
        }
        .map_err(|e| Failure(format!("--eval: {e}")))?;
        Ok(SearchOptions { features, evaluation, ..SearchOptions::default() })
    }
}

/// A line of moves from `pos` in the game's notation for people.
pub fn human_line<G: Game>(pos: &G, line: &[G::Move]) -> String {
    let mut pos = pos.clone();
    let mut words = Vec::with_capacity(line.len());
    for &m in line {
        words.push(pos.human_move_text(m));
        pos.make(m);
    }
    words.join(" ")
}
