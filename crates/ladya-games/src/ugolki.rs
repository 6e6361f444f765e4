//! Ugolki in the registry.

use std::sync::{Arc, OnceLock};

use ladya_nnue::{Network, OutputBuckets};
use ladya_ugolki::Position;

use crate::adjudication::{Adjudication, EndingRules, ResignRule};
use crate::engine_game::{EngineGame, built_in};
use crate::render::{self, View};

impl EngineGame for Position {
    const XBOARD_VARIANT: &'static str = "ugolki";
    const MOVES_TO_COME: u32 = 30;
    /// Never tried in ugolki, or lost there (docs/matches.md).
    const TECHNIQUES_OFF: &'static [&'static str] = &[
        "razoring",
        "continuation-history",
        "correction-history",
        "continuation-correction",
        "alpha-raise-reduction",
        "staged-ordering",
        "reduced-depth-pruning",
        "fail-high-reduction",
        "tt-eval",
        "history-pruning",
        "double-extensions",
        "qs-table-score",
        "eval-history",
        "piece-correction",
    ];
    /// The reverse futility and futility margins wider than chess's, as ugolki has always had
    /// them: chess's tighter ones are untried here.
    const PARAMS: &'static [(&'static str, i32)] = &[("RfpMargin", 80), ("FutBase", 100), ("FutMargin", 90)];
    /// Three times chess's: the weakest level (one ply in ugolki) scored 67.7% against the
    /// three-own-moves player with chess's choice and generation 3's network, 53.0% and 56.8%
    /// with this (docs/play.md).
    const LEVEL_SPREAD: f64 = 3.0;
    /// 8 by move number up to move 80, the move limit.
    const OUTPUT_BUCKETS: OutputBuckets = OutputBuckets::Moves { count: 8, last: 80 };
    /// The sigmoid scale 221 fitted to its self-play data.
    const WIN_K: f64 = 1.0 / 221.0;
    /// In hundredths of a move (known wins, races and deadlines score about 20000): a
    /// twenty-move lead for four moves is beyond catching up; no draw rule, as a race is over
    /// by rule at Black's 80th move; 200 plies at most.
    const SELF_PLAY_ENDING: EndingRules = EndingRules {
        adjudication: Adjudication { resign: Some(ResignRule { move_count: 4, score: 2000 }), draw: None },
        max_plies: 200,
    };

    fn built_in_network() -> Option<Arc<Network>> {
        static NETWORK: OnceLock<Arc<Network>> = OnceLock::new();
        Some(built_in::<Position>(&NETWORK, include_bytes!("../networks/ugolki-gen19.nnue")))
    }

    fn render(&self, view: &View) -> String {
        render::ugolki(self, view)
    }
}
