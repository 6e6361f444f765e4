//! Every weight of the ugolki evaluation, in one place, in hundredths of a move (a tempo is
//! worth about 100, so the generic search's margins keep their meaning).

use ladya_core::Score;

/// The score of a game decided by rule beyond the search's sight (a lost own-home deadline, a
/// decided race), less the plies until it ends. Above every ordinary evaluation, below mates.
pub const KNOWN_WIN: Score = 20_000;

/// The evaluation's weights, in hundredths of a move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Weights {
    /// A square of distance between a piece and the target square the assignment gives it.
    pub square: Score,
    /// The file's or the rank's parity differing between a piece and its assigned square.
    pub parity: Score,
    /// A piece outside the target with no own piece within two squares.
    pub isolated: Score,
    /// Added for an isolated piece with no own piece within four squares.
    pub stranded: Score,
    /// A piece outside the target that can jump forward now.
    pub bridge: Score,
    /// A piece outside the target that can neither step nor jump forward.
    pub blocked: Score,
    /// A piece at home, for each of its side's moves fewer than `home_horizon` left before
    /// the own-home deadline.
    pub home_late: Score,
    /// Added for a piece at home that cannot move, likewise.
    pub home_trapped: Score,
    /// Moves before the own-home deadline at which pieces at home start to cost.
    pub home_horizon: Score,
    /// A piece in the target, for each of its side's moves fewer than `limit_horizon` left
    /// before the move limit.
    pub limit_piece: Score,
    /// Moves before the move limit at which the target count starts to weigh.
    pub limit_horizon: Score,
    /// The side to move's bonus.
    pub tempo: Score,
}

/// The weights [`Position::evaluate`](crate::Position::evaluate) uses.
pub const WEIGHTS: Weights = Weights {
    square: 40,
    parity: 20,
    isolated: 30,
    stranded: 50,
    bridge: 10,
    blocked: 15,
    home_late: 10,
    home_trapped: 20,
    home_horizon: 15,
    limit_piece: 30,
    limit_horizon: 10,
    tempo: 50,
};
