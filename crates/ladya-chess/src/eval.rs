//! Static evaluation of chess positions.

use ladya_core::{Score, Side};

use crate::piece::Kind;
use crate::position::Position;

/// Material values in centipawns, pawn to king (the king is never traded).
pub const MATERIAL: [Score; 6] = [100, 320, 330, 500, 900, 0];

impl Position {
    /// Material balance from the side to move's point of view.
    pub fn evaluate(&self) -> Score {
        let white: Score = Kind::ALL
            .iter()
            .map(|&k| {
                MATERIAL[k as usize]
                    * (self.pieces(Side::White, k).count_ones() as Score
                        - self.pieces(Side::Black, k).count_ones() as Score)
            })
            .sum();
        if self.side == Side::White { white } else { -white }
    }
}
