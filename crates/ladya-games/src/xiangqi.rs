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
    /// Razoring, the correction history and the history moved by the evaluation's change lost
    /// at 25,000 nodes a move (razoring and the correction history with the continuation
    /// histories, which later passed alone); pruning at the reduced depth showed no gain
    /// (docs/matches.md).
    const TECHNIQUES_OFF: &'static [&'static str] =
        &["razoring", "correction-history", "continuation-correction", "reduced-depth-pruning", "eval-history"];
    /// A larger share of the clock: at 10+0.1 the default share left about 3 s unspent at the
    /// end of a game; the reverse futility and futility margins wider than chess's, as xiangqi
    /// has always had them: neither doubled nor as tight as chess's did they gain
    /// (docs/matches.md).
    const PARAMS: &'static [(&'static str, i32)] =
        &[("TmSoftPct", 80), ("RfpMargin", 80), ("FutBase", 100), ("FutMargin", 90)];
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
        Some(built_in::<Position>(&NETWORK, include_bytes!("../networks/xiangqi-gen18.nnue")))
    }

    /// UCI's ranks are 1-10 (as Fairy-Stockfish), the other dialects' 0-9 (ICCS).
    fn first_rank(dialect: Dialect) -> u8 {
        if dialect == Dialect::Uci { 1 } else { 0 }
    }

    fn dialect_move_text(&self, m: Self::Move, dialect: Dialect) -> String {
        match dialect {
            Dialect::Uci => m.uci(),
            _ => self.move_text(m),
        }
    }

    /// UCI reads coordinates only, with ranks 1-10 or 0-9 as its dialect says; XBoard, UCCI
    /// and people may also write WXF.
    fn parse_dialect_move(&self, text: &str, dialect: Dialect) -> Result<Self::Move, Self::Error> {
        match dialect {
            Dialect::Uci => self.parse_uci(text).map_err(GameError::Move),
            Dialect::UciRanks0 => self.parse_iccs(text).map_err(GameError::Move),
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

#[cfg(test)]
mod tests {
    use super::*;
    use ladya_core::{Game, MoveList};

    #[test]
    fn uci_writes_ranks_one_to_ten_or_zero_to_nine_as_told() {
        let pos = Position::start();
        let cannon = pos.parse_dialect_move("h2e2", Dialect::UciRanks0).unwrap();
        assert_eq!(pos.parse_dialect_move("h3e3", Dialect::Uci).unwrap(), cannon);
        assert_eq!(pos.dialect_move_text(cannon, Dialect::UciRanks0), "h2e2");
        assert_eq!(pos.dialect_move_text(cannon, Dialect::Uci), "h3e3");
        assert_eq!(pos.human_move_text(cannon), "C2.5");
        // Coordinates only under UCI, whichever ranks: no WXF, and rank 10 is not 0-9.
        assert!(pos.parse_dialect_move("C2.5", Dialect::UciRanks0).is_err());
        assert!(pos.parse_dialect_move("b10c8", Dialect::UciRanks0).is_err());
        assert!(pos.parse_dialect_move("C2.5", Dialect::Ucci).is_ok());
        let mut moves = MoveList::new();
        Game::legal_moves(&pos, &mut moves);
        for &m in moves.iter() {
            for dialect in [Dialect::Uci, Dialect::UciRanks0] {
                assert_eq!(pos.parse_dialect_move(&pos.dialect_move_text(m, dialect), dialect).unwrap(), m);
            }
            assert_eq!(pos.dialect_move_text(m, Dialect::UciRanks0), pos.dialect_move_text(m, Dialect::Ucci));
        }
        assert_eq!(
            [Dialect::Uci, Dialect::UciRanks0, Dialect::Xboard, Dialect::Ucci, Dialect::Human]
                .map(Position::first_rank),
            [1, 0, 0, 0, 0]
        );
        assert_eq!(ladya_chess::Position::first_rank(Dialect::UciRanks0), 1);
    }
}
