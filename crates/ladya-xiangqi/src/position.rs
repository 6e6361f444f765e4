//! The xiangqi position: bitboards, rank and file words, a mailbox, the counters the rules
//! need, and make/unmake.

use ladya_core::{Side, zobrist};

use crate::board::*;
use crate::moves::Move;
use crate::piece::{Kind, Piece};
use crate::weights::piece_square_value;
use ladya_core::Tapered;

/// Zobrist keys: 14 pieces x 90 squares, then the side to move.
const KEYS: [u64; 14 * SQUARES + 1] = zobrist::keys(0x0C4E_55C4_1A46_0001);

#[inline(always)]
fn piece_key(piece: Piece, square: Square) -> u64 {
    KEYS[piece.index() * SQUARES + square as usize]
}

const SIDE_KEY: u64 = KEYS[14 * SQUARES];

/// What a move destroys, kept so that unmake can restore it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Undo {
    /// The move made, or [`Move::NONE`] for a null move.
    pub(crate) mv: Move,
    pub(crate) captured: Piece,
    pub(crate) halfmove: u16,
    /// The key of the position before the move (repetition detection reads it).
    pub(crate) key: u64,
}

/// A xiangqi position with its history of moves.
///
/// Equality compares everything, history included, so a restored position equals the one
/// before the move only if unmake put back every field.
///
/// # Examples
///
/// Moves are shown in WXF notation, with the marks for two pieces of a kind on one file:
///
/// ```
/// use ladya_xiangqi::Position;
///
/// let pos = Position::from_fen("4k4/9/9/9/9/9/R8/9/9/R2K5 w - - 0 1")?;
/// let wxf = |iccs| pos.parse_move(iccs).map(|m| pos.human_move(m));
/// assert_eq!(wxf("a3c3")?, "R+.7");
/// assert_eq!(wxf("a0b0")?, "R-.8");
/// assert_eq!(wxf("d0d1")?, "K6+1");
/// assert_eq!(wxf("a3a9")?, "R++6");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, PartialEq, Eq)]
pub struct Position {
    pub(crate) by_kind: [Bitboard; 7],
    pub(crate) by_side: [Bitboard; 2],
    /// Each side's pieces rank by rank, bit `f` for file `f`: the rotated view sliders use.
    pub(crate) ranks: [[u16; 10]; 2],
    /// Each side's pieces file by file, bit `r` for rank `r`.
    pub(crate) files: [[u16; 9]; 2],
    pub(crate) board: [Piece; SQUARES],
    pub(crate) generals: [Square; 2],
    pub(crate) side: Side,
    /// Plies since the last capture (or null move): the sixty-move counter, which also bounds
    /// the search for repetitions.
    pub(crate) halfmove: u16,
    /// The full-move number of the set-up position; later ones are counted from the history.
    pub(crate) start_fullmove: u16,
    /// The side to move in the set-up position.
    pub(crate) start_side: Side,
    pub(crate) key: u64,
    /// Material and placement of every piece, Red's view, kept up to date by make and unmake.
    pub(crate) psqt: Tapered,
    pub(crate) history: Vec<Undo>,
}

impl std::fmt::Debug for Position {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Position({})", self.to_fen())
    }
}

impl Position {
    /// The FEN of the standard start position.
    pub const START_FEN: &'static str = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1";

    /// An empty board with Red to move: the base FEN parsing builds on.
    pub(crate) fn empty() -> Position {
        Position {
            by_kind: [0; 7],
            by_side: [0; 2],
            ranks: [[0; 10]; 2],
            files: [[0; 9]; 2],
            board: [Piece::NONE; SQUARES],
            generals: [0; 2],
            side: Side::White,
            halfmove: 0,
            start_fullmove: 1,
            start_side: Side::White,
            key: 0,
            psqt: Tapered::default(),
            history: Vec::new(),
        }
    }

    /// The side to move (Red is [`Side::White`]).
    ///
    /// # Examples
    ///
    /// ```
    /// use ladya_xiangqi::{Position, Side, side_name};
    ///
    /// let mut pos = Position::start();
    /// assert_eq!(side_name(pos.side_to_move()), "Red");
    /// pos.play_text("h2e2")?;
    /// assert_eq!(pos.side_to_move(), Side::Black);
    /// # Ok::<(), ladya_xiangqi::XiangqiError>(())
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
    /// use ladya_xiangqi::board::square_at;
    /// use ladya_xiangqi::{Kind, Piece, Position, Side};
    ///
    /// let pos = Position::start();
    /// assert_eq!(pos.piece_at(square_at(7, 2)), Piece::new(Side::White, Kind::Cannon)); // h2
    /// assert!(pos.piece_at(square_at(4, 4)).is_none());
    /// assert!(pos.piece_at(90).is_none()); // off the board
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
    #[inline(always)]
    pub fn pieces(&self, side: Side, kind: Kind) -> Bitboard {
        self.by_kind[kind as usize] & self.by_side[side.index()]
    }

    /// All occupied squares.
    #[inline(always)]
    pub fn occupied(&self) -> Bitboard {
        self.by_side[0] | self.by_side[1]
    }

    /// The square of `side`'s general.
    ///
    /// # Examples
    ///
    /// ```
    /// use ladya_xiangqi::board::square_name;
    /// use ladya_xiangqi::{Position, Side};
    ///
    /// let pos = Position::start();
    /// assert_eq!(square_name(pos.general_square(Side::White)), "e0");
    /// assert_eq!(square_name(pos.general_square(Side::Black)), "e9");
    /// ```
    #[inline(always)]
    pub fn general_square(&self, side: Side) -> Square {
        self.generals[side.index()]
    }

    /// Plies since the last capture: the sixty-move counter (a draw at 120).
    ///
    /// # Examples
    ///
    /// ```
    /// use ladya_xiangqi::Position;
    ///
    /// let mut pos = Position::start();
    /// pos.play_text("h2e2")?;
    /// assert_eq!(pos.halfmove_clock(), 1);
    /// pos.play_text("b7b0")?; // the cannon takes the horse
    /// assert_eq!(pos.halfmove_clock(), 0);
    /// # Ok::<(), ladya_xiangqi::XiangqiError>(())
    /// ```
    pub fn halfmove_clock(&self) -> u16 {
        self.halfmove
    }

    /// The full-move number, starting at the set-up position's and increased after each
    /// Black move; it stops at 65535, the most a FEN takes, so that every position's FEN
    /// reads back.
    ///
    /// # Examples
    ///
    /// ```
    /// use ladya_xiangqi::Position;
    ///
    /// let mut pos = Position::from_fen("4k4/9/9/9/9/9/9/9/9/R2K5 b - - 0 30")?;
    /// pos.play_text("e9f9")?;
    /// assert_eq!(pos.fullmove_number(), 31);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn fullmove_number(&self) -> u32 {
        let black_first = usize::from(self.start_side == Side::Black);
        (usize::from(self.start_fullmove) + (self.history.len() + black_first) / 2).min(usize::from(u16::MAX)) as u32
    }

    /// The Zobrist key, maintained incrementally by make and unmake.
    ///
    /// # Examples
    ///
    /// ```
    /// use ladya_xiangqi::Position;
    ///
    /// let (mut a, mut b) = (Position::start(), Position::start());
    /// for (x, y) in [("h2e2", "b0c2"), ("h9g7", "h9g7"), ("b0c2", "h2e2")] {
    ///     a.play_text(x)?;
    ///     b.play_text(y)?;
    /// }
    /// assert_eq!(a.key(), b.key()); // one position by two move orders
    /// assert_eq!(a.key(), a.compute_key());
    /// # Ok::<(), ladya_xiangqi::XiangqiError>(())
    /// ```
    #[inline(always)]
    pub fn key(&self) -> u64 {
        self.key
    }

    /// Material and placement of every piece from Red's point of view, maintained
    /// incrementally by make and unmake (see [`Position::compute_psqt`]).
    #[inline(always)]
    pub fn psqt(&self) -> Tapered {
        self.psqt
    }

    /// The moves made since the position was set up, oldest first ([`Move::NONE`] for a null
    /// move).
    ///
    /// # Examples
    ///
    /// ```
    /// use ladya_xiangqi::Position;
    ///
    /// let mut pos = Position::start();
    /// for text in ["C2.5", "H8+7"] {
    ///     pos.play_text(text)?;
    /// }
    /// let played: Vec<String> = pos.moves_played().map(|m| m.to_string()).collect();
    /// assert_eq!(played, ["h2e2", "h9g7"]);
    /// # Ok::<(), ladya_xiangqi::XiangqiError>(())
    /// ```
    pub fn moves_played(&self) -> impl Iterator<Item = Move> + '_ {
        self.history.iter().map(|u| u.mv)
    }

    /// Whether `by` attacks `square` when the board holds `occupied` and `by`'s pieces are
    /// those of `attackers` (a capture removes one). The general counts as attacking along an
    /// open file: the two generals may not face each other.
    #[inline(always)]
    pub(crate) fn is_attacked(&self, square: Square, by: Side, occupied: Bitboard, attackers: Bitboard) -> bool {
        Attackers::by_kind(|kind| self.by_kind[kind as usize] & attackers).attack(square, by, occupied)
    }

    /// Whether `m`, a legal move of this position, checks the other general: read from the
    /// board as it will stand, without making the move.
    ///
    /// # Examples
    ///
    /// ```
    /// use ladya_xiangqi::Position;
    ///
    /// // The rook checks the general on d9 from a9, not from a8.
    /// let pos = Position::from_fen("3k5/9/9/9/9/9/9/9/9/R3K4 w - - 0 1")?;
    /// assert!(pos.gives_check(pos.parse_iccs("a0a9")?));
    /// assert!(!pos.gives_check(pos.parse_iccs("a0a8")?));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[inline]
    pub fn gives_check(&self, m: Move) -> bool {
        let us = self.side;
        let (from, to) = (m.from(), m.to());
        let general = self.generals[us.opponent().index()];
        if (bit(from) | bit(to)) & CHECK_SQUARES[general as usize] == 0 {
            return false;
        }
        let mover = self.board[from as usize].kind();
        let ours = self.by_side[us.index()] & !bit(from);
        let pieces =
            Attackers::by_kind(|kind| self.by_kind[kind as usize] & ours | if mover == kind { bit(to) } else { 0 });
        pieces.attack(general, us, self.occupied() & !bit(from) | bit(to))
    }

    /// Whether `side`'s general is attacked (in check, or facing the other general).
    ///
    /// # Examples
    ///
    /// ```
    /// use ladya_xiangqi::{Position, Side};
    ///
    /// // The cannon on e5 checks the black general over the soldier on e6.
    /// let pos = Position::from_fen("4k4/9/9/4p4/4C4/9/9/9/9/3K5 b - - 0 1")?;
    /// assert!(pos.general_attacked(Side::Black));
    /// assert!(!pos.general_attacked(Side::White));
    /// # Ok::<(), ladya_xiangqi::FenError>(())
    /// ```
    #[inline(always)]
    pub fn general_attacked(&self, side: Side) -> bool {
        let them = side.opponent();
        self.is_attacked(self.generals[side.index()], them, self.occupied(), self.by_side[them.index()])
    }

    /// Whether the side to move is in check.
    ///
    /// # Examples
    ///
    /// ```
    /// use ladya_xiangqi::Position;
    ///
    /// let mut pos = Position::from_fen("4k4/9/9/9/9/9/9/9/9/R2K5 w - - 0 1")?;
    /// assert!(!pos.in_check());
    /// pos.play_text("R9+9")?; // the rook up to a9
    /// assert!(pos.in_check());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[inline(always)]
    pub fn in_check(&self) -> bool {
        self.general_attacked(self.side)
    }

    /// The key computed from scratch, to check the incremental one.
    pub fn compute_key(&self) -> u64 {
        let mut key = if self.side == Side::Black { SIDE_KEY } else { 0 };
        for square in squares(self.occupied()) {
            key ^= piece_key(self.board[square as usize], square);
        }
        key
    }

    /// Toggles `side`'s piece on `square` in the rank and file words.
    #[inline(always)]
    fn toggle_lines(&mut self, side: usize, square: Square) {
        let (file, rank) = (file_of(square), rank_of(square));
        self.ranks[side][rank as usize] ^= 1 << file;
        self.files[side][file as usize] ^= 1 << rank;
    }

    /// Puts `piece` on the empty `square` (setting up a position).
    pub(crate) fn put(&mut self, square: Square, piece: Piece) {
        let b = bit(square);
        self.by_kind[piece.kind() as usize] |= b;
        self.by_side[piece.side().index()] |= b;
        self.toggle_lines(piece.side().index(), square);
        self.board[square as usize] = piece;
        self.psqt += piece_square_value(piece, square);
        if piece.kind() == Kind::General {
            self.generals[piece.side().index()] = square;
        }
    }

    /// Plays `m`, which must be legal here (as produced by the move generator or the parsers).
    /// Unchecked, for the search: an illegal move leaves a position that is not one of the
    /// game (debug builds assert legality); [`Position::play`] is the checked form.
    ///
    /// # Examples
    ///
    /// ```
    /// use ladya_xiangqi::Position;
    ///
    /// let mut pos = Position::start();
    /// let m = pos.parse_move("h2h9")?; // the cannon jumps the cannon on h7 to take the horse
    /// pos.make(m);
    /// assert_eq!(pos.to_fen(), "rnbakabCr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C7/9/RNBAKABNR b - - 0 1");
    /// # Ok::<(), ladya_xiangqi::MoveError>(())
    /// ```
    #[inline(always)]
    pub fn make(&mut self, m: Move) {
        debug_assert!(self.is_legal(m), "make: {m} is not legal in {}", self.to_fen());
        let (from, to) = (m.from(), m.to());
        let piece = self.board[from as usize];
        let captured = self.board[to as usize];
        self.history.push(Undo { mv: m, captured, halfmove: self.halfmove, key: self.key });
        let us = self.side.index();
        let moved = bit(from) | bit(to);
        self.by_kind[piece.kind() as usize] ^= moved;
        self.by_side[us] ^= moved;
        self.toggle_lines(us, from);
        self.toggle_lines(us, to);
        self.key ^= piece_key(piece, from) ^ piece_key(piece, to) ^ SIDE_KEY;
        self.psqt += piece_square_value(piece, to) - piece_square_value(piece, from);
        if captured.is_none() {
            self.halfmove = self.halfmove.saturating_add(1);
        } else {
            self.by_kind[captured.kind() as usize] ^= bit(to);
            self.by_side[us ^ 1] ^= bit(to);
            self.toggle_lines(us ^ 1, to);
            self.key ^= piece_key(captured, to);
            self.psqt -= piece_square_value(captured, to);
            self.halfmove = 0;
        }
        self.board[from as usize] = Piece::NONE;
        self.board[to as usize] = piece;
        if piece.kind() == Kind::General {
            self.generals[us] = to;
        }
        self.side = self.side.opponent();
    }

    /// Takes back the last move (or null move); does nothing at the set-up position.
    ///
    /// # Examples
    ///
    /// ```
    /// use ladya_xiangqi::Position;
    ///
    /// let mut pos = Position::start();
    /// pos.play_text("h2h9")?;
    /// pos.unmake();
    /// assert_eq!(pos, Position::start());
    /// pos.unmake(); // nothing to take back
    /// assert_eq!(pos, Position::start());
    /// # Ok::<(), ladya_xiangqi::XiangqiError>(())
    /// ```
    #[inline(always)]
    pub fn unmake(&mut self) {
        let Some(undo) = self.history.pop() else { return };
        self.side = self.side.opponent();
        self.halfmove = undo.halfmove;
        self.key = undo.key;
        let m = undo.mv;
        if m == Move::NONE {
            return;
        }
        let (from, to) = (m.from(), m.to());
        let us = self.side.index();
        let piece = self.board[to as usize];
        let moved = bit(from) | bit(to);
        self.by_kind[piece.kind() as usize] ^= moved;
        self.by_side[us] ^= moved;
        self.toggle_lines(us, from);
        self.toggle_lines(us, to);
        self.board[from as usize] = piece;
        self.board[to as usize] = undo.captured;
        self.psqt += piece_square_value(piece, from) - piece_square_value(piece, to);
        if !undo.captured.is_none() {
            self.by_kind[undo.captured.kind() as usize] ^= bit(to);
            self.by_side[us ^ 1] ^= bit(to);
            self.toggle_lines(us ^ 1, to);
            self.psqt += piece_square_value(undo.captured, to);
        }
        if piece.kind() == Kind::General {
            self.generals[us] = from;
        }
    }

    /// Passes the turn (null-move pruning); take it back with [`Position::unmake`]. The
    /// no-capture counter restarts, so repetitions are never looked for across a null move.
    ///
    /// # Examples
    ///
    /// ```
    /// use ladya_xiangqi::{Position, Side};
    ///
    /// let mut pos = Position::start();
    /// pos.make_null();
    /// assert_eq!(pos.side_to_move(), Side::Black);
    /// assert_eq!(pos.moves_played().count(), 1);
    /// pos.unmake();
    /// assert_eq!(pos, Position::start());
    /// ```
    pub fn make_null(&mut self) {
        self.history.push(Undo { mv: Move::NONE, captured: Piece::NONE, halfmove: self.halfmove, key: self.key });
        self.key ^= SIDE_KEY;
        self.halfmove = 0;
        self.side = self.side.opponent();
    }

    /// Recomputes the key from scratch after the board was set up piece by piece.
    pub(crate) fn refresh_key(&mut self) {
        self.key = self.compute_key();
    }
}

/// The pieces of one side that may attack a square, by how they attack.
#[derive(Clone, Copy)]
struct Attackers {
    /// Rooks, and the general (which may not face the other along an open file).
    rooklike: Bitboard,
    cannons: Bitboard,
    horses: Bitboard,
    soldiers: Bitboard,
}

impl Attackers {
    /// The pieces that `of` gives for each kind.
    #[inline(always)]
    fn by_kind(of: impl Fn(Kind) -> Bitboard) -> Attackers {
        Attackers {
            rooklike: of(Kind::Rook) | of(Kind::General),
            cannons: of(Kind::Cannon),
            horses: of(Kind::Horse),
            soldiers: of(Kind::Soldier),
        }
    }

    /// Whether these pieces of `by` attack `square` when the board holds `occupied`.
    #[inline(always)]
    fn attack(&self, square: Square, by: Side, occupied: Bitboard) -> bool {
        let s = square as usize;
        let Attackers { rooklike, cannons, horses, soldiers } = *self;
        for dir in [NORTH, EAST, SOUTH, WEST] {
            if RAYS[dir][s] & (rooklike | cannons) == 0 {
                continue;
            }
            let on_ray = RAYS[dir][s] & occupied;
            let first = nearest(dir, on_ray);
            if first & rooklike != 0 || nearest(dir, on_ray ^ first) & cannons != 0 {
                return true;
            }
        }
        if HORSE_REACH[s] & horses != 0 {
            for i in 0..4 {
                let leg = HORSE_CHECK_LEGS[s][i];
                if HORSE_SOURCES[s][i] & horses != 0 && occupied & bit(leg) == 0 {
                    return true;
                }
            }
        }
        SOLDIER_SOURCES[by.index()][s] & soldiers != 0
    }
}
