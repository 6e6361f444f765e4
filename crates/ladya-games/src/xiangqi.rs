//! Xiangqi in the registry.

use std::sync::{Arc, OnceLock};

use ladya_core::{Game, GameError, Side};
use ladya_nnue::{Network, OutputBuckets};
use ladya_xiangqi::Position;

use crate::adjudication::{Adjudication, DrawRule, EndingRules, ResignRule};
use crate::engine_game::{Dialect, EngineGame, built_in};
use crate::render::{self, View};

impl EngineGame for Position {
    const XBOARD_VARIANT: &'static str = "xiangqi";
    const FIRST_RANK: u8 = 0;
    const MOVES_TO_COME: u32 = 30;
    /// Razoring and the continuation and correction histories lost together at 25,000 nodes
    /// a move (540 games, -23.8 ± 23.4 Elo).
    const TECHNIQUES_OFF: &'static [&'static str] = &["razoring", "continuation-history", "correction-history"];
    /// 8 by pieces, 32 at the start.
    const OUTPUT_BUCKETS: OutputBuckets = OutputBuckets::Pieces { count: 8, most: 32 };
    /// The sigmoid scale 443 fitted to generation 3's self-play data.
    const WIN_K: f64 = 1.0 / 443.0;
    /// In centipawns (a soldier is 100): two rooks' worth for four moves of the losing side;
    /// a draw from move 50 after ten moves each within 0.10; 400 plies at most.
    const SELF_PLAY_ENDING: EndingRules = EndingRules {
        adjudication: Adjudication {
            resign: Some(ResignRule { move_count: 4, score: 2000 }),
            draw: Some(DrawRule { move_number: 50, move_count: 10, score: 10 }),
        },
        max_plies: 400,
    };

    fn built_in_network() -> Option<Arc<Network>> {
        static NETWORK: OnceLock<Arc<Network>> = OnceLock::new();
        Some(built_in::<Position>(&NETWORK, include_bytes!("../networks/xiangqi-gen3.nnue")))
    }

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
