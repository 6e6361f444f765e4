//! A simple static evaluation: the race count. Each side's pieces are summed by their
//! distance (in steps, file plus rank) to the far corner of their target; fewer is better.
//! The search issue will replace it; its weights are all in [`WEIGHTS`].

use ladya_core::{Score, Side};

use crate::bitboard::{file_of, rank_of, squares};
use crate::position::Position;

/// The evaluation's weights.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Weights {
    /// Score of one step of a piece's distance to its target corner.
    pub distance: Score,
    /// Score of a piece standing in its target.
    pub in_target: Score,
    /// Bonus of the side to move (it is half a move ahead in the race).
    pub tempo: Score,
}

/// The weights [`Position::evaluate`] uses.
pub const WEIGHTS: Weights = Weights { distance: 10, in_target: 15, tempo: 5 };

/// Distance in steps from each square to each side's target corner: a8 for White, h1 for
/// Black, indexed `[side][square]`.
const DISTANCE: [[Score; 64]; 2] = {
    let mut table = [[0; 64]; 2];
    let mut sq = 0;
    while sq < 64 {
        let (file, rank) = (file_of(sq) as Score, rank_of(sq) as Score);
        table[0][sq as usize] = file + (7 - rank);
        table[1][sq as usize] = (7 - file) + rank;
        sq += 1;
    }
    table
};

impl Position {
    /// The race count for `side`: higher is better for it.
    fn race(&self, side: Side) -> Score {
        let pieces = self.pieces(side);
        let distance: Score = squares(pieces).map(|s| DISTANCE[side.index()][s as usize]).sum();
        let in_target = (pieces & self.layout.target(side)).count_ones() as Score;
        in_target * WEIGHTS.in_target - distance * WEIGHTS.distance
    }

    /// The evaluation from the side to move's point of view.
    pub fn evaluate(&self) -> Score {
        self.race(self.side) - self.race(self.side.opponent()) + WEIGHTS.tempo
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_start_is_even_and_progress_counts() {
        let mut pos = Position::start();
        assert_eq!(pos.evaluate(), WEIGHTS.tempo);
        // White steps towards a8: now Black, to move, is one step behind.
        pos.make(pos.parse_move("e3e4").unwrap());
        assert_eq!(pos.evaluate(), WEIGHTS.tempo - WEIGHTS.distance);
        // A white piece in its target, Black to move.
        let pos = Position::from_fen("BBBB4/BBBB4/BBBW4/3B4/8/4WWWW/4WWWW/4WWW1 b 9").unwrap();
        let white = pos.race(Side::White);
        // d6 is 5 steps from a8; ranks 3, 2 and 1 hold e3-h3, e2-h2 and e1-g1.
        let steps = 5 + (9 + 10 + 11 + 12) + (10 + 11 + 12 + 13) + (11 + 12 + 13);
        assert_eq!(white, WEIGHTS.in_target - WEIGHTS.distance * steps);
        assert!(pos.evaluate() < 0);
    }
}
