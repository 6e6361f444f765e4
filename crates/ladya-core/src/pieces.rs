//! Pieces on squares: the view of a position that a learned evaluation reads, the same for
//! every game.

use crate::side::Side;

/// A piece of `side` and of a game's `kind` (below [`Game::PIECE_KINDS`]) on `square` (below
/// [`Game::SQUARES`]).
///
/// [`Game::PIECE_KINDS`]: crate::Game::PIECE_KINDS
/// [`Game::SQUARES`]: crate::Game::SQUARES
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct PlacedPiece {
    /// Whose piece it is.
    pub side: Side,
    /// The game's kind of piece, counted from 0.
    pub kind: u8,
    /// The square it stands on, counted from 0 in the game's square order.
    pub square: u8,
}

impl PlacedPiece {
    /// The piece of `side` and `kind` on `square`.
    pub const fn new(side: Side, kind: u8, square: u8) -> PlacedPiece {
        PlacedPiece { side, kind, square }
    }
}

/// What a move does to the pieces on the board: the pieces it lifts and the pieces it puts
/// down. A quiet move lifts its piece from one square and puts it down on another; a capture
/// lifts the victim too; castling moves two pieces; a promotion lifts a pawn and puts down a
/// queen.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PieceChanges {
    removed: [PlacedPiece; 2],
    added: [PlacedPiece; 2],
    removed_len: u8,
    added_len: u8,
}

impl Default for PieceChanges {
    fn default() -> Self {
        PieceChanges::NONE
    }
}

impl PieceChanges {
    /// No change: a null move or a pass.
    pub const NONE: PieceChanges = {
        let nothing = PlacedPiece::new(Side::White, 0, 0);
        PieceChanges { removed: [nothing; 2], added: [nothing; 2], removed_len: 0, added_len: 0 }
    };

    /// `piece` carried from its square to `to`.
    pub const fn carry(piece: PlacedPiece, to: u8) -> PieceChanges {
        let mut changes = PieceChanges::NONE;
        changes.removed[0] = piece;
        changes.added[0] = PlacedPiece::new(piece.side, piece.kind, to);
        changes.removed_len = 1;
        changes.added_len = 1;
        changes
    }

    /// Records that the move lifts `piece` too (at most two pieces in all).
    ///
    /// # Panics
    /// On a third piece lifted: no move of any game does that.
    pub fn remove(&mut self, piece: PlacedPiece) {
        self.removed[self.removed_len as usize] = piece;
        self.removed_len += 1;
    }

    /// Records that the move puts `piece` down too (at most two pieces in all).
    ///
    /// # Panics
    /// On a third piece put down: no move of any game does that.
    pub fn add(&mut self, piece: PlacedPiece) {
        self.added[self.added_len as usize] = piece;
        self.added_len += 1;
    }

    /// The pieces the move lifts.
    pub fn removed(&self) -> &[PlacedPiece] {
        &self.removed[..self.removed_len as usize]
    }

    /// The pieces the move puts down.
    pub fn added(&self) -> &[PlacedPiece] {
        &self.added[..self.added_len as usize]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_capture_lifts_two_pieces_and_puts_one_down() {
        let knight = PlacedPiece::new(Side::White, 1, 21);
        let pawn = PlacedPiece::new(Side::Black, 0, 36);
        let mut changes = PieceChanges::carry(knight, 36);
        changes.remove(pawn);
        assert_eq!(changes.removed(), &[knight, pawn]);
        assert_eq!(changes.added(), &[PlacedPiece::new(Side::White, 1, 36)]);
        assert!(PieceChanges::NONE.removed().is_empty() && PieceChanges::default().added().is_empty());
    }
}
