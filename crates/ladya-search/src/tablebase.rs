//! Endgame tablebases in the search: which positions it asks them about, and how their verdict
//! scores.

use ladya_core::Score;
use ladya_core::score::MATE_BOUND;

/// A tablebase win at the root: below every mate score (by more than the search's 128 plies),
/// above every evaluation; a win found `ply` plies down scores `TB_WIN - ply`, so that the
/// nearer one is preferred.
pub const TB_WIN: Score = MATE_BOUND - 1 - 128;

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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_probe_limit_caps_the_tables() {
        assert_eq!(TablebaseOptions { probe_limit: 3, ..Default::default() }.pieces(4), 3);
        assert_eq!(TablebaseOptions::default().pieces(0), 0);
        assert_eq!(TablebaseOptions::default().pieces(5), 5);
    }
}
