//! Legal move generation, generic over a sink: one sink builds the move list, the other only
//! counts, so perft's last ply never builds moves.

use ladya_core::MoveList;

use crate::board::{Bitboard, JumpGraph, STEPS, Square, squares};
use crate::moves::Move;
use crate::position::Position;

/// Where the generator puts legal moves, given as sets.
pub(crate) trait MoveSink {
    /// The piece on `from` moves to every square of `targets` (non-empty).
    fn piece_moves(&mut self, from: Square, targets: Bitboard);
    /// The side to move is blocked: the pass is its only move.
    fn pass(&mut self);
}

/// Counts the moves it is given.
pub(crate) struct Counter(pub(crate) u64);

impl MoveSink for Counter {
    #[inline(always)]
    fn piece_moves(&mut self, _from: Square, targets: Bitboard) {
        self.0 += targets.count_ones() as u64;
    }
    #[inline(always)]
    fn pass(&mut self) {
        self.0 += 1;
    }
}

impl MoveSink for MoveList<Move> {
    #[inline(always)]
    fn piece_moves(&mut self, from: Square, targets: Bitboard) {
        for to in squares(targets) {
            self.push(Move::new(from, to));
        }
    }
    #[inline(always)]
    fn pass(&mut self) {
        self.push(Move::PASS);
    }
}

/// Emits the legal moves of `pos` into `sink`: none when the game is over; else each piece's
/// distinct destinations (its steps and the ends of its jump chains, which never coincide:
/// a step changes the colour of the square, a jump keeps it), or the pass if there are none.
#[inline(always)]
pub(crate) fn generate<S: MoveSink>(pos: &Position, sink: &mut S) {
    if pos.finished().is_some() {
        return;
    }
    let occupied = pos.occupied();
    let empty = !occupied;
    let graph = JumpGraph::new(occupied);
    let mut blocked = true;
    for from in squares(pos.pieces(pos.side)) {
        let targets = (STEPS[from as usize] & empty) | graph.reach(from);
        if targets != 0 {
            sink.piece_moves(from, targets);
            blocked = false;
        }
    }
    if blocked {
        sink.pass();
    }
}

impl Position {
    /// Appends every legal move to `out`: none when the game is over, the pass alone when
    /// the side to move is blocked.
    ///
    /// # Examples
    ///
    /// ```
    /// use ladya_ugolki::{MoveList, Position};
    ///
    /// let pos = Position::start();
    /// let mut moves = MoveList::new();
    /// pos.append_legal_moves(&mut moves);
    /// assert_eq!(moves.len(), 14);
    /// assert_eq!(moves.iter().filter(|m| m.is_jump()).count(), 7);
    /// ```
    #[inline(always)]
    pub fn append_legal_moves(&self, out: &mut MoveList<Move>) {
        generate(self, out);
    }

    /// The number of legal moves, counted without building them.
    ///
    /// # Examples
    ///
    /// ```
    /// use ladya_ugolki::Position;
    ///
    /// assert_eq!(Position::start().count_legal_moves(), 14);
    /// ```
    #[inline(always)]
    pub fn count_legal_moves(&self) -> u64 {
        let mut counter = Counter(0);
        generate(self, &mut counter);
        counter.0
    }

    /// The squares a legal move passes through, start and end included: the two squares of
    /// a step, one shortest chain of single jumps for a jump move (for a user interface to
    /// animate), `None` for the pass or a move that is not legal here.
    ///
    /// # Examples
    ///
    /// ```
    /// use ladya_ugolki::{Move, Position, square_name};
    ///
    /// let pos = Position::from_fen("BBBB4/BBBB4/BBB5/3B4/4W3/5WWW/4WWWW/4WWWW w 2")?;
    /// let path = pos.move_path(pos.parse_move("f2:d4")?).unwrap();
    /// assert_eq!(path.into_iter().map(square_name).collect::<Vec<_>>(), ["f2", "f4", "d4"]);
    /// assert_eq!(pos.move_path(Move::PASS), None);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn move_path(&self, m: Move) -> Option<Vec<Square>> {
        if m.is_pass() || !self.is_legal(m) {
            return None;
        }
        if m.is_step() {
            return Some(vec![m.from(), m.to()]);
        }
        JumpGraph::new(self.occupied()).chain(m.from(), m.to())
    }
}
