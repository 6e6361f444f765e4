//! Endgame tablebases in the search: which positions it asks them about, and how their verdict
//! scores.

use ladya_core::Score;
use ladya_core::score::MATE_BOUND;
use ladya_games::Wdl;

use crate::worker::MAX_PLY;

/// A tablebase win at the root: below every mate score, above every evaluation; a win found
/// `ply` plies down scores `TB_WIN - ply`, so that the nearer one is preferred.
pub const TB_WIN: Score = MATE_BOUND - 1 - MAX_PLY as Score;

/// How the search uses the game's endgame tablebases, where it has them loaded
/// ([`EngineGame::tablebase_pieces`](ladya_games::EngineGame::tablebase_pieces)): UCI's
/// `SyzygyProbeDepth`, `Syzygy50MoveRule` and `SyzygyProbeLimit`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TablebaseOptions {
    /// Positions with as many pieces as the largest tables are probed only this deep or deeper
    /// (positions with fewer pieces at any depth).
    pub probe_depth: i32,
    /// Whether a win or loss that the 50-move rule turns into a draw counts as a draw.
    pub rule50: bool,
    /// Probe no position with more pieces than this (kings included).
    pub probe_limit: u32,
}

impl Default for TablebaseOptions {
    fn default() -> Self {
        TablebaseOptions { probe_depth: 1, rule50: true, probe_limit: 7 }
    }
}

impl TablebaseOptions {
    /// The most pieces probed when the loaded tables hold `loaded` at most.
    pub fn pieces(&self, loaded: u32) -> u32 {
        loaded.min(self.probe_limit)
    }
}

/// The score and bound of a verdict `ply` plies below the root, with the 50-move rule or without
/// it (`rule50`): a win is at least a tablebase win, a loss at most a loss, a draw exact.
pub(crate) fn wdl_score(wdl: Wdl, rule50: bool, ply: usize) -> (Score, crate::tt::Bound) {
    use crate::tt::Bound;
    match wdl.under(rule50) {
        Wdl::Win => (TB_WIN - ply as Score, Bound::Lower),
        Wdl::Loss => (-TB_WIN + ply as Score, Bound::Upper),
        _ => (0, Bound::Exact),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tt::Bound;

    #[test]
    fn verdicts_score_below_mates_and_above_draws() {
        assert!(TB_WIN - MAX_PLY as Score > 20_000 && TB_WIN < MATE_BOUND);
        assert_eq!(wdl_score(Wdl::Win, true, 3), (TB_WIN - 3, Bound::Lower));
        assert_eq!(wdl_score(Wdl::Loss, true, 4), (-TB_WIN + 4, Bound::Upper));
        assert_eq!(wdl_score(Wdl::CursedWin, true, 4), (0, Bound::Exact));
        assert_eq!(wdl_score(Wdl::CursedWin, false, 4), (TB_WIN - 4, Bound::Lower));
        assert_eq!(wdl_score(Wdl::BlessedLoss, false, 2), (-TB_WIN + 2, Bound::Upper));
        assert_eq!(wdl_score(Wdl::Draw, false, 2), (0, Bound::Exact));
        assert_eq!(TablebaseOptions { probe_limit: 3, ..Default::default() }.pieces(4), 3);
        assert_eq!(TablebaseOptions::default().pieces(0), 0);
    }
}
