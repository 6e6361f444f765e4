//! How each game's moves are written in each protocol.
//!
//! Chess writes UCI coordinates everywhere (castling king-takes-rook in Chess960), except
//! XBoard's Chess960 castling, `O-O` and `O-O-O`. Xiangqi writes ICCS coordinates with ranks 0-9 in
//! XBoard and UCCI, but ranks 1-10 under UCI (`UCI_Variant xiangqi`), as Fairy-Stockfish does.

use ladya_chess::MoveKind;
use ladya_core::{Game, GameError, Side};

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

    /// The start position, or `fen`, under Chess960 rules (castling from any start, UCI castling
    /// moves written king-takes-rook) when `chess960`; games without them refuse it.
    ///
    /// # Errors
    /// A bad FEN, or Chess960 asked of a game without it.
    fn setup(fen: Option<&str>, chess960: bool) -> Result<Self, String> {
        if chess960 {
            return Err(format!("{} has no Chess960 form", Self::NAME));
        }
        match fen {
            None => Ok(Self::start()),
            Some(f) => Self::from_fen(f).map_err(|e| e.to_string()),
        }
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

    /// XBoard wants Chess960 castling as `O-O` and `O-O-O`; everything else is in UCI form.
    fn dialect_move_text(&self, m: Self::Move, dialect: Dialect) -> String {
        if dialect == Dialect::Xboard && self.is_chess960() {
            match m.kind() {
                MoveKind::CastleKing => return "O-O".to_string(),
                MoveKind::CastleQueen => return "O-O-O".to_string(),
                _ => {}
            }
        }
        self.move_text(m)
    }

    fn setup(fen: Option<&str>, chess960: bool) -> Result<Self, String> {
        let fen = fen.unwrap_or(ladya_chess::Position::START_FEN);
        let pos =
            if chess960 { ladya_chess::Position::from_fen_chess960(fen) } else { ladya_chess::Position::from_fen(fen) };
        pos.map_err(|e| e.to_string())
    }

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
            Dialect::Uci => self.parse_uci(text).map_err(GameError::Move),
            _ => self.parse_move(text).map_err(GameError::Move),
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
