//! Chess in the registry.

use std::sync::{Arc, OnceLock};

use ladya_chess::{MoveKind, Position};
use ladya_core::Game;
use ladya_nnue::{Network, OutputBuckets};
use ladya_syzygy::Wdl;

use crate::adjudication::{Adjudication, DrawRule, EndingRules, ResignRule};
use crate::engine_game::{Dialect, EngineGame, built_in};
use crate::render::{self, View};

impl EngineGame for Position {
    const XBOARD_VARIANT: &'static str = "normal";
    const CHESS960: bool = true;
    /// The clock's share over 20 moves passed an SPRT in chess (see docs/matches.md).
    const MOVES_TO_COME: u32 = 20;
    /// The alpha-raise reduction and progress scaling lost at 25,000 nodes a move; the table's
    /// score in pruning, history pruning and double extensions, together, did not gain there
    /// (see docs/matches.md).
    const TECHNIQUES_OFF: &'static [&'static str] =
        &["alpha-raise-reduction", "progress-scaling", "tt-eval", "history-pruning", "double-extensions"];
    /// 8 by pieces, 32 at the start.
    const OUTPUT_BUCKETS: OutputBuckets = OutputBuckets::Pieces { count: 8, most: 32 };
    /// lichess's `k`.
    const WIN_K: f64 = 0.003_682_08;
    /// Two queens' worth for four moves of the losing side; a draw from move 40 after ten
    /// moves each within 0.10; 400 plies at most.
    const SELF_PLAY_ENDING: EndingRules = EndingRules {
        adjudication: Adjudication {
            resign: Some(ResignRule { move_count: 4, score: 2000 }),
            draw: Some(DrawRule { move_number: 40, move_count: 10, score: 10 }),
        },
        max_plies: 400,
    };

    fn built_in_network() -> Option<Arc<Network>> {
        static NETWORK: OnceLock<Arc<Network>> = OnceLock::new();
        Some(built_in::<Position>(&NETWORK, include_bytes!("../networks/chess-gen11.nnue")))
    }

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
        let fen = fen.unwrap_or(Position::START_FEN);
        let pos = if chess960 { Position::from_fen_chess960(fen) } else { Position::from_fen(fen) };
        pos.map_err(|e| e.to_string())
    }

    fn render(&self, view: &View) -> String {
        render::chess(self, view)
    }

    fn tablebase_pieces() -> u32 {
        ladya_syzygy::max_pieces()
    }

    /// Syzygy's WDL tables, asked only with the 50-move clock at 0.
    fn tablebase_wdl(&self) -> Option<Wdl> {
        if self.halfmove_clock() != 0 {
            return None;
        }
        ladya_syzygy::probe_wdl(self)
    }

    /// Syzygy's DTZ tables: with `rule50`, the moves that win within the 50-move rule's count
    /// if any does (else those that draw, ...), without it those that win at all.
    fn tablebase_root(&self, rule50: bool) -> Option<(Wdl, Vec<Self::Move>)> {
        let probe = ladya_syzygy::probe_root(self, rule50)?;
        let keep = ladya_syzygy::best_moves(&probe, rule50);
        Some((probe.wdl.under(rule50), keep))
    }
}
