//! [`EngineGame`]: everything the front ends, the search and the tools need of a game beyond
//! its rules, as items each game's own file in this crate gives.
//!
//! Chess writes UCI coordinates everywhere (castling king-takes-rook in Chess960), except
//! XBoard's Chess960 castling, `O-O` and `O-O-O`. Xiangqi writes ICCS coordinates with ranks 0-9 in
//! XBoard and UCCI, but ranks 1-10 under UCI (`UCI_Variant xiangqi`), as Fairy-Stockfish does,
//! or ranks 0-9 under UCI too ([`Dialect::UciRanks0`]), as Pikafish does.

use std::sync::{Arc, OnceLock};

use ladya_core::{Game, Side};
use ladya_nnue::{Network, OutputBuckets};
use ladya_syzygy::Wdl;

use crate::adjudication::EndingRules;
use crate::render::View;

/// The protocol a move is written for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Dialect {
    /// UCI.
    Uci,
    /// UCI with xiangqi's ranks numbered 0-9 (ICCS coordinates, `h2e2`), as Pikafish writes
    /// them; the same as [`Dialect::Uci`] in the other games.
    UciRanks0,
    /// XBoard / CECP.
    Xboard,
    /// UCCI.
    Ucci,
    /// People, in a terminal: the game's human notation is also accepted.
    Human,
}

/// A game as the engine plays it: its protocol names and move dialects, its board for a
/// terminal, and its defaults for the search, the networks, the review and self-play.
///
/// ```
/// use ladya_games::EngineGame;
///
/// assert_eq!(ladya_chess::Position::XBOARD_VARIANT, "normal");
/// assert!(ladya_chess::Position::CHESS960 && !ladya_xiangqi::Position::CHESS960);
/// assert_eq!(ladya_xiangqi::Position::FIRST_RANK, 0);
/// assert_eq!(ladya_xiangqi::Position::first_rank(ladya_games::Dialect::Uci), 1);
/// assert_eq!(ladya_xiangqi::Position::first_rank(ladya_games::Dialect::UciRanks0), 0);
/// assert!(ladya_ugolki::Position::built_in_network().is_some());
/// assert!(ladya_ugolki::Position::LEVEL_SPREAD > ladya_chess::Position::LEVEL_SPREAD);
/// ```
pub trait EngineGame: Game {
    /// The name XBoard uses for the variant (`normal` for chess).
    const XBOARD_VARIANT: &'static str;

    /// Whether the game has a Chess960 form (UCI's `UCI_Chess960`, XBoard's `fischerandom`).
    const CHESS960: bool = false;

    /// The number of the first rank in coordinates: 1, or 0 in xiangqi's ICCS.
    const FIRST_RANK: u8 = 1;

    /// The number of the first rank in the coordinates of `dialect`: [`Self::FIRST_RANK`],
    /// except where a dialect numbers ranks its own way (xiangqi under UCI: 1).
    fn first_rank(_dialect: Dialect) -> u8 {
        Self::FIRST_RANK
    }

    /// The moves a clock without `movestogo` is shared over: fewer where the search's time
    /// use was tuned for it.
    const MOVES_TO_COME: u32;

    /// Search techniques (names of `ladya_search::Features::NAMES`) off by default in this
    /// game, because they lost or were never tried here; switching one on by name still
    /// turns it on.
    const TECHNIQUES_OFF: &'static [&'static str] = &[];

    /// The search's numbers (names of `ladya_search::Params::TABLE`) that this game sets
    /// otherwise than their defaults, because they were tuned for it; setting one by name
    /// still sets it.
    const PARAMS: &'static [(&'static str, i32)] = &[];

    /// How many times chess's temperature and margin a level below full strength draws its
    /// move with (`ladya_search::Strength`): more where the evaluation sees so much in one
    /// ply that a level needs a looser choice to play as weakly as its rating says.
    const LEVEL_SPREAD: f64 = 1.0;

    /// The output buckets of a network trained for this game unless told otherwise.
    const OUTPUT_BUCKETS: OutputBuckets;

    /// The `k` of the winning-chance formula `50 + 50 * (2 / (1 + exp(-k * score)) - 1)`
    /// that a review uses: lichess's for chess, else the inverse of the sigmoid scale fitted
    /// to the game's self-play data (`scripts/fit_sigmoid_scale.py`).
    const WIN_K: f64;

    /// When a game of self-play (`ladya datagen`) ends early, in the evaluation's units.
    const SELF_PLAY_ENDING: EndingRules;

    /// The network built into Ladya for this game, read once; `None` if it has none.
    fn built_in_network() -> Option<Arc<Network>>;

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

    /// The most pieces (kings included) of the endgame tablebases loaded for this game; 0
    /// without any (only chess has them: Syzygy tables, [`ladya_syzygy::load`]).
    fn tablebase_pieces() -> u32 {
        0
    }

    /// The tablebases' verdict on this position for a search, which asks only where the game's
    /// move counter for a draw has just started again (chess: after a capture or a pawn move);
    /// `None` where the tables do not hold it.
    fn tablebase_wdl(&self) -> Option<Wdl> {
        None
    }

    /// The position's verdict in the tablebases and the legal moves that keep it (counting
    /// the game's move rule for a draw when `rule50`); `None` where the tables do not hold it.
    fn tablebase_root(&self, _rule50: bool) -> Option<(Wdl, Vec<Self::Move>)> {
        None
    }
}

/// The network in `bytes`, read into `cell` the first time it is asked for.
///
/// # Panics
/// If `bytes` is not a valid network for `G` (a build that ships a broken file; the crate's
/// tests read every built-in network).
pub(crate) fn built_in<G: Game>(cell: &'static OnceLock<Arc<Network>>, bytes: &'static [u8]) -> Arc<Network> {
    let network = cell.get_or_init(|| {
        Arc::new(Network::from_bytes::<G>(bytes).unwrap_or_else(|e| panic!("built-in {} network: {e}", G::NAME)))
    });
    Arc::clone(network)
}
