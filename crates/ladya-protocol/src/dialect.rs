//! How each game's moves are written in each protocol.
//!
//! Chess writes UCI coordinates everywhere. Xiangqi writes ICCS coordinates with ranks 0-9 in
//! XBoard and UCCI, but ranks 1-10 under UCI (`UCI_Variant xiangqi`), as Fairy-Stockfish does.

use ladya_core::{Game, Side};

use crate::render::{self, View};

/// The protocol a move is written for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Dialect {
    /// UCI.
    Uci,
    /// XBoard / CECP.
    Xboard,
    /// UCCI.
    Ucci,
    /// People, in a terminal: the game's human notation is also accepted.
    Human,
}

/// A game as the protocols need it: its protocol names and move dialects.
pub trait EngineGame: Game {
    /// The name XBoard uses for the variant (`normal` for chess).
    const XBOARD_VARIANT: &'static str;

    /// `m` written for `dialect`.
    fn dialect_move_text(&self, m: Self::Move, _dialect: Dialect) -> String {
        self.move_text(m)
    }

    /// Reads a move written for `dialect`.
    ///
    /// # Errors
    /// A malformed, ambiguous or illegal move.
    fn parse_dialect_move(&self, text: &str, _dialect: Dialect) -> Result<Self::Move, Self::Error> {
        self.parse_move(text)
    }

    /// What people call a side in this game.
    fn side_name(side: Side) -> &'static str {
        if side == Side::White { "White" } else { "Black" }
    }

    /// The board drawn for a terminal.
    fn render(&self, view: &View) -> String;
}

impl EngineGame for ladya_chess::Position {
    const XBOARD_VARIANT: &'static str = "normal";

    fn render(&self, view: &View) -> String {
        render::chess(self, view)
    }
}

impl EngineGame for ladya_xiangqi::Position {
    const XBOARD_VARIANT: &'static str = "xiangqi";

    fn dialect_move_text(&self, m: Self::Move, dialect: Dialect) -> String {
        match dialect {
            Dialect::Uci => m.uci(),
            _ => self.move_text(m),
        }
    }

    fn parse_dialect_move(&self, text: &str, dialect: Dialect) -> Result<Self::Move, Self::Error> {
        match dialect {
            Dialect::Uci => Ok(self.parse_uci(text)?),
            _ => self.parse_move(text).map_err(Into::into),
        }
    }

    fn side_name(side: Side) -> &'static str {
        ladya_xiangqi::side_name(side)
    }

    fn render(&self, view: &View) -> String {
        render::xiangqi(self, view)
    }
}

impl EngineGame for ladya_ugolki::Position {
    const XBOARD_VARIANT: &'static str = "ugolki";

    fn render(&self, view: &View) -> String {
        render::ugolki(self, view)
    }
}
