//! The piece-placement field of a FEN, read and written once for every game.
//!
//! The field lists the ranks from the top one (the second player's back rank) down, separated
//! by `/`; each rank lists its squares from the first file on, a letter for a piece and a
//! digit for a run of empty squares. A game describes its board with a [`BoardShape`] and maps
//! letters to its pieces and back; [`read_board`] and [`write_board`] do the rest, and every
//! fault is a [`BoardError`] that names the rank and what is wrong with it.
//!
//! ```
//! use ladya_core::fen_board::{BoardError, BoardShape, read_board, write_board};
//!
//! // Three files, two ranks numbered from 1, pieces X and O.
//! const TINY: BoardShape = BoardShape::new(3, 2, 1, "X or O");
//! let piece = |letter| matches!(letter, 'X' | 'O').then_some(letter);
//!
//! // (file, row, piece), files and rows counted from 0 at the bottom left.
//! let pieces = read_board(&TINY, "X2/1O1", piece).unwrap();
//! assert_eq!(pieces, [(0, 1, 'X'), (1, 0, 'O')]);
//!
//! let at = |file, row| pieces.iter().find(|p| (p.0, p.1) == (file, row)).map(|p| p.2);
//! assert_eq!(write_board(&TINY, at), "X2/1O1");
//!
//! let error = read_board(&TINY, "X2/1Q1", piece).unwrap_err();
//! assert_eq!(error, BoardError::UnknownLetter { rank: 1, letter: 'Q', pieces: "X or O", files: 3 });
//! assert_eq!(error.to_string(), "rank 1: 'Q' is not a piece letter (X or O) or a digit 1-3");
//! ```

use thiserror::Error;

/// The board a placement field describes: its width and height, how its ranks are numbered,
/// and its piece letters as error messages list them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BoardShape {
    files: u8,
    ranks: u8,
    first_rank: u8,
    pieces: &'static str,
}

impl BoardShape {
    /// A board of `files` files (1 to 9, so that a run of empty squares is one digit) and
    /// `ranks` ranks; the bottom rank is called `first_rank` in error messages (1 in chess, 0
    /// in xiangqi) and the others count up from it. `pieces` lists the piece letters for error
    /// messages, as in `"PNBRQK or pnbrqk"`.
    ///
    /// # Panics
    /// When the sizes are out of range; in a `const` that is a compile error.
    pub const fn new(files: u8, ranks: u8, first_rank: u8, pieces: &'static str) -> BoardShape {
        assert!(files >= 1 && files <= 9, "a board has 1 to 9 files");
        assert!(ranks >= 1 && ranks as u16 + first_rank as u16 <= 256, "rank numbers must fit in a u8");
        BoardShape { files, ranks, first_rank, pieces }
    }

    /// The number of the rank in row `row` (0 at the bottom), as the game names it.
    fn rank_number(&self, row: u8) -> u8 {
        self.first_rank + row
    }
}

/// What is wrong with a placement field, naming the rank (as the game numbers it) and the
/// fault.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum BoardError {
    /// The field does not have the board's number of ranks.
    #[error("piece placement has {found} ranks separated by '/'; it needs {ranks}")]
    RankCount {
        /// The ranks found.
        found: usize,
        /// The ranks of the board.
        ranks: u8,
    },
    /// A rank describes more or fewer squares than the board is wide.
    #[error("rank {rank} describes {squares} squares; it needs {files}")]
    RankLength {
        /// The rank.
        rank: u8,
        /// The number of squares it describes.
        squares: usize,
        /// The files of the board.
        files: u8,
    },
    /// A character is not a piece letter of the game nor a digit from 1 to the board's width.
    #[error("rank {rank}: '{letter}' is not a piece letter ({pieces}) or a digit 1-{files}")]
    UnknownLetter {
        /// The rank.
        rank: u8,
        /// The offending character.
        letter: char,
        /// The game's piece letters.
        pieces: &'static str,
        /// The files of the board, the largest digit.
        files: u8,
    },
}

/// Reads a placement field into its pieces as `(file, row, piece)`, files and rows counted
/// from 0 at the bottom left, ranks from the top down in the order of the text. `piece` maps
/// a letter to the game's piece, `None` for a letter the game does not know. Never panics.
///
/// # Errors
/// [`BoardError`] for a wrong number of ranks, a rank that is too long or too short, or a
/// character that is neither a piece letter nor a digit 1 to the board's width; the first
/// fault from the top wins.
pub fn read_board<P>(
    shape: &BoardShape,
    field: &str,
    piece: impl Fn(char) -> Option<P>,
) -> Result<Vec<(u8, u8, P)>, BoardError> {
    let ranks: Vec<&str> = field.split('/').collect();
    if ranks.len() != usize::from(shape.ranks) {
        return Err(BoardError::RankCount { found: ranks.len(), ranks: shape.ranks });
    }
    let mut pieces = Vec::new();
    for (row, text) in (0..shape.ranks).rev().zip(ranks) {
        let rank = shape.rank_number(row);
        let mut squares = 0usize;
        for letter in text.chars() {
            match letter.to_digit(10) {
                Some(run @ 1..) if run <= u32::from(shape.files) => squares += run as usize,
                _ => {
                    let p = piece(letter).ok_or(BoardError::UnknownLetter {
                        rank,
                        letter,
                        pieces: shape.pieces,
                        files: shape.files,
                    })?;
                    if squares < usize::from(shape.files) {
                        pieces.push((squares as u8, row, p));
                    }
                    squares += 1;
                }
            }
        }
        if squares != usize::from(shape.files) {
            return Err(BoardError::RankLength { rank, squares, files: shape.files });
        }
    }
    Ok(pieces)
}

/// Writes a placement field: `letter(file, row)` is the letter of the piece on that square
/// (files and rows from 0 at the bottom left), `None` for an empty one.
pub fn write_board(shape: &BoardShape, mut letter: impl FnMut(u8, u8) -> Option<char>) -> String {
    let mut out = String::new();
    for row in (0..shape.ranks).rev() {
        let mut empty = 0;
        for file in 0..shape.files {
            match letter(file, row) {
                None => empty += 1,
                Some(l) => {
                    if empty > 0 {
                        out.push(char::from(b'0' + empty));
                        empty = 0;
                    }
                    out.push(l);
                }
            }
        }
        if empty > 0 {
            out.push(char::from(b'0' + empty));
        }
        if row > 0 {
            out.push('/');
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    const XIANGQI_LIKE: BoardShape = BoardShape::new(9, 10, 0, "K or k");

    fn king(letter: char) -> Option<char> {
        matches!(letter, 'K' | 'k').then_some(letter)
    }

    #[test]
    fn faults_name_the_rank() {
        let read = |field| read_board(&XIANGQI_LIKE, field, king);
        assert_eq!(read("4k4/9/9/9/9/9/9/9/4K4"), Err(BoardError::RankCount { found: 9, ranks: 10 }));
        assert_eq!(read("4k4/9/9/9/9/9/9/9/9/4K5"), Err(BoardError::RankLength { rank: 0, squares: 10, files: 9 }));
        assert_eq!(read("4k4/9/9/9/9/99999/9/9/9/4K4"), Err(BoardError::RankLength { rank: 4, squares: 45, files: 9 }));
        assert_eq!(read("4k4//9/9/9/9/9/9/9/4K4"), Err(BoardError::RankLength { rank: 8, squares: 0, files: 9 }));
        for (field, letter) in
            [("4k4/0/9/9/9/9/9/9/9/4K4", '0'), ("4k4/9/9/9/9/9/9/9/9/4Q4", 'Q'), ("ж/9/9/9/9/9/9/9/9/9", 'ж')]
        {
            assert!(matches!(read(field), Err(BoardError::UnknownLetter { letter: l, .. }) if l == letter), "{field}");
        }
        assert_eq!(read("4k4/9/9/9/9/9/9/9/9/4K4"), Ok(vec![(4, 9, 'k'), (4, 0, 'K')]),);
    }

    #[test]
    fn digits_stop_at_the_width() {
        let chess_like = BoardShape::new(8, 8, 1, "K or k");
        let error = read_board(&chess_like, "9/8/8/8/8/8/8/8", king).unwrap_err();
        assert_eq!(error.to_string(), "rank 8: '9' is not a piece letter (K or k) or a digit 1-8");
        let full = "KKKKKKKK/8/8/8/8/8/8/kkkkkkkk";
        let pieces = read_board(&chess_like, full, king).unwrap();
        assert_eq!(pieces.len(), 16);
        let at = |file, row| pieces.iter().find(|p| (p.0, p.1) == (file, row)).map(|p| p.2);
        assert_eq!(write_board(&chess_like, at), full);
    }
}
