//! Reading and writing positions in xiangqi FEN, with typed errors.
//!
//! The form is `rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1`: ten
//! ranks from Black's back rank (9) down to Red's (0), Red in upper case, then the side to
//! move, two unused fields (`-`), the plies since the last capture and the move number.
//! Reading also accepts `H` and `E` for horse and elephant, `r` for Red to move, and leaves
//! out any trailing fields (the side to move defaults to Red, the counters to `0 1`).

use ladya_core::Side;
use ladya_core::fen_board::{BoardError, BoardShape, read_board, write_board};
use thiserror::Error;

use crate::board::*;
use crate::piece::{Kind, Piece, side_name};
use crate::position::Position;

/// What is wrong with a FEN, naming the field and the fault.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum FenError {
    /// The text has no placement field at all.
    #[error("empty FEN")]
    Empty,
    /// More than the six fields (placement, side, two unused, counter, move number).
    #[error("FEN has {0} fields; at most 6 (placement, side to move, '-', '-', capture counter, move number)")]
    FieldCount(usize),
    /// The piece placement is not ten ranks of nine squares in piece letters and digits 1-9
    /// (ranks numbered 0, Red's back rank, to 9).
    #[error(transparent)]
    Board(#[from] BoardError),
    /// The side to move is not `w`, `r` or `b`.
    #[error("side to move '{0}' must be 'w' (or 'r') for Red or 'b' for Black")]
    BadSide(String),
    /// The third or fourth field (castling and en passant in chess) is not `-`.
    #[error("{field} field '{text}' must be '-': xiangqi has neither")]
    UnusedField {
        /// Which field: `castling` or `en passant`.
        field: &'static str,
        /// What it held.
        text: String,
    },
    /// The capture counter is not a number.
    #[error("capture counter '{0}' must be a number from 0 to 65535")]
    BadHalfmoveClock(String),
    /// The move number is not a positive number.
    #[error("move number '{0}' must be a number from 1 to 65535")]
    BadFullmoveNumber(String),
    /// A side has no general or more than one.
    #[error("{} has {count} generals; it needs exactly one", side_name(*side))]
    GeneralCount {
        /// The side.
        side: Side,
        /// Generals found.
        count: u32,
    },
    /// A side has more pieces of a kind than the game starts with.
    #[error("{} has {count} {}s; at most {max}", side_name(*side), kind.name())]
    TooManyPieces {
        /// The side.
        side: Side,
        /// The kind.
        kind: Kind,
        /// Pieces found.
        count: u32,
        /// The most there can be.
        max: u32,
    },
    /// A piece stands where its moves can never take it: a general outside its palace, an
    /// advisor off its five points, an elephant off its seven, a soldier behind its start.
    #[error("{} {} on {square}: {rule}", side_name(*side), kind.name())]
    IllegalSquare {
        /// The piece's side.
        side: Side,
        /// The piece's kind.
        kind: Kind,
        /// The square, in ICCS coordinates.
        square: String,
        /// Where such pieces can stand.
        rule: &'static str,
    },
    /// The side that just moved has its general attacked (in check, or facing the other
    /// general on an open file), which no legal move allows.
    #[error("{} is not to move but its general is attacked", side_name(*.0))]
    OpponentInCheck(Side),
}

/// The squares `side`'s pieces of `kind` can ever reach, with the rule that says so; `None`
/// for the pieces that can reach every square.
fn placement_rule(kind: Kind, side: Side) -> Option<(Bitboard, &'static str)> {
    let s = side.index();
    match kind {
        Kind::General => Some((PALACE[s], "the general stays in its palace (d-f, ranks 0-2 for Red, 7-9 for Black)")),
        Kind::Advisor => Some((
            ADVISOR_SQUARES[s],
            "advisors stand only on the five points d0 f0 e1 d2 f2 (d9 f9 e8 d7 f7 for Black)",
        )),
        Kind::Elephant => Some((
            ELEPHANT_SQUARES[s],
            "elephants stand only on the seven points c0 g0 a2 e2 i2 c4 g4 (c9 g9 a7 e7 i7 c5 g5 for Black)",
        )),
        Kind::Soldier => Some((
            SOLDIER_SQUARES[s],
            "soldiers never stand behind their start rank, and keep to their start files until across the river",
        )),
        Kind::Horse | Kind::Rook | Kind::Cannon => None,
    }
}

impl Position {
    /// The standard start position.
    ///
    /// # Panics
    /// Never: the start FEN is valid (a test reads it).
    ///
    /// # Examples
    ///
    /// ```
    /// use ladya_core::perft::perft;
    /// use ladya_xiangqi::Position;
    ///
    /// let mut pos = Position::start();
    /// assert_eq!(pos.to_fen(), Position::START_FEN);
    /// assert_eq!((perft(&mut pos, 1), perft(&mut pos, 2), perft(&mut pos, 3)), (44, 1_920, 79_666));
    /// ```
    pub fn start() -> Position {
        Position::from_fen(Position::START_FEN).expect("the start FEN is valid")
    }

    /// Reads a FEN (see the module documentation for the accepted forms).
    ///
    /// # Errors
    /// [`FenError`] naming what is wrong: the field count, the placement, the side, the clocks, or
    /// pieces no game can have (generals, advisors and elephants off their points, too many).
    ///
    /// # Examples
    ///
    /// ```
    /// use ladya_xiangqi::{FenError, Position, Side};
    ///
    /// // Horses and elephants may be written `H` and `E`, Red to move `r`; the clocks left out.
    /// let pos = Position::from_fen("rheakaehr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RHEAKAEHR r")?;
    /// assert_eq!(pos, Position::start());
    /// // The generals face each other on an open file: whoever moved last left its general attacked.
    /// let facing = Position::from_fen("4k4/9/9/9/9/9/9/9/9/4K4 w - - 0 1");
    /// assert_eq!(facing, Err(FenError::OpponentInCheck(Side::Black)));
    /// # Ok::<(), FenError>(())
    /// ```
    pub fn from_fen(fen: &str) -> Result<Position, FenError> {
        let fields: Vec<&str> = fen.split_whitespace().collect();
        if fields.is_empty() {
            return Err(FenError::Empty);
        }
        if fields.len() > 6 {
            return Err(FenError::FieldCount(fields.len()));
        }
        let mut pos = Position::empty();
        parse_placement(&mut pos, fields[0])?;
        pos.side = match fields.get(1).copied().unwrap_or("w") {
            "w" | "r" | "W" | "R" => Side::White,
            "b" | "B" => Side::Black,
            other => return Err(FenError::BadSide(other.to_string())),
        };
        pos.start_side = pos.side;
        for (index, field) in [(2, "castling"), (3, "en passant")] {
            if let Some(&text) = fields.get(index)
                && text != "-"
            {
                return Err(FenError::UnusedField { field, text: text.to_string() });
            }
        }
        if let Some(text) = fields.get(4) {
            pos.halfmove = text.parse().map_err(|_| FenError::BadHalfmoveClock(text.to_string()))?;
        }
        if let Some(text) = fields.get(5) {
            pos.start_fullmove = match text.parse() {
                Ok(n) if n >= 1 => n,
                _ => return Err(FenError::BadFullmoveNumber(text.to_string())),
            };
        }
        check_material(&pos)?;
        let waiting = pos.side.opponent();
        if pos.general_attacked(waiting) {
            return Err(FenError::OpponentInCheck(waiting));
        }
        pos.refresh_key();
        Ok(pos)
    }

    /// The position as FEN, Red to move written `w`.
    ///
    /// # Examples
    ///
    /// ```
    /// use ladya_xiangqi::Position;
    ///
    /// let mut pos = Position::start();
    /// pos.play_text("C2.5")?;
    /// assert_eq!(pos.to_fen(), "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR b - - 1 1");
    /// # Ok::<(), ladya_xiangqi::XiangqiError>(())
    /// ```
    pub fn to_fen(&self) -> String {
        let mut out = write_board(&BOARD, |file, rank| {
            let piece = self.piece_at(square_at(file, rank));
            (!piece.is_none()).then(|| piece.fen_letter())
        });
        let side = if self.side == Side::White { 'w' } else { 'b' };
        out.push_str(&format!(" {side} - - {} {}", self.halfmove, self.fullmove_number()));
        out
    }
}

/// The xiangqi board as the placement field describes it.
const BOARD: BoardShape = BoardShape::new(9, 10, 0, "KABNRCP, also E and H, either case");

fn parse_placement(pos: &mut Position, placement: &str) -> Result<(), FenError> {
    for (file, rank, piece) in read_board(&BOARD, placement, Piece::from_fen_letter)? {
        pos.put(square_at(file, rank), piece);
    }
    Ok(())
}

fn check_material(pos: &Position) -> Result<(), FenError> {
    for side in Side::BOTH {
        let generals = pos.pieces(side, Kind::General).count_ones();
        if generals != 1 {
            return Err(FenError::GeneralCount { side, count: generals });
        }
        for kind in Kind::ALL {
            let set = pos.pieces(side, kind);
            let (count, max) = (set.count_ones(), kind.max_count());
            if count > max {
                return Err(FenError::TooManyPieces { side, kind, count, max });
            }
            if let Some((allowed, rule)) = placement_rule(kind, side) {
                let astray = set & !allowed;
                if astray != 0 {
                    return Err(FenError::IllegalSquare { side, kind, square: square_name(lowest(astray)), rule });
                }
            }
        }
    }
    Ok(())
}
