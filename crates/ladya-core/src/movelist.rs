//! A fixed-capacity list of moves that lives on the stack.

use std::fmt;
use std::ops::{Deref, DerefMut};

/// The most legal moves any position of any Ladya game can have.
///
/// Chess needs 218 and xiangqi fewer; ugolki is the bound: 16 pieces each reaching at most
/// the 32 free squares gives 512 distinct (from, to) moves.
pub const MAX_MOVES: usize = 512;

/// Moves of one position, without heap allocation. Dereferences to a slice.
///
/// # Examples
///
/// ```
/// use ladya_core::{Game, MoveList};
///
/// let pos = ladya_chess::Position::start();
/// let mut list = MoveList::new();
/// Game::legal_moves(&pos, &mut list);
/// assert_eq!(list.len(), 20);
/// assert!(list.contains(&pos.parse_move("e4")?)); // a slice's methods
/// list.truncate(5);
/// assert_eq!(list.len(), 5);
/// # Ok::<(), ladya_chess::MoveError>(())
/// ```
#[derive(Clone)]
pub struct MoveList<M: Copy + Default> {
    len: usize,
    moves: [M; MAX_MOVES],
}

impl<M: Copy + Default> MoveList<M> {
    /// An empty list.
    #[inline]
    pub fn new() -> Self {
        MoveList { len: 0, moves: [M::default(); MAX_MOVES] }
    }

    /// Appends a move. The capacity is a proven bound on legal moves, so overflowing it is a
    /// bug in a move generator, not an input error.
    #[inline(always)]
    pub fn push(&mut self, m: M) {
        self.moves[self.len] = m;
        self.len += 1;
    }

    /// Empties the list, keeping its storage.
    #[inline]
    pub fn clear(&mut self) {
        self.len = 0;
    }

    /// Shortens the list to its first `len` moves.
    #[inline]
    pub fn truncate(&mut self, len: usize) {
        self.len = self.len.min(len);
    }

    /// Removes the move at `index`, moving the last move into its place.
    #[inline]
    pub fn swap_remove(&mut self, index: usize) -> M {
        let m = self.moves[index];
        self.len -= 1;
        self.moves[index] = self.moves[self.len];
        m
    }
}

impl<M: Copy + Default> Default for MoveList<M> {
    fn default() -> Self {
        Self::new()
    }
}

impl<M: Copy + Default> Deref for MoveList<M> {
    type Target = [M];
    #[inline(always)]
    fn deref(&self) -> &[M] {
        &self.moves[..self.len]
    }
}

impl<M: Copy + Default> DerefMut for MoveList<M> {
    #[inline(always)]
    fn deref_mut(&mut self) -> &mut [M] {
        &mut self.moves[..self.len]
    }
}

impl<M: Copy + Default + fmt::Debug> fmt::Debug for MoveList<M> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.iter()).finish()
    }
}

impl<'a, M: Copy + Default> IntoIterator for &'a MoveList<M> {
    type Item = &'a M;
    type IntoIter = std::slice::Iter<'a, M>;
    fn into_iter(self) -> Self::IntoIter {
        self.iter()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn push_remove_and_truncate() {
        let mut list = MoveList::<u16>::new();
        assert!(list.is_empty());
        for m in 1..=5 {
            list.push(m);
        }
        assert_eq!(&list[..], &[1, 2, 3, 4, 5]);
        assert_eq!(list.swap_remove(1), 2);
        assert_eq!(&list[..], &[1, 5, 3, 4]);
        list.truncate(2);
        assert_eq!(&list[..], &[1, 5]);
        list.clear();
        assert_eq!(list.len(), 0);
    }
}
