//! Ladya's registry of games: which games there are ([`GameKind`], [`with_game!`]), and for
//! each, as items of [`EngineGame`], how its moves are written in each protocol, how its
//! board is drawn in a terminal, how a game of it is adjudicated, and its defaults for the
//! search, the networks, the review and self-play.
//!
//! Everything that differs between games and is not a rule of the game lives here, in the
//! game's own file (`chess.rs`, `xiangqi.rs`, `ugolki.rs`): adding a game means its rules
//! crate, its file here and its line in [`GameKind`], and nothing outside this crate compares
//! game names.
//!
//! ```
//! use ladya_core::Game;
//! use ladya_games::{EngineGame, GameKind, with_game};
//!
//! /// What a GUI is told of a game.
//! fn describe<G: EngineGame>() -> String {
//!     format!("{} (XBoard variant {}), {} moves to come", G::NAME, G::XBOARD_VARIANT, G::MOVES_TO_COME)
//! }
//!
//! let game: GameKind = "chess".parse()?;
//! assert_eq!(with_game!(game, describe()), "chess (XBoard variant normal), 20 moves to come");
//! # Ok::<(), ladya_games::UnknownGame>(())
//! ```

pub mod adjudication;
mod chess;
mod engine_game;
mod kind;
mod render;
mod text;
mod ugolki;
mod xiangqi;

pub use engine_game::{Dialect, EngineGame};
#[doc(hidden)]
pub use kind::positions;
pub use kind::{GameKind, UnknownGame};
/// Endgame tablebases (chess's Syzygy tables) and their verdicts.
pub use ladya_syzygy::{self as syzygy, Wdl};
pub use render::View;
pub use text::{clip, counted, outcome_words};

#[cfg(test)]
mod tests {
    use super::*;

    fn built_in<G: EngineGame>() -> (String, usize) {
        let network = G::built_in_network().expect("a built-in network");
        assert!(std::sync::Arc::ptr_eq(&network, &G::built_in_network().unwrap()), "read once");
        (network.game().to_string(), network.hidden())
    }

    #[test]
    fn every_built_in_network_reads_for_its_game() {
        assert_eq!(built_in::<ladya_chess::Position>(), ("chess".to_string(), 256));
        assert_eq!(built_in::<ladya_xiangqi::Position>(), ("xiangqi".to_string(), 128));
        assert_eq!(built_in::<ladya_ugolki::Position>(), ("ugolki".to_string(), 64));
    }

    fn names<G: EngineGame>() -> (&'static str, &'static str) {
        (G::NAME, G::XBOARD_VARIANT)
    }

    #[test]
    fn every_kind_maps_to_its_position_type() {
        for (kind, name) in GameKind::ALL.into_iter().zip(GameKind::NAMES) {
            assert_eq!(with_game!(kind, names()).0, name);
            assert_eq!(kind.name(), name);
            assert_eq!(name.parse::<GameKind>(), Ok(kind));
        }
        assert_eq!(with_game!(GameKind::Chess, names()), ("chess", "normal"));
    }

    fn self_play_ending<G: EngineGame>() -> (usize, bool) {
        (G::SELF_PLAY_ENDING.max_plies, G::SELF_PLAY_ENDING.adjudication.draw.is_some())
    }

    #[test]
    fn ugolki_self_play_needs_no_draw_rule() {
        assert_eq!(self_play_ending::<ladya_ugolki::Position>(), (200, false));
        assert_eq!(self_play_ending::<ladya_chess::Position>(), (400, true));
        assert_eq!(self_play_ending::<ladya_xiangqi::Position>(), (400, true));
    }
}
