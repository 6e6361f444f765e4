//! The chess position: bitboards, a mailbox, the state the rules need, and make/unmake.

use ladya_core::{Side, zobrist};

use crate::board::*;
use crate::moves::{CASTLE_KING, CASTLE_QUEEN, DOUBLE_PUSH, EN_PASSANT, Move};
use crate::piece::{Kind, Piece};
use crate::weights::piece_square_value;
use ladya_core::MoveList;
use ladya_core::Tapered;

/// Marks "no en-passant square".
pub(crate) const NO_SQUARE: Square = 64;

/// The castling rules of one game: where each right's king and rook start and what castling
/// with them needs. A standard game has kings on e1/e8 and rooks in the corners; a Chess960
/// game may have them on any files, the king between its rooks. Set up with the position and
/// fixed for the game: rights are lost, never moved.
#[derive(Clone, PartialEq, Eq)]
pub(crate) struct CastlingRules {
    /// Each side's king start square (or [`NO_SQUARE`]).
    pub(crate) king: [Square; 2],
    /// Each right's rook start square, indexed by the right's bit number (K, Q, k, q).
    pub(crate) rook: [Square; 4],
    /// Per right, the squares that must be empty, the castling king and rook aside.
    pub(crate) empty: [Bitboard; 4],
    /// Per right, the squares the king crosses or lands on (its destination even when it is
    /// its start square), which no enemy may attack with the castling rook off the board.
    pub(crate) safe: [Bitboard; 4],
    /// The castling rights that survive a move from or to each square: moving from or
    /// capturing on a king's or rook's start square removes the rights that piece carried.
    pub(crate) kept: [u8; 64],
}

impl CastlingRules {
    /// No castling at all.
    pub(crate) const NONE: CastlingRules =
        CastlingRules { king: [NO_SQUARE; 2], rook: [NO_SQUARE; 4], empty: [0; 4], safe: [0; 4], kept: [15; 64] };

    /// The index of the right a castling move of `flag` by the king on `king` uses.
    #[inline(always)]
    pub(crate) const fn index(king: Square, flag: u16) -> usize {
        (king >> 5) as usize * 2 + (flag - CASTLE_KING) as usize
    }

    /// Whether right `index` is a king-side one (0 and 2; queen side 1 and 3).
    #[inline(always)]
    pub(crate) const fn king_side(index: usize) -> bool {
        index & 1 == 0
    }

    /// Where the king and the rook of right `index` land, on the king's rank `home`.
    #[inline(always)]
    pub(crate) const fn destinations(index: usize, home: Square) -> (Square, Square) {
        if Self::king_side(index) { (home + 6, home + 5) } else { (home + 2, home + 3) }
    }

    /// Adds right `index` (0 K, 1 Q, 2 k, 3 q) for the king on `king` and the rook on `rook`,
    /// both on their first rank.
    pub(crate) fn add(&mut self, index: usize, king: Square, rook: Square) {
        let (king_to, rook_to) = Self::destinations(index, king & 56);
        let movers = bit(king) | bit(rook);
        self.king[index / 2] = king;
        self.rook[index] = rook;
        self.empty[index] = (span(king, king_to) | span(rook, rook_to)) & !movers;
        // The king's destination, even where it stands already: the castling rook may have
        // shielded it from a rook or queen along the first rank.
        self.safe[index] = (span(king, king_to) & !bit(king)) | bit(king_to);
        self.kept[king as usize] &= !(3 << (index & 2));
        self.kept[rook as usize] &= !(1 << index);
    }
}

/// Zobrist keys: 12 x 64 pieces, 16 castling-right sets, 8 en-passant files, side to move.
const KEYS: [u64; 12 * 64 + 16 + 8 + 1] = zobrist::keys(0x00C4_E55C_4E55);

#[inline(always)]
fn piece_key(piece: Piece, square: Square) -> u64 {
    KEYS[piece.index() * 64 + square as usize]
}

#[inline(always)]
fn castling_key(rights: u8) -> u64 {
    KEYS[12 * 64 + rights as usize]
}

#[inline(always)]
fn en_passant_key(square: Square) -> u64 {
    KEYS[12 * 64 + 16 + file_of(square) as usize]
}

const SIDE_KEY: u64 = KEYS[12 * 64 + 16 + 8];

/// What a move destroys, kept so that unmake can restore it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Undo {
    /// The move made, or [`Move::NONE`] for a null move.
    pub(crate) mv: Move,
    pub(crate) captured: Piece,
    pub(crate) castling: u8,
    pub(crate) en_passant: Square,
    pub(crate) halfmove: u16,
    /// The key of the position before the move (repetition detection reads it).
    pub(crate) key: u64,
}

/// A chess position with its history of moves.
///
/// Equality compares everything, history included, so a restored position equals the one
/// before the move only if unmake put back every field.
///
/// # Examples
///
/// Moves are read in SAN or UCI form and written in SAN for people, with what SAN needs to
/// tell pieces apart, promotions and check marks:
///
/// ```
/// use ladya_chess::Position;
///
/// let pos = Position::from_fen("4k3/1P6/8/8/8/5N2/8/1N2K2R w K - 0 1")?;
/// let san = |uci| pos.parse_move(uci).map(|m| pos.human_move(m));
/// assert_eq!(san("b1d2")?, "Nbd2");
/// assert_eq!(san("b7b8q")?, "b8=Q+");
/// assert_eq!(san("e1g1")?, "O-O");
/// assert_eq!(san("h1h8")?, "Rh8+");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, PartialEq, Eq)]
pub struct Position {
    pub(crate) by_kind: [Bitboard; 6],
    pub(crate) by_side: [Bitboard; 2],
    pub(crate) board: [Piece; 64],
    pub(crate) side: Side,
    /// Castling rights: bit `i` for right `i`, White's king side (0) and queen side (1),
    /// Black's king side (2) and queen side (3).
    pub(crate) castling: u8,
    /// The square a pawn may capture onto en passant; set only when an enemy pawn attacks it.
    pub(crate) en_passant: Square,
    /// Plies since the last capture or pawn move; it stops at 65535.
    pub(crate) halfmove: u16,
    /// The full-move number, counted on beyond 65535 so that unmake restores it exactly;
    /// reported and written as 65535 at most, the most a FEN gives.
    pub(crate) fullmove: u32,
    pub(crate) key: u64,
    /// Material and piece-square score from White's point of view, kept by make and unmake.
    pub(crate) psqt: Tapered,
    pub(crate) history: Vec<Undo>,
    /// Where castling kings and rooks start.
    pub(crate) castling_rules: CastlingRules,
    /// Chess960 (Fischer random) notation: castling written king-takes-rook in UCI form.
    pub(crate) chess960: bool,
}

impl std::fmt::Debug for Position {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Position({})", self.to_fen())
    }
}

impl Position {
    /// The FEN of the standard start position.
    pub const START_FEN: &'static str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

    /// An empty board with White to move and no rights: the base FEN parsing builds on.
    pub(crate) fn empty() -> Position {
        Position {
            by_kind: [0; 6],
            by_side: [0; 2],
            board: [Piece::NONE; 64],
            side: Side::White,
            castling: 0,
            en_passant: NO_SQUARE,
            halfmove: 0,
            fullmove: 1,
            key: 0,
            psqt: Tapered::ZERO,
            history: Vec::new(),
            castling_rules: CastlingRules::NONE,
            chess960: false,
        }
    }

    /// The side to move.
    ///
    /// # Examples
    ///
    /// ```
    /// use ladya_chess::{Position, Side};
    ///
    /// let pos = Position::from_fen("4k3/8/8/8/8/8/8/4K3 b - - 0 1")?;
    /// assert_eq!(pos.side_to_move(), Side::Black);
    /// # Ok::<(), ladya_chess::FenError>(())
    /// ```
    #[inline(always)]
    pub fn side_to_move(&self) -> Side {
        self.side
    }

    /// The piece on `square`, or [`Piece::NONE`] (also for a square off the board).
    ///
    /// # Examples
    ///
    /// ```
    /// use ladya_chess::board::parse_square;
    /// use ladya_chess::{Kind, Piece, Position, Side};
    ///
    /// let pos = Position::start();
    /// let e1 = parse_square("e1").unwrap();
    /// assert_eq!(pos.piece_at(e1), Piece::new(Side::White, Kind::King));
    /// assert!(pos.piece_at(e1 + 8 * 3).is_none()); // e4
    /// assert!(pos.piece_at(64).is_none()); // off the board
    /// ```
    #[inline(always)]
    pub fn piece_at(&self, square: Square) -> Piece {
        self.board.get(square as usize).copied().unwrap_or(Piece::NONE)
    }

    /// Squares holding pieces of `kind` of either side.
    #[inline(always)]
    pub fn kind_set(&self, kind: Kind) -> Bitboard {
        self.by_kind[kind as usize]
    }

    /// Squares holding pieces of `side`.
    #[inline(always)]
    pub fn side_set(&self, side: Side) -> Bitboard {
        self.by_side[side.index()]
    }

    /// Squares holding `side`'s pieces of `kind`.
    ///
    /// # Examples
    ///
    /// ```
    /// use ladya_chess::{Kind, Position, Side};
    ///
    /// let pos = Position::start();
    /// assert_eq!(pos.pieces(Side::White, Kind::Pawn), 0xFF00); // the second rank
    /// assert_eq!(pos.pieces(Side::Black, Kind::Knight).count_ones(), 2);
    /// ```
    #[inline(always)]
    pub fn pieces(&self, side: Side, kind: Kind) -> Bitboard {
        self.by_kind[kind as usize] & self.by_side[side.index()]
    }

    /// All occupied squares.
    #[inline(always)]
    pub fn occupied(&self) -> Bitboard {
        self.by_side[0] | self.by_side[1]
    }

    /// The square of `side`'s king.
    ///
    /// # Examples
    ///
    /// ```
    /// use ladya_chess::board::square_name;
    /// use ladya_chess::{Position, Side};
    ///
    /// let pos = Position::start();
    /// assert_eq!(square_name(pos.king_square(Side::Black)), "e8");
    /// ```
    #[inline(always)]
    pub fn king_square(&self, side: Side) -> Square {
        lowest(self.pieces(side, Kind::King))
    }

    /// The en-passant target square, if a capture there is possible.
    ///
    /// # Examples
    ///
    /// ```
    /// use ladya_chess::Position;
    /// use ladya_chess::board::square_name;
    ///
    /// let mut pos = Position::from_fen("4k3/8/8/8/3p4/8/4P3/4K3 w - - 0 1")?;
    /// pos.play_text("e4")?;
    /// assert_eq!(pos.en_passant().map(square_name).as_deref(), Some("e3"));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn en_passant(&self) -> Option<Square> {
        (self.en_passant != NO_SQUARE).then_some(self.en_passant)
    }

    /// Half-moves since the last capture or pawn move (the fifty-move counter).
    ///
    /// # Examples
    ///
    /// ```
    /// use ladya_chess::Position;
    ///
    /// let mut pos = Position::start();
    /// pos.play_text("Nf3")?;
    /// assert_eq!(pos.halfmove_clock(), 1);
    /// pos.play_text("e5")?;
    /// assert_eq!(pos.halfmove_clock(), 0); // a pawn move
    /// # Ok::<(), ladya_chess::ChessError>(())
    /// ```
    pub fn halfmove_clock(&self) -> u16 {
        self.halfmove
    }

    /// Whether either side may still castle (endgame tablebases hold no such position).
    ///
    /// ```
    /// use ladya_chess::Position;
    ///
    /// assert!(Position::start().has_castling_rights());
    /// assert!(!Position::from_fen("4k3/8/8/8/8/8/8/R3K3 w - - 0 1")?.has_castling_rights());
    /// # Ok::<(), ladya_chess::FenError>(())
    /// ```
    pub fn has_castling_rights(&self) -> bool {
        self.castling != 0
    }

    /// The full-move number, starting at 1 and increased after each Black move; it stops at
    /// 65535, the most a FEN takes, so that every position's FEN reads back.
    ///
    /// # Examples
    ///
    /// ```
    /// use ladya_chess::Position;
    ///
    /// let mut pos = Position::start();
    /// pos.play_text("e4")?;
    /// assert_eq!(pos.fullmove_number(), 1);
    /// pos.play_text("c5")?;
    /// assert_eq!(pos.fullmove_number(), 2);
    /// # Ok::<(), ladya_chess::ChessError>(())
    /// ```
    pub fn fullmove_number(&self) -> u32 {
        self.fullmove.min(u32::from(u16::MAX))
    }

    /// The Zobrist key, maintained incrementally by make and unmake.
    ///
    /// # Examples
    ///
    /// ```
    /// use ladya_chess::Position;
    ///
    /// let mut pos = Position::start();
    /// pos.play_text("d4")?;
    /// assert_eq!(pos.key(), pos.compute_key());
    /// assert_ne!(pos.key(), Position::start().key());
    /// # Ok::<(), ladya_chess::ChessError>(())
    /// ```
    #[inline(always)]
    pub fn key(&self) -> u64 {
        self.key
    }

    /// Whether the position follows Chess960 conventions: read from a Chess960 FEN, castling
    /// moves written king-takes-rook in UCI form.
    pub fn is_chess960(&self) -> bool {
        self.chess960
    }

    /// The square of the rook that castling move `m` of this position takes along; `None`
    /// for a move that is not castling.
    ///
    /// # Examples
    ///
    /// ```
    /// use ladya_chess::Position;
    /// use ladya_chess::board::square_name;
    ///
    /// let pos = Position::from_fen("4k3/8/8/8/8/8/8/R3K3 w Q - 0 1")?;
    /// let castle = pos.parse_move("O-O-O")?;
    /// assert_eq!(pos.castling_rook_square(castle).map(square_name).as_deref(), Some("a1"));
    /// assert_eq!(pos.castling_rook_square(pos.parse_move("Kd2")?), None);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn castling_rook_square(&self, m: Move) -> Option<Square> {
        m.is_castling().then(|| self.castling_rook(m).0)
    }

    /// The rook's (from, to) squares of castling move `m`.
    #[inline(always)]
    pub(crate) fn castling_rook(&self, m: Move) -> (Square, Square) {
        let index = CastlingRules::index(m.from(), m.flag());
        (self.castling_rules.rook[index], CastlingRules::destinations(index, m.from() & 56).1)
    }

    /// The moves made since the position was set up, oldest first.
    ///
    /// # Examples
    ///
    /// ```
    /// use ladya_chess::Position;
    ///
    /// let mut pos = Position::start();
    /// for text in ["e4", "e5", "Nf3"] {
    ///     pos.play_text(text)?;
    /// }
    /// let played: Vec<String> = pos.moves_played().map(|m| m.to_string()).collect();
    /// assert_eq!(played, ["e2e4", "e7e5", "g1f3"]);
    /// # Ok::<(), ladya_chess::ChessError>(())
    /// ```
    pub fn moves_played(&self) -> impl Iterator<Item = Move> + '_ {
        self.history.iter().map(|u| u.mv)
    }

    /// Pieces of both sides that attack `square` when the board holds `occupied` (none for a
    /// square off the board).
    ///
    /// # Examples
    ///
    /// ```
    /// use ladya_chess::Position;
    /// use ladya_chess::board::{parse_square, square_name, squares};
    ///
    /// let pos = Position::start();
    /// let f3 = parse_square("f3").unwrap();
    /// let names: Vec<String> = squares(pos.attackers_to(f3, pos.occupied())).map(square_name).collect();
    /// assert_eq!(names, ["g1", "e2", "g2"]);
    /// ```
    #[inline(always)]
    pub fn attackers_to(&self, square: Square, occupied: Bitboard) -> Bitboard {
        let s = square as usize;
        if s >= 64 {
            return 0;
        }
        let diagonal = self.by_kind[Kind::Bishop as usize] | self.by_kind[Kind::Queen as usize];
        let straight = self.by_kind[Kind::Rook as usize] | self.by_kind[Kind::Queen as usize];
        (PAWN_ATTACKS[0][s] & self.pieces(Side::Black, Kind::Pawn))
            | (PAWN_ATTACKS[1][s] & self.pieces(Side::White, Kind::Pawn))
            | (KNIGHT_ATTACKS[s] & self.by_kind[Kind::Knight as usize])
            | (KING_ATTACKS[s] & self.by_kind[Kind::King as usize])
            | (bishop_attacks(square, occupied) & diagonal)
            | (rook_attacks(square, occupied) & straight)
    }

    /// Whether `by` attacks `square` when the board holds `occupied` (false for a square off
    /// the board).
    ///
    /// # Examples
    ///
    /// ```
    /// use ladya_chess::board::parse_square;
    /// use ladya_chess::{Position, Side};
    ///
    /// let pos = Position::from_fen("4k3/8/8/8/8/8/8/R3K3 w - - 0 1")?;
    /// let a8 = parse_square("a8").unwrap();
    /// assert!(pos.is_attacked(a8, Side::White, pos.occupied()));
    /// assert!(!pos.is_attacked(a8, Side::Black, pos.occupied()));
    /// # Ok::<(), ladya_chess::FenError>(())
    /// ```
    #[inline(always)]
    pub fn is_attacked(&self, square: Square, by: Side, occupied: Bitboard) -> bool {
        let s = square as usize;
        if s >= 64 {
            return false;
        }
        let them = self.by_side[by.index()];
        let diagonal = (self.by_kind[Kind::Bishop as usize] | self.by_kind[Kind::Queen as usize]) & them;
        let straight = (self.by_kind[Kind::Rook as usize] | self.by_kind[Kind::Queen as usize]) & them;
        PAWN_ATTACKS[by.opponent().index()][s] & self.by_kind[Kind::Pawn as usize] & them != 0
            || KNIGHT_ATTACKS[s] & self.by_kind[Kind::Knight as usize] & them != 0
            || KING_ATTACKS[s] & self.by_kind[Kind::King as usize] & them != 0
            || (diagonal != 0 && bishop_attacks(square, occupied) & diagonal != 0)
            || (straight != 0 && rook_attacks(square, occupied) & straight != 0)
    }

    /// Enemy pieces giving check to the side to move.
    ///
    /// # Examples
    ///
    /// ```
    /// use ladya_chess::Position;
    ///
    /// // A double check: the rook on e1 and the knight on d6.
    /// let pos = Position::from_fen("4k3/8/3N4/8/8/8/8/4R1K1 b - - 0 1")?;
    /// assert_eq!(pos.checkers().count_ones(), 2);
    /// assert!(pos.in_check());
    /// # Ok::<(), ladya_chess::FenError>(())
    /// ```
    #[inline(always)]
    pub fn checkers(&self) -> Bitboard {
        let king = self.king_square(self.side);
        self.attackers_to(king, self.occupied()) & self.by_side[self.side.opponent().index()]
    }

    /// Whether the side to move is in check.
    ///
    /// # Examples
    ///
    /// ```
    /// use ladya_chess::Position;
    ///
    /// let mut pos = Position::start();
    /// for text in ["e4", "f6", "d4", "g5"] {
    ///     pos.play_text(text)?;
    /// }
    /// assert!(!pos.in_check());
    /// pos.play_text("Qh5")?;
    /// assert!(pos.in_check() && pos.is_checkmate());
    /// # Ok::<(), ladya_chess::ChessError>(())
    /// ```
    #[inline(always)]
    pub fn in_check(&self) -> bool {
        let king = self.king_square(self.side);
        self.is_attacked(king, self.side.opponent(), self.occupied())
    }

    /// Whether `m`, a legal move here, gives check: directly, by discovery, with the rook of a
    /// castling, or by opening a line through an en-passant capture. Looks at the board after
    /// the move without making it.
    ///
    /// # Examples
    ///
    /// ```
    /// use ladya_chess::Position;
    ///
    /// // The knight leaves the a1-h8 diagonal and the queen behind it checks.
    /// let pos = Position::from_fen("7k/8/8/8/8/8/1N6/Q3K3 w - - 0 1")?;
    /// assert!(pos.gives_check(pos.parse_move("Nd3")?)); // a discovered check
    /// assert!(!pos.gives_check(pos.parse_move("Kd2")?));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[inline]
    pub fn gives_check(&self, m: Move) -> bool {
        if !m.is_plain() {
            return self.special_move_gives_check(m);
        }
        let us = self.side;
        let king = self.king_square(us.opponent());
        let (from, to) = (m.from(), m.to());
        let occupied = (self.occupied() ^ bit(from)) | bit(to);
        // Directly: the piece attacks the king from where it lands.
        let direct = match self.board[from as usize].kind() {
            Kind::Pawn => PAWN_ATTACKS[us.opponent().index()][king as usize] & bit(to),
            Kind::Knight => KNIGHT_ATTACKS[king as usize] & bit(to),
            Kind::Bishop => bishop_attacks(to, occupied) & bit(king),
            Kind::Rook => rook_attacks(to, occupied) & bit(king),
            Kind::Queen => queen_attacks(to, occupied) & bit(king),
            Kind::King => 0,
        };
        if direct != 0 {
            return true;
        }
        // By discovery: the piece leaves a line to the king (not along it), and one of our
        // sliders now sees the king. Nothing else changes between them.
        let ray = line(king, from);
        if ray == 0 || ray & bit(to) != 0 {
            return false;
        }
        let queens = self.pieces(us, Kind::Queen);
        let straight = king / 8 == from / 8 || king % 8 == from % 8;
        let seen = if straight {
            rook_attacks(king, occupied) & (self.pieces(us, Kind::Rook) | queens)
        } else {
            bishop_attacks(king, occupied) & (self.pieces(us, Kind::Bishop) | queens)
        };
        seen & !bit(from) != 0
    }

    /// [`Position::gives_check`] for castling, en passant and promotions: the board after the
    /// move worked out in full.
    fn special_move_gives_check(&self, m: Move) -> bool {
        let us = self.side;
        let king = self.king_square(us.opponent()) as usize;
        let (from, to) = (m.from(), m.to());
        let arriving = m.promotion().unwrap_or(self.board[from as usize].kind());
        let mut occupied = (self.occupied() ^ bit(from)) | bit(to);
        let mut rooks = self.pieces(us, Kind::Rook);
        match m.flag() {
            EN_PASSANT => occupied ^= bit(to ^ 8),
            CASTLE_KING | CASTLE_QUEEN => {
                // In Chess960 the king and rook may land on each other's start squares.
                let (rook_from, rook_to) = self.castling_rook(m);
                occupied = (self.occupied() & !bit(from) & !bit(rook_from)) | bit(to) | bit(rook_to);
                rooks = (rooks & !bit(rook_from)) | bit(rook_to);
            }
            _ => {}
        }
        // Our pieces of `kind` once the move is made.
        let after = |kind: Kind, set: Bitboard| {
            let moved = if arriving == kind { bit(to) } else { 0 };
            (set & !bit(from)) | moved
        };
        let queens = after(Kind::Queen, self.pieces(us, Kind::Queen));
        let straight = after(Kind::Rook, rooks) | queens;
        let diagonal = after(Kind::Bishop, self.pieces(us, Kind::Bishop)) | queens;
        KNIGHT_ATTACKS[king] & after(Kind::Knight, self.pieces(us, Kind::Knight)) != 0
            || PAWN_ATTACKS[us.opponent().index()][king] & after(Kind::Pawn, self.pieces(us, Kind::Pawn)) != 0
            || rook_attacks(king as Square, occupied) & straight != 0
            || bishop_attacks(king as Square, occupied) & diagonal != 0
    }

    /// Moves the moves of `moves` (legal moves of this position) that give check to the
    /// front, and returns how many there are: [`Position::gives_check`] for each, with what
    /// every move shares (the squares that check the king per kind of piece, the pieces that
    /// uncover a check) worked out once.
    ///
    /// # Examples
    ///
    /// ```
    /// use ladya_chess::Position;
    ///
    /// let pos = Position::from_fen("4k3/8/8/8/8/8/8/R3K3 w Q - 0 1")?;
    /// let mut moves = pos.legal_moves();
    /// assert_eq!(pos.checks_first(&mut moves), 1);
    /// assert_eq!(pos.human_move(moves[0]), "Ra8+");
    /// # Ok::<(), ladya_chess::FenError>(())
    /// ```
    pub fn checks_first(&self, moves: &mut MoveList<Move>) -> usize {
        let targets = CheckTargets::new(self);
        let mut checks = 0;
        for i in 0..moves.len() {
            if targets.gives_check(self, moves[i]) {
                moves.swap(i, checks);
                checks += 1;
            }
        }
        checks
    }

    /// [`Position::gives_check`] for each of `moves` (legal moves of this position) into
    /// `checks`, with what every move shares worked out once, as in [`Position::checks_first`].
    pub fn mark_checks(&self, moves: &[Move], checks: &mut [bool]) {
        let targets = CheckTargets::new(self);
        for (&m, check) in moves.iter().zip(checks.iter_mut()) {
            *check = targets.gives_check(self, m);
        }
    }

    /// The key computed from scratch, to check the incremental one.
    pub fn compute_key(&self) -> u64 {
        let mut key = castling_key(self.castling);
        for square in squares(self.occupied()) {
            key ^= piece_key(self.board[square as usize], square);
        }
        if self.en_passant != NO_SQUARE {
            key ^= en_passant_key(self.en_passant);
        }
        if self.side == Side::Black {
            key ^= SIDE_KEY;
        }
        key
    }

    /// The same position with the colours exchanged: every piece goes to the square mirrored
    /// across the board's middle rank and changes side, and so do the side to move, the
    /// castling rights and the en-passant square. The clocks are kept; the history is not.
    ///
    /// # Examples
    ///
    /// ```
    /// use ladya_chess::Position;
    ///
    /// let pos = Position::from_fen("4k3/8/8/8/8/8/4P3/R3K3 w Q - 3 7")?;
    /// assert_eq!(pos.mirrored().to_fen(), "r3k3/4p3/8/8/8/8/8/4K3 b q - 3 7");
    /// assert_eq!(pos.mirrored().mirrored(), pos);
    /// # Ok::<(), ladya_chess::FenError>(())
    /// ```
    pub fn mirrored(&self) -> Position {
        let mut mirror = Position::empty();
        for square in squares(self.occupied()) {
            let piece = self.board[square as usize];
            mirror.put(square ^ 56, Piece::new(piece.side().opponent(), piece.kind()));
        }
        mirror.side = self.side.opponent();
        mirror.castling = (self.castling & 3) << 2 | self.castling >> 2;
        for (index, &rook) in self.castling_rules.rook.iter().enumerate() {
            if rook != NO_SQUARE {
                mirror.castling_rules.add(index ^ 2, self.castling_rules.king[index / 2] ^ 56, rook ^ 56);
            }
        }
        mirror.chess960 = self.chess960;
        mirror.en_passant = if self.en_passant == NO_SQUARE { NO_SQUARE } else { self.en_passant ^ 56 };
        mirror.halfmove = self.halfmove;
        mirror.fullmove = self.fullmove;
        mirror.refresh_key();
        mirror
    }

    #[inline(always)]
    pub(crate) fn put(&mut self, square: Square, piece: Piece) {
        let b = bit(square);
        self.by_kind[piece.kind() as usize] |= b;
        self.by_side[piece.side().index()] |= b;
        self.board[square as usize] = piece;
        self.psqt += piece_square_value(piece, square);
    }

    #[inline(always)]
    fn remove(&mut self, square: Square) -> Piece {
        let piece = self.board[square as usize];
        let b = bit(square);
        self.by_kind[piece.kind() as usize] ^= b;
        self.by_side[piece.side().index()] ^= b;
        self.board[square as usize] = Piece::NONE;
        self.psqt -= piece_square_value(piece, square);
        piece
    }

    #[inline(always)]
    fn carry(&mut self, from: Square, to: Square) -> Piece {
        let piece = self.board[from as usize];
        let b = bit(from) | bit(to);
        self.by_kind[piece.kind() as usize] ^= b;
        self.by_side[piece.side().index()] ^= b;
        self.board[from as usize] = Piece::NONE;
        self.board[to as usize] = piece;
        self.psqt += piece_square_value(piece, to) - piece_square_value(piece, from);
        piece
    }

    /// Sets the en-passant square after a double push to `to` if an enemy pawn can take.
    #[inline(always)]
    fn set_en_passant_after_double_push(&mut self, from: Square, to: Square) {
        let passed = (from + to) / 2;
        let them = self.side.opponent();
        if PAWN_ATTACKS[self.side.index()][passed as usize] & self.pieces(them, Kind::Pawn) != 0 {
            self.en_passant = passed;
            self.key ^= en_passant_key(passed);
        }
    }

    /// Sets the side to move's en-passant square from a FEN field after checking it.
    pub(crate) fn set_en_passant_from_fen(&mut self, square: Square) {
        if PAWN_ATTACKS[self.side.opponent().index()][square as usize] & self.pieces(self.side, Kind::Pawn) != 0 {
            self.en_passant = square;
        }
    }

    /// Carries the king and rook of castling move `m` to their destinations (`forward`) or
    /// back, and gives the change of key. Both leave before either lands: in Chess960 each
    /// may land on the other's square. Kept out of line so that make and unmake stay small.
    #[inline(never)]
    fn castle(&mut self, m: Move, forward: bool) -> u64 {
        let (rook_from, rook_to) = self.castling_rook(m);
        let (king_from, king_to) = (m.from(), m.to());
        let (leave, land) = if forward {
            ((king_from, rook_from), (king_to, rook_to))
        } else {
            ((king_to, rook_to), (king_from, rook_from))
        };
        let king = self.remove(leave.0);
        let rook = self.remove(leave.1);
        self.put(land.0, king);
        self.put(land.1, rook);
        piece_key(king, king_from) ^ piece_key(king, king_to) ^ piece_key(rook, rook_from) ^ piece_key(rook, rook_to)
    }

    /// Plays `m`, which must be legal here (as produced by the move generator or the parsers).
    /// Unchecked, for the search: an illegal move leaves a position that is not one of the
    /// game (debug builds assert legality); [`Position::play`] is the checked form.
    ///
    /// # Examples
    ///
    /// ```
    /// use ladya_chess::Position;
    ///
    /// let mut pos = Position::from_fen("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2")?;
    /// let en_passant = pos.parse_move("exd6")?;
    /// pos.make(en_passant);
    /// assert_eq!(pos.to_fen(), "4k3/8/3P4/8/8/8/8/4K3 b - - 0 2");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn make(&mut self, m: Move) {
        debug_assert!(self.is_legal(m), "make: {m} is not legal in {}", self.to_fen());
        let us = self.side;
        let (from, to, flag) = (m.from(), m.to(), m.flag());
        self.history.push(Undo {
            mv: m,
            captured: Piece::NONE,
            castling: self.castling,
            en_passant: self.en_passant,
            halfmove: self.halfmove,
            key: self.key,
        });
        self.key ^= SIDE_KEY;
        if self.en_passant != NO_SQUARE {
            self.key ^= en_passant_key(self.en_passant);
            self.en_passant = NO_SQUARE;
        }
        self.halfmove = self.halfmove.saturating_add(1);
        let mut captured = Piece::NONE;

        match flag {
            CASTLE_KING | CASTLE_QUEEN => self.key ^= self.castle(m, true),
            EN_PASSANT => {
                let victim_square = to ^ 8;
                captured = self.remove(victim_square);
                let pawn = self.carry(from, to);
                self.key ^= piece_key(captured, victim_square) ^ piece_key(pawn, from) ^ piece_key(pawn, to);
                self.halfmove = 0;
            }
            _ => {
                if m.is_capture() {
                    captured = self.remove(to);
                    self.key ^= piece_key(captured, to);
                    self.halfmove = 0;
                }
                let piece = if let Some(kind) = m.promotion() {
                    let pawn = self.remove(from);
                    let promoted = Piece::new(us, kind);
                    self.put(to, promoted);
                    self.key ^= piece_key(pawn, from) ^ piece_key(promoted, to);
                    pawn
                } else {
                    let piece = self.carry(from, to);
                    self.key ^= piece_key(piece, from) ^ piece_key(piece, to);
                    piece
                };
                if piece.kind() == Kind::Pawn {
                    self.halfmove = 0;
                    if flag == DOUBLE_PUSH {
                        self.set_en_passant_after_double_push(from, to);
                    }
                }
            }
        }

        let kept = &self.castling_rules.kept;
        let castling = self.castling & kept[from as usize] & kept[to as usize];
        if castling != self.castling {
            self.key ^= castling_key(self.castling) ^ castling_key(castling);
            self.castling = castling;
        }
        if us == Side::Black {
            self.fullmove += 1;
        }
        self.side = us.opponent();
        if let Some(last) = self.history.last_mut() {
            last.captured = captured;
        }
    }

    /// Takes back the last move (or null move).
    ///
    /// # Examples
    ///
    /// ```
    /// use ladya_chess::Position;
    ///
    /// let mut pos = Position::from_fen("r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 5 20")?;
    /// let before = pos.clone();
    /// pos.play_text("O-O-O")?;
    /// assert_eq!(pos.to_fen(), "2kr3r/8/8/8/8/8/8/R3K2R w KQ - 6 21");
    /// pos.unmake();
    /// assert_eq!(pos, before);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn unmake(&mut self) {
        let Some(undo) = self.history.pop() else { return };
        self.side = self.side.opponent();
        if self.side == Side::Black {
            self.fullmove -= 1;
        }
        self.castling = undo.castling;
        self.en_passant = undo.en_passant;
        self.halfmove = undo.halfmove;
        self.key = undo.key;
        let m = undo.mv;
        if m == Move::NONE {
            return;
        }
        let (from, to) = (m.from(), m.to());
        match m.flag() {
            CASTLE_KING | CASTLE_QUEEN => {
                self.castle(m, false);
            }
            EN_PASSANT => {
                self.carry(to, from);
                self.put(to ^ 8, undo.captured);
            }
            _ => {
                if m.promotion().is_some() {
                    self.remove(to);
                    self.put(from, Piece::new(self.side, Kind::Pawn));
                } else {
                    self.carry(to, from);
                }
                if !undo.captured.is_none() {
                    self.put(to, undo.captured);
                }
            }
        }
    }

    /// Passes the turn (null-move pruning); take it back with [`Position::unmake`].
    /// The fifty-move counter restarts, so repetitions are not looked for across it.
    ///
    /// # Examples
    ///
    /// ```
    /// use ladya_chess::{Position, Side};
    ///
    /// let mut pos = Position::start();
    /// pos.make_null();
    /// assert_eq!(pos.side_to_move(), Side::Black);
    /// assert_ne!(pos.key(), Position::start().key());
    /// pos.unmake();
    /// assert_eq!(pos, Position::start());
    /// ```
    pub fn make_null(&mut self) {
        self.history.push(Undo {
            mv: Move::NONE,
            captured: Piece::NONE,
            castling: self.castling,
            en_passant: self.en_passant,
            halfmove: self.halfmove,
            key: self.key,
        });
        self.key ^= SIDE_KEY;
        if self.en_passant != NO_SQUARE {
            self.key ^= en_passant_key(self.en_passant);
            self.en_passant = NO_SQUARE;
        }
        self.halfmove = 0;
        if self.side == Side::Black {
            self.fullmove += 1;
        }
        self.side = self.side.opponent();
    }

    /// Recomputes the key from scratch after the board was set up piece by piece.
    pub(crate) fn refresh_key(&mut self) {
        self.key = self.compute_key();
    }
}

/// What every move of a position shares when asked whether it gives check: the squares from
/// which each kind of piece of the side to move would attack the enemy king, and the pieces
/// that uncover a check by a slider behind them when they leave their line.
pub(crate) struct CheckTargets {
    king: Square,
    checking: [Bitboard; 6],
    uncovering: Bitboard,
}

impl CheckTargets {
    pub(crate) fn new(pos: &Position) -> CheckTargets {
        let us = pos.side;
        let king = pos.king_square(us.opponent());
        let occupied = pos.occupied();
        let (diagonal, straight) = (bishop_attacks(king, occupied), rook_attacks(king, occupied));
        let mut checking = [0; 6];
        checking[Kind::Pawn as usize] = PAWN_ATTACKS[us.opponent().index()][king as usize];
        checking[Kind::Knight as usize] = KNIGHT_ATTACKS[king as usize];
        checking[Kind::Bishop as usize] = diagonal;
        checking[Kind::Rook as usize] = straight;
        checking[Kind::Queen as usize] = diagonal | straight;
        // Our pieces alone between one of our sliders and the king.
        let queens = pos.pieces(us, Kind::Queen);
        let snipers = (bishop_attacks(king, 0) & (pos.pieces(us, Kind::Bishop) | queens))
            | (rook_attacks(king, 0) & (pos.pieces(us, Kind::Rook) | queens));
        let mut uncovering = 0;
        for sniper in squares(snipers) {
            let blockers = between(king, sniper) & occupied;
            if blockers != 0 && !more_than_one(blockers) {
                uncovering |= blockers & pos.by_side[us.index()];
            }
        }
        CheckTargets { king, checking, uncovering }
    }

    /// The squares of `targets` where the piece of `kind` on `from` gives check by an ordinary
    /// move (not castling, en passant or a promotion).
    #[inline(always)]
    pub(crate) fn checking_targets(&self, kind: Kind, from: Square, targets: Bitboard) -> Bitboard {
        let direct = targets & self.checking[kind as usize];
        if self.uncovering & bit(from) != 0 { direct | (targets & !line(self.king, from)) } else { direct }
    }

    /// [`Position::gives_check`] for `m`, a legal move of `pos`.
    #[inline(always)]
    pub(crate) fn gives_check(&self, pos: &Position, m: Move) -> bool {
        if !m.is_plain() {
            return pos.special_move_gives_check(m);
        }
        let kind = pos.board[m.from() as usize].kind();
        self.checking_targets(kind, m.from(), bit(m.to())) != 0
    }
}
