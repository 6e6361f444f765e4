//! Reading and writing positions in the rule file's FEN-like form, with typed errors:
//! `BBBB4/BBBB4/BBBB4/8/8/4WWWW/4WWWW/4WWWW w 1`.

use ladya_core::Side;
use ladya_core::fen_board::{BoardError, BoardShape, read_board, write_board};
use thiserror::Error;

use crate::board::{bit, square_at};
use crate::position::{Layout, Position};
use crate::rules::{LAST_MOVE_NUMBER, MOVE_LIMIT};

/// What is wrong with a position given as text, naming the field and the fault.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum FenError {
    /// The text is empty or only spaces.
    #[error("empty position")]
    Empty,
    /// The placement is not eight ranks of eight squares in `W`, `B` and digits 1-8 (ranks
    /// numbered 1-8).
    #[error(transparent)]
    Board(#[from] BoardError),
    /// The sides have different numbers of pieces.
    #[error("White has {white} pieces and Black {black}; both need the same number")]
    UnequalCounts {
        /// White's pieces.
        white: u32,
        /// Black's pieces.
        black: u32,
    },
    /// Both sides have a number of pieces no layout has.
    #[error("each side has {0} pieces; the layouts have 9, 12 or 16")]
    BadCount(u32),
    /// The side to move is missing.
    #[error("the side to move ('w' or 'b') is missing after the placement")]
    MissingSide,
    /// The side to move is not `w` or `b`.
    #[error("side to move '{0}' must be 'w' or 'b'")]
    BadSide(String),
    /// The move number is missing.
    #[error("the move number is missing after the side to move")]
    MissingMoveNumber,
    /// The move number is not a number the game can reach.
    #[error(
        "move number '{0}' must be a number from 1 to {LAST_MOVE_NUMBER} (to {MOVE_LIMIT} with Black to move): \
         the game ends after Black's move {MOVE_LIMIT}"
    )]
    BadMoveNumber(String),
    /// Something follows the move number.
    #[error("unexpected '{0}' after the move number")]
    TrailingText(String),
    /// Black is to move with its target already full: the game ended at Black's move, before
    /// White's last one (both sides finished, say), so no game reaches this position.
    #[error("Black's target is full with Black to move: the game ended when Black filled it, before White's last move")]
    FinishedBefore,
}

impl Position {
    /// Reads a position: the placement, the side to move and the full-move number, separated
    /// by spaces. The number of pieces chooses the layout.
    ///
    /// # Errors
    /// [`FenError`] naming what is wrong: the field count, the placement, the side, a move
    /// number the game cannot reach, or Black to move after Black has filled its target (the
    /// game ended before the last move).
    ///
    /// # Examples
    ///
    /// ```
    /// use ladya_ugolki::{FenError, Layout, Position};
    ///
    /// let pos = Position::from_fen("BBB5/BBB5/BBB5/8/8/5WWW/5WWW/5WWW w 1")?;
    /// assert_eq!(pos.layout(), Layout::Nine); // nine pieces a side
    /// let uneven = Position::from_fen("BBBB4/BBBB4/BBBB4/8/8/4WWWW/4WWWW/4WWW1 w 1");
    /// assert_eq!(uneven.map(|_| ()), Err(FenError::UnequalCounts { white: 11, black: 12 }));
    /// // The game ends after Black's 80th move: White may be to move at 81, Black never.
    /// assert!(Position::from_fen("BBBB4/BBBB4/BBBB4/8/8/4WWWW/4WWWW/4WWWW w 81").is_ok());
    /// let late = Position::from_fen("BBBB4/BBBB4/BBBB4/8/8/4WWWW/4WWWW/4WWWW b 81");
    /// assert_eq!(late.map(|_| ()), Err(FenError::BadMoveNumber("81".into())));
    /// # Ok::<(), FenError>(())
    /// ```
    pub fn from_fen(fen: &str) -> Result<Position, FenError> {
        let mut fields = fen.split_whitespace();
        let placement = fields.next().ok_or(FenError::Empty)?;
        let pieces = parse_placement(placement)?;
        let (white, black) = (pieces[0].count_ones(), pieces[1].count_ones());
        if white != black {
            return Err(FenError::UnequalCounts { white, black });
        }
        let layout = Layout::from_count(white).ok_or(FenError::BadCount(white))?;
        let side = match fields.next() {
            None => return Err(FenError::MissingSide),
            Some("w") => Side::White,
            Some("b") => Side::Black,
            Some(other) => return Err(FenError::BadSide(other.to_string())),
        };
        let text = fields.next().ok_or(FenError::MissingMoveNumber)?;
        let last = if side == Side::White { LAST_MOVE_NUMBER } else { MOVE_LIMIT };
        let number = match text.parse::<u8>() {
            Ok(n) if (1..=last).contains(&n) => n,
            _ => return Err(FenError::BadMoveNumber(text.to_string())),
        };
        if let Some(extra) = fields.next() {
            return Err(FenError::TrailingText(extra.to_string()));
        }
        let black_target = layout.target(Side::Black);
        if side == Side::Black && pieces[1] & black_target == black_target {
            return Err(FenError::FinishedBefore);
        }
        let mut pos = Position::start_with(layout);
        pos.pieces = pieces;
        pos.side = side;
        pos.number = number;
        pos.key = pos.compute_key();
        Ok(pos)
    }

    /// The position in FEN form.
    ///
    /// # Examples
    ///
    /// ```
    /// use ladya_ugolki::Position;
    ///
    /// let mut pos = Position::start();
    /// pos.play_text("e3-e4")?;
    /// pos.play_text("d6-d5")?;
    /// assert_eq!(pos.to_fen(), "BBBB4/BBBB4/BBB5/3B4/4W3/5WWW/4WWWW/4WWWW w 2");
    /// # Ok::<(), ladya_ugolki::UgolkiError>(())
    /// ```
    pub fn to_fen(&self) -> String {
        let mut out = write_board(&BOARD, |file, rank| {
            self.piece_at(square_at(file, rank)).map(|side| if side == Side::White { 'W' } else { 'B' })
        });
        let side = if self.side == Side::White { 'w' } else { 'b' };
        out.push_str(&format!(" {side} {}", self.number));
        out
    }
}

/// The ugolki board as the placement field describes it.
const BOARD: BoardShape = BoardShape::new(8, 8, 1, "W or B");

/// The white and black pieces of a placement field.
fn parse_placement(placement: &str) -> Result<[u64; 2], FenError> {
    let side = |letter| match letter {
        'W' => Some(Side::White),
        'B' => Some(Side::Black),
        _ => None,
    };
    let mut pieces = [0u64; 2];
    for (file, rank, side) in read_board(&BOARD, placement, side)? {
        pieces[side.index()] |= bit(square_at(file, rank));
    }
    Ok(pieces)
}

#[cfg(test)]
mod tests {
    use super::*;

    const START: &str = Position::START_FEN;

    fn error(fen: &str) -> FenError {
        Position::from_fen(fen).unwrap_err()
    }

    fn rank_count(found: usize) -> FenError {
        FenError::Board(BoardError::RankCount { found, ranks: 8 })
    }

    fn rank_length(rank: u8, squares: usize) -> FenError {
        FenError::Board(BoardError::RankLength { rank, squares, files: 8 })
    }

    fn unknown_letter(rank: u8, letter: char) -> FenError {
        FenError::Board(BoardError::UnknownLetter { rank, letter, pieces: "W or B", files: 8 })
    }

    #[test]
    fn start_positions_round_trip() {
        for layout in Layout::ALL {
            let pos = Position::start_with(layout);
            let again = Position::from_fen(&pos.to_fen()).unwrap();
            assert_eq!(again, pos);
            assert_eq!(again.layout(), layout);
            assert_eq!(again.pieces(Side::Black).count_ones(), layout.pieces());
        }
        assert_eq!(Position::start().to_fen(), START);
        assert_eq!(Position::start_with(Layout::Nine).to_fen(), "BBB5/BBB5/BBB5/8/8/5WWW/5WWW/5WWW w 1");
        assert_eq!(
            Position::start_with(Layout::Sixteen).to_fen(),
            "BBBB4/BBBB4/BBBB4/BBBB4/4WWWW/4WWWW/4WWWW/4WWWW w 1"
        );
        let late = "WWW1W3/WWW5/WW6/WW5B/W6B/4B1BB/5BBB/4BBBB b 80";
        assert_eq!(Position::from_fen(late).unwrap().to_fen(), late);
        assert_eq!(Position::from_fen("  BBBB4/BBBB4/BBBB4/8/8/4WWWW/4WWWW/4WWWW   w  1 ").unwrap().to_fen(), START);
    }

    #[test]
    fn empty_text() {
        assert_eq!(error(""), FenError::Empty);
        assert_eq!(error("   "), FenError::Empty);
    }

    #[test]
    fn wrong_rank_count() {
        assert_eq!(error("BBBB4/BBBB4/BBBB4/8/8/4WWWW/4WWWW w 1"), rank_count(7));
        assert_eq!(error("BBBB4/BBBB4/BBBB4/8/8/8/4WWWW/4WWWW/4WWWW w 1"), rank_count(9));
    }

    #[test]
    fn ranks_of_wrong_length() {
        assert_eq!(error("BBBB4/BBBB5/BBBB4/8/8/4WWWW/4WWWW/4WWWW w 1"), rank_length(7, 9));
        assert_eq!(error("BBBB4/BBBB4/BBBB4/8/7/4WWWW/4WWWW/4WWWW w 1"), rank_length(4, 7));
        assert_eq!(
            error("BBBB4/BBBB4/BBBB4/8/88888888/4WWWW/4WWWW/4WWWW w 1").to_string(),
            "rank 4 describes 64 squares; it needs 8"
        );
        assert_eq!(error("BBBB4/BBBB4/BBBB4//8/4WWWW/4WWWW/4WWWW w 1"), rank_length(5, 0));
    }

    #[test]
    fn unknown_letters() {
        assert_eq!(error("BBBB4/BBBB4/BBBX4/8/8/4WWWW/4WWWW/4WWWW w 1"), unknown_letter(6, 'X'));
        assert_eq!(error("BBBB4/BBBB4/BBBB4/8/8/4WWWW/4WWWW/4wWWW w 1"), unknown_letter(1, 'w'));
        assert_eq!(error("BBBB4/BBBB4/BBBB4/9/8/4WWWW/4WWWW/4WWWW w 1"), unknown_letter(5, '9'));
        assert_eq!(error("BBBB4/BBBB4/BBBB4/0/8/4WWWW/4WWWW/4WWWW w 1"), unknown_letter(5, '0'));
        assert!(matches!(
            error("BBBB4/BBBB4/BBBB4/ж7/8/4WWWW/4WWWW/4WWWW w 1"),
            FenError::Board(BoardError::UnknownLetter { letter: 'ж', .. })
        ));
    }

    #[test]
    fn unequal_counts() {
        assert_eq!(
            error("BBBB4/BBBB4/BBB5/8/8/4WWWW/4WWWW/4WWWW w 1"),
            FenError::UnequalCounts { white: 12, black: 11 }
        );
    }

    #[test]
    fn counts_without_a_layout() {
        assert_eq!(error("BBBB4/BBBB4/BBB5/8/8/4WWW1/4WWWW/4WWWW w 1"), FenError::BadCount(11));
        assert_eq!(error("8/8/8/8/8/8/8/8 w 1"), FenError::BadCount(0));
        assert_eq!(
            error("BBBBBBBB/BBBBBBBB/BBBBBBBB/BBBBBBBB/WWWWWWWW/WWWWWWWW/WWWWWWWW/WWWWWWWW w 1"),
            FenError::BadCount(32)
        );
    }

    #[test]
    fn missing_or_bad_side() {
        assert_eq!(error("BBBB4/BBBB4/BBBB4/8/8/4WWWW/4WWWW/4WWWW"), FenError::MissingSide);
        assert_eq!(error("BBBB4/BBBB4/BBBB4/8/8/4WWWW/4WWWW/4WWWW W 1"), FenError::BadSide("W".into()));
        assert_eq!(error("BBBB4/BBBB4/BBBB4/8/8/4WWWW/4WWWW/4WWWW 1 w"), FenError::BadSide("1".into()));
    }

    #[test]
    fn missing_or_bad_move_number() {
        assert_eq!(error("BBBB4/BBBB4/BBBB4/8/8/4WWWW/4WWWW/4WWWW w"), FenError::MissingMoveNumber);
        for number in ["0", "-1", "x", "1.5", "82", "256", "99999999999"] {
            assert_eq!(error(&format!("{START_PLACEMENT} w {number}")), FenError::BadMoveNumber(number.into()));
        }
        // The game is over after Black's 80th move: White never makes an 81st.
        assert_eq!(error(&format!("{START_PLACEMENT} b 81")), FenError::BadMoveNumber("81".into()));
        assert!(Position::from_fen(&format!("{START_PLACEMENT} w 81")).is_ok());
        assert!(Position::from_fen(&format!("{START_PLACEMENT} b 80")).is_ok());
    }

    #[test]
    fn trailing_text() {
        assert_eq!(error(&format!("{START} - -")), FenError::TrailingText("-".into()));
    }

    const START_PLACEMENT: &str = "BBBB4/BBBB4/BBBB4/8/8/4WWWW/4WWWW/4WWWW";
}
