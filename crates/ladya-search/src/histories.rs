//! What a search thread learns as it goes: how quiet moves fared (history, counter moves,
//! continuation histories) and how far the static evaluation missed (correction history).
//! With [`Features::kept_histories`](crate::Features::kept_histories) (on by default) a
//! thread's tables are kept in the transposition table after its search and taken up by the
//! same thread of the next one, as the table's entries are, until the table is cleared (a new
//! game).

use ladya_core::Game;

use crate::options::Features;

/// Correction-history entries per side.
pub(crate) const CORRECTIONS: usize = 16_384;
/// Move codes (`MoveCode::code`) per side in the history table.
pub(crate) const MOVE_CODES: usize = 65_536;

/// One search thread's statistics.
pub(crate) struct Histories {
    /// The game whose moves the tables index (a table may serve searches of several games).
    game: &'static str,
    /// Quiet-move history by side and move code.
    pub(crate) history: Vec<i16>,
    /// The move that last refuted each move (by code).
    pub(crate) counters: Vec<u16>,
    /// Quiet-move history after a move: by the earlier move's key, then the quiet move's.
    pub(crate) continuation: Vec<i16>,
    /// How far the static evaluation missed the search's score, by side to move and
    /// [`Game::structure_key`], in 256ths of an evaluation unit.
    pub(crate) correction: Vec<i32>,
    /// The same by side to move and the key of the move that led to the position.
    pub(crate) continuation_correction: Vec<i32>,
    /// The same by side to move and each side's [`Game::piece_keys`].
    pub(crate) piece_correction: Vec<i32>,
}

impl Histories {
    /// Empty tables for searches of `G` with `features`.
    pub(crate) fn new<G: Game>(features: &Features) -> Histories {
        Histories {
            game: G::NAME,
            history: vec![0; 2 * MOVE_CODES],
            counters: vec![0; MOVE_CODES],
            // Allocated (megabytes in xiangqi) only when the technique is on.
            continuation: vec![0; Histories::continuation_len::<G>(features)],
            correction: vec![0; 2 * CORRECTIONS],
            continuation_correction: vec![0; 2 * G::MOVE_KEYS],
            piece_correction: vec![0; 4 * CORRECTIONS],
        }
    }

    /// Whether these tables serve a search of `G` with `features`.
    pub(crate) fn fit<G: Game>(&self, features: &Features) -> bool {
        self.game == G::NAME && self.continuation.len() == Histories::continuation_len::<G>(features)
    }

    fn continuation_len<G: Game>(features: &Features) -> usize {
        if features.continuation_history { G::MOVE_KEYS * G::MOVE_KEYS } else { 0 }
    }
}
