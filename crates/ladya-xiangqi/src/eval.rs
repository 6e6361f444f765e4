//! Static evaluation of xiangqi positions: material only, for now.

use ladya_core::{Score, Side};

use crate::piece::Kind;
use crate::position::Position;

/// Material values, general to soldier (the general is never traded), in the order of
/// [`Kind`]. The one place the weights live.
pub const MATERIAL: [Score; 7] = [0, 200, 200, 400, 900, 450, 100];

impl Position {
    /// Material balance from the side to move's point of view.
    pub fn evaluate(&self) -> Score {
        let red: Score = Kind::ALL
            .iter()
            .map(|&k| {
                MATERIAL[k as usize]
                    * (self.pieces(Side::White, k).count_ones() as Score
                        - self.pieces(Side::Black, k).count_ones() as Score)
            })
            .sum();
        if self.side == Side::White { red } else { -red }
    }
}
