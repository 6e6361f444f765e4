//! Reading and writing positions in Forsyth-Edwards Notation, with typed errors.

use ladya_core::Side;
use ladya_core::fen_board::{BoardError, BoardShape, read_board, write_board};
use thiserror::Error;

use crate::board::*;
use crate::piece::{Kind, Piece};
use crate::position::*;

/// What is wrong with a FEN, naming the field and the fault.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum FenError {
    /// The text has no placement field at all.
    #[error("empty FEN")]
    Empty,
    /// Fewer than the required four fields, or more than six.
    #[error("FEN must have 4 to 6 fields (placement, side, castling, en passant, clocks); found {0}")]
    FieldCount(usize),
    /// The piece placement is not eight ranks of eight squares in `PNBRQK`, `pnbrqk` and
    /// digits 1-8 (ranks numbered 1-8).
    #[error(transparent)]
    Board(#[from] BoardError),
    /// A side has no king or more than one.
    #[error("{side:?} has {count} kings; it needs exactly one")]
    KingCount {
        /// The side.
        side: Side,
        /// Kings found.
        count: u32,
    },
    /// A side has more pieces than a game can produce.
    #[error("{side:?} has {what}; at most 16 pieces, 8 pawns and promotions that fit the missing pawns are possible")]
    TooManyPieces {
        /// The side.
        side: Side,
        /// What was counted.
        what: String,
    },
    /// A pawn stands on the first or eighth rank.
    #[error("pawn on {0}: pawns cannot stand on the first or eighth rank")]
    PawnOnBackRank(String),
    /// The side to move field is not `w` or `b`.
    #[error("side to move '{0}' must be 'w' or 'b'")]
    BadSide(String),
    /// The side that just moved is in check, which no legal move allows.
    #[error("{0:?} is not to move but is in check")]
    OpponentInCheck(Side),
    /// More checkers than any legal move can give.
    #[error("{side:?} is in check by {count} pieces; a legal move gives at most two checks")]
    TooManyCheckers {
        /// The side in check.
        side: Side,
        /// Checking pieces.
        count: u32,
    },
    /// The castling field has a bad character, repeats a right or lists Black's before White's.
    #[error(
        "castling field '{0}' must be '-' or rights as KQkq or rook files (Shredder-FEN HAha), \
         White's first, each right once"
    )]
    BadCastlingField(String),
    /// A castling right whose king or rook is not on its home square.
    #[error("castling right '{right}' needs the king and rook on {squares} (other files castle only in Chess960)")]
    CastlingWithoutPieces {
        /// The right (`K`, `Q`, `k` or `q`).
        right: char,
        /// The home squares it needs.
        squares: &'static str,
    },
    /// A castling rook file other than a or h in a standard chess FEN.
    #[error("castling right '{0}' names a rook file that castles only in Chess960 (UCI_Chess960, --chess960)")]
    NeedsChess960(char),
    /// A Chess960 castling right without its king or rook.
    #[error("castling right '{right}': {reason}")]
    BadCastlingRight {
        /// The right as written (`K`, `q`, `H`, `b` ...).
        right: char,
        /// Why it cannot be.
        reason: &'static str,
    },
    /// The en-passant field is not `-` or a square.
    #[error("en-passant field '{0}' must be '-' or a square such as e3")]
    BadEnPassantField(String),
    /// An en-passant square that no double push just made possible.
    #[error("en-passant square {square}: {reason}")]
    ImpossibleEnPassant {
        /// The square given.
        square: String,
        /// Why it is impossible.
        reason: &'static str,
    },
    /// The half-move clock is not a number.
    #[error("half-move clock '{0}' must be a number from 0 to 65535")]
    BadHalfmoveClock(String),
    /// The full-move number is not a positive number.
    #[error("full-move number '{0}' must be a number from 1 to 65535")]
    BadFullmoveNumber(String),
}

/// The squares each standard castling right needs its king and rook on, by right index
/// (K, Q, k, q): (king, rook, text).
const CASTLING_HOMES: [(Square, Square, &str); 4] =
    [(4, 7, "e1 and h1"), (4, 0, "e1 and a1"), (60, 63, "e8 and h8"), (60, 56, "e8 and a8")];

impl Position {
    /// The standard start position.
    ///
    /// # Panics
    /// Never: the start FEN is valid (a test reads it).
    ///
    /// # Examples
    ///
    /// ```
    /// use ladya_chess::Position;
    ///
    /// let pos = Position::start();
    /// assert_eq!(pos.to_fen(), Position::START_FEN);
    /// assert_eq!(pos.legal_moves().len(), 20);
    /// ```
    pub fn start() -> Position {
        Position::from_fen(Position::START_FEN).expect("the start FEN is valid")
    }

    /// Reads a standard chess FEN. The two clock fields may be left out (they default to
    /// `0 1`). Castling rights may be written `KQkq` or as the rooks' files (`HAha`).
    ///
    /// # Errors
    /// [`FenError`] naming what is wrong: the field count, the placement, the side, castling
    /// rights with no king or rook where they need one (or that need Chess960), the en-passant
    /// square, the clocks, or a position no game can reach (kings, pawns on the back rank).
    ///
    /// # Examples
    ///
    /// ```
    /// use ladya_chess::{FenError, Position};
    ///
    /// // "Kiwipete", position 2 of the Chess Programming Wiki's perft results.
    /// let pos = Position::from_fen("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1")?;
    /// assert_eq!(pos.legal_moves().len(), 48);
    /// let bare = Position::from_fen("4k3/8/8/8/8/8/8/4K3 w - -")?; // clocks left out
    /// assert_eq!(bare.to_fen(), "4k3/8/8/8/8/8/8/4K3 w - - 0 1");
    /// assert_eq!(Position::from_fen("4k3/8/8/8/8/8/8/4K3 x - - 0 1"), Err(FenError::BadSide("x".into())));
    /// # Ok::<(), FenError>(())
    /// ```
    pub fn from_fen(fen: &str) -> Result<Position, FenError> {
        Position::parse_fen(fen, false)
    }

    /// Reads a Chess960 FEN: kings and castling rooks may start on any files, the castling
    /// field in X-FEN (`KQkq` for the outermost rook on a side, a file letter for another)
    /// or Shredder-FEN (file letters, `HFhf`). The position writes castling moves in UCI form
    /// as king-takes-rook.
    ///
    /// # Errors
    /// As [`Position::from_fen`], with the castling field read in either Chess960 form.
    ///
    /// # Examples
    ///
    /// ```
    /// use ladya_chess::Position;
    /// use ladya_core::perft::perft;
    ///
    /// // Position 1 of the Chess Programming Wiki's Chess960 perft results, in Shredder-FEN.
    /// let mut pos = Position::from_fen_chess960("bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9")?;
    /// assert_eq!((perft(&mut pos, 1), perft(&mut pos, 2)), (21, 528));
    /// assert!(pos.is_chess960());
    /// assert_eq!(pos.to_fen(), "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w KQkq - 2 9"); // X-FEN
    /// assert_eq!(pos.to_shredder_fen(), "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9");
    /// # Ok::<(), ladya_chess::FenError>(())
    /// ```
    pub fn from_fen_chess960(fen: &str) -> Result<Position, FenError> {
        Position::parse_fen(fen, true)
    }

    fn parse_fen(fen: &str, chess960: bool) -> Result<Position, FenError> {
        let fields: Vec<&str> = fen.split_whitespace().collect();
        if fields.is_empty() {
            return Err(FenError::Empty);
        }
        if fields.len() < 4 || fields.len() > 6 {
            return Err(FenError::FieldCount(fields.len()));
        }
        let mut pos = Position::empty();
        pos.chess960 = chess960;
        parse_placement(&mut pos, fields[0])?;
        pos.side = match fields[1] {
            "w" => Side::White,
            "b" => Side::Black,
            other => return Err(FenError::BadSide(other.to_string())),
        };
        check_material(&pos)?;
        parse_castling(&mut pos, fields[2])?;
        parse_en_passant(&mut pos, fields[3])?;
        if let Some(text) = fields.get(4) {
            pos.halfmove = text.parse().map_err(|_| FenError::BadHalfmoveClock(text.to_string()))?;
        }
        if let Some(text) = fields.get(5) {
            pos.fullmove = match text.parse::<u16>() {
                Ok(n) if n >= 1 => u32::from(n),
                _ => return Err(FenError::BadFullmoveNumber(text.to_string())),
            };
        }
        check_checks(&pos)?;
        pos.refresh_key();
        Ok(pos)
    }

    /// The position as FEN. The en-passant square is written only when a capture there is
    /// possible, as it is kept. Castling rights are written as X-FEN: `KQkq` for the
    /// outermost rook on its side (always so in standard chess), the rook's file otherwise.
    ///
    /// # Examples
    ///
    /// ```
    /// use ladya_chess::Position;
    ///
    /// let mut pos = Position::start();
    /// pos.play_text("e4")?;
    /// // No black pawn can take on e3, so no en-passant square is written.
    /// assert_eq!(pos.to_fen(), "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1");
    /// # Ok::<(), ladya_chess::ChessError>(())
    /// ```
    pub fn to_fen(&self) -> String {
        self.fen_with(false)
    }

    /// The position as Shredder-FEN: castling rights are the castling rooks' files (`HAha`).
    ///
    /// # Examples
    ///
    /// ```
    /// use ladya_chess::Position;
    ///
    /// assert_eq!(Position::start().to_shredder_fen(), "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAha - 0 1");
    /// ```
    pub fn to_shredder_fen(&self) -> String {
        self.fen_with(true)
    }

    fn fen_with(&self, shredder: bool) -> String {
        let mut out = write_board(&BOARD, |file, rank| {
            let piece = self.piece_at(square_at(file, rank));
            (!piece.is_none()).then(|| piece.fen_letter())
        });
        out.push(' ');
        out.push(if self.side == Side::White { 'w' } else { 'b' });
        out.push(' ');
        if self.castling == 0 {
            out.push('-');
        }
        for index in (0..4).filter(|i| self.castling & (1 << i) != 0) {
            out.push(self.castling_letter(index, shredder));
        }
        let ep = self.en_passant().map_or("-".to_string(), square_name);
        out.push_str(&format!(" {ep} {} {}", self.halfmove, self.fullmove_number()));
        out
    }
}

impl Position {
    /// The letter of castling right `index` (0 K, 1 Q, 2 k, 3 q): its rook's file, or in
    /// X-FEN `K`/`Q` when no other rook of the side stands beyond it on the first rank.
    fn castling_letter(&self, index: usize, shredder: bool) -> char {
        let rook = self.castling_rules.rook[index];
        let side = if index < 2 { Side::White } else { Side::Black };
        let home = rook & 56;
        let beyond = if CastlingRules::king_side(index) { span(rook, home + 7) } else { span(home, rook) };
        let outermost = self.pieces(side, Kind::Rook) & beyond == bit(rook);
        let letter = match (shredder || !outermost, CastlingRules::king_side(index)) {
            (true, _) => (b'A' + file_of(rook)) as char,
            (false, true) => 'K',
            (false, false) => 'Q',
        };
        if side == Side::White { letter } else { letter.to_ascii_lowercase() }
    }
}

/// The chess board as the placement field describes it.
const BOARD: BoardShape = BoardShape::new(8, 8, 1, "PNBRQK or pnbrqk");

fn parse_placement(pos: &mut Position, placement: &str) -> Result<(), FenError> {
    for (file, rank, piece) in read_board(&BOARD, placement, Piece::from_fen_letter)? {
        pos.put(square_at(file, rank), piece);
    }
    Ok(())
}

fn check_material(pos: &Position) -> Result<(), FenError> {
    for side in Side::BOTH {
        let kings = pos.pieces(side, Kind::King).count_ones();
        if kings != 1 {
            return Err(FenError::KingCount { side, count: kings });
        }
        let count = |kind| pos.pieces(side, kind).count_ones();
        let pawns = count(Kind::Pawn);
        // Pieces beyond the initial set must be promoted pawns.
        let promoted = count(Kind::Knight).saturating_sub(2)
            + count(Kind::Bishop).saturating_sub(2)
            + count(Kind::Rook).saturating_sub(2)
            + count(Kind::Queen).saturating_sub(1);
        let total = pos.side_set(side).count_ones();
        if total > 16 || pawns > 8 || pawns + promoted > 8 {
            let what = format!("{total} pieces, {pawns} pawns and at least {promoted} promoted pieces");
            return Err(FenError::TooManyPieces { side, what });
        }
    }
    let back_pawns = pos.kind_set(Kind::Pawn) & (RANK_1 | RANK_8);
    if back_pawns != 0 {
        return Err(FenError::PawnOnBackRank(square_name(lowest(back_pawns))));
    }
    Ok(())
}

fn parse_castling(pos: &mut Position, field: &str) -> Result<(), FenError> {
    if field == "-" {
        return Ok(());
    }
    let bad = || FenError::BadCastlingField(field.to_string());
    let mut black_seen = false;
    for letter in field.chars() {
        let side = match letter {
            'A'..='Z' if !black_seen => Side::White,
            'a'..='z' => Side::Black,
            _ => return Err(bad()),
        };
        black_seen = side == Side::Black;
        let (index, king, rook) =
            if pos.chess960 { chess960_right(pos, side, letter)? } else { standard_right(pos, side, letter)? };
        if pos.castling & (1 << index) != 0 {
            return Err(bad());
        }
        pos.castling |= 1 << index;
        pos.castling_rules.add(index, king, rook);
    }
    Ok(())
}

/// A standard castling right: `K` or `H` (`Q` or `A`) with the king on e1 and the rook on
/// h1 (a1), or Black's on the eighth rank. Gives (right index, king, rook).
fn standard_right(pos: &Position, side: Side, letter: char) -> Result<(usize, Square, Square), FenError> {
    let offset = match letter.to_ascii_uppercase() {
        'K' | 'H' => 0,
        'Q' | 'A' => 1,
        'B'..='G' => return Err(FenError::NeedsChess960(letter)),
        _ => return Err(FenError::BadCastlingField(letter.to_string())),
    };
    let index = 2 * side.index() + offset;
    let (king, rook, squares) = CASTLING_HOMES[index];
    if pos.piece_at(king) != Piece::new(side, Kind::King) || pos.piece_at(rook) != Piece::new(side, Kind::Rook) {
        return Err(FenError::CastlingWithoutPieces { right: letter, squares });
    }
    Ok((index, king, rook))
}

/// A Chess960 castling right: `K` (`Q`) for the outermost rook on the king's (queen's) side
/// of the first rank, or the rook's file. Gives (right index, king, rook).
fn chess960_right(pos: &Position, side: Side, letter: char) -> Result<(usize, Square, Square), FenError> {
    let fault = |reason| FenError::BadCastlingRight { right: letter, reason };
    let king = pos.king_square(side);
    let home = if side == Side::White { 0 } else { 56 };
    if king & 56 != home {
        return Err(fault("the king is not on its first rank"));
    }
    let rooks = pos.pieces(side, Kind::Rook) & span(home, home + 7);
    let rook = match letter.to_ascii_uppercase() {
        'K' => {
            let beyond = rooks & span(king, home + 7);
            if beyond == 0 {
                return Err(fault("no rook stands on the king's side of the first rank"));
            }
            63 - beyond.leading_zeros() as Square
        }
        'Q' => {
            let beyond = rooks & span(home, king);
            if beyond == 0 {
                return Err(fault("no rook stands on the queen's side of the first rank"));
            }
            lowest(beyond)
        }
        file @ 'A'..='H' => {
            let square = home + (file as u8 - b'A');
            if rooks & bit(square) == 0 {
                return Err(fault("no rook of that side stands on that file of its first rank"));
            }
            square
        }
        _ => return Err(FenError::BadCastlingField(letter.to_string())),
    };
    Ok((2 * side.index() + usize::from(rook < king), king, rook))
}

fn parse_en_passant(pos: &mut Position, field: &str) -> Result<(), FenError> {
    if field == "-" {
        return Ok(());
    }
    let square = parse_square(field).ok_or_else(|| FenError::BadEnPassantField(field.to_string()))?;
    let impossible = |reason| FenError::ImpossibleEnPassant { square: field.to_string(), reason };
    let (ep_rank, mover) = match pos.side {
        Side::White => (5, Side::Black),
        Side::Black => (2, Side::White),
    };
    if rank_of(square) != ep_rank {
        return Err(impossible("it must be on the sixth rank with White to move, the third with Black"));
    }
    // The pawn that just double-pushed passed `square` and stands one rank further on.
    let pawn_square = square ^ 8;
    let origin = if mover == Side::White { square - 8 } else { square + 8 };
    if pos.piece_at(pawn_square) != Piece::new(mover, Kind::Pawn) {
        return Err(impossible("no pawn stands where the double push would have put it"));
    }
    if !pos.piece_at(square).is_none() || !pos.piece_at(origin).is_none() {
        return Err(impossible("the square passed over and the pawn's start square must be empty"));
    }
    pos.set_en_passant_from_fen(square);
    Ok(())
}

fn check_checks(pos: &Position) -> Result<(), FenError> {
    let waiting = pos.side.opponent();
    if pos.is_attacked(pos.king_square(waiting), pos.side, pos.occupied()) {
        return Err(FenError::OpponentInCheck(waiting));
    }
    let count = pos.checkers().count_ones();
    if count > 2 {
        return Err(FenError::TooManyCheckers { side: pos.side, count });
    }
    Ok(())
}
