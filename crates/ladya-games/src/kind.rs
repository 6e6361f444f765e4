//! [`GameKind`] names each game chosen at run time (command line, protocols, web), and
//! [`with_game!`](crate::with_game) turns that choice into a call of generic code with the
//! game's position type.

use std::fmt;
use std::str::FromStr;

use crate::EngineGame;

/// A game Ladya plays, chosen at run time.
///
/// ```
/// use ladya_games::GameKind;
///
/// let game: GameKind = "xiangqi".parse().unwrap();
/// assert_eq!(game, GameKind::Xiangqi);
/// assert_eq!(game.to_string(), "xiangqi");
/// assert!("go".parse::<GameKind>().is_err());
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum GameKind {
    /// Chess.
    Chess,
    /// Xiangqi (Chinese chess).
    Xiangqi,
    /// Ugolki (Corners).
    Ugolki,
}

impl GameKind {
    /// Every game, in the order the command line and the protocols list them.
    pub const ALL: [GameKind; 3] = [GameKind::Chess, GameKind::Xiangqi, GameKind::Ugolki];

    /// The names of [`GameKind::ALL`], as the command line and the protocols write them.
    pub const NAMES: [&'static str; 3] = ["chess", "xiangqi", "ugolki"];

    /// The game's name: `chess`, `xiangqi` or `ugolki`.
    pub const fn name(self) -> &'static str {
        Self::NAMES[self as usize]
    }

    /// The game called `name`, in any letter case; XBoard's `normal` and `standard` are chess.
    pub fn from_name(name: &str) -> Option<GameKind> {
        match name.to_ascii_lowercase().as_str() {
            "chess" | "normal" | "standard" => Some(GameKind::Chess),
            "xiangqi" => Some(GameKind::Xiangqi),
            "ugolki" => Some(GameKind::Ugolki),
            _ => None,
        }
    }
}

impl GameKind {
    /// The name XBoard uses for the game ([`EngineGame::XBOARD_VARIANT`]: `normal` for chess).
    ///
    /// ```
    /// use ladya_games::GameKind;
    ///
    /// assert_eq!(GameKind::Chess.xboard_variant(), "normal");
    /// assert_eq!(GameKind::Ugolki.xboard_variant(), "ugolki");
    /// ```
    pub fn xboard_variant(self) -> &'static str {
        fn variant<G: EngineGame>() -> &'static str {
            G::XBOARD_VARIANT
        }
        crate::with_game!(self, variant())
    }
}

impl fmt::Display for GameKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A name that is not one of Ladya's games.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("unknown game '{0}'; known: chess, xiangqi, ugolki")]
pub struct UnknownGame(pub String);

impl FromStr for GameKind {
    type Err = UnknownGame;

    fn from_str(s: &str) -> Result<GameKind, UnknownGame> {
        GameKind::from_name(s).ok_or_else(|| UnknownGame(s.chars().take(40).collect()))
    }
}

/// The position types of the games, for [`with_game!`](crate::with_game).
#[doc(hidden)]
pub mod positions {
    pub use ladya_chess::Position as Chess;
    pub use ladya_ugolki::Position as Ugolki;
    pub use ladya_xiangqi::Position as Xiangqi;
}

/// Calls the generic function `f::<G>(args)` with `G` the position type of a [`GameKind`].
///
/// ```
/// use ladya_core::Game;
/// use ladya_games::{GameKind, with_game};
///
/// fn start_fen<G: Game>() -> String {
///     G::start().fen()
/// }
///
/// let fen = with_game!(GameKind::Ugolki, start_fen());
/// assert_eq!(fen, "BBBB4/BBBB4/BBBB4/8/8/4WWWW/4WWWW/4WWWW w 1");
/// ```
#[macro_export]
macro_rules! with_game {
    ($kind:expr, $f:ident ( $($arg:expr),* )) => {
        match $kind {
            $crate::GameKind::Chess => $f::<$crate::positions::Chess>($($arg),*),
            $crate::GameKind::Xiangqi => $f::<$crate::positions::Xiangqi>($($arg),*),
            $crate::GameKind::Ugolki => $f::<$crate::positions::Ugolki>($($arg),*),
        }
    };
}
