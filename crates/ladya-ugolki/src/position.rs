//! The ugolki position: two bitboards, the side to move, the move number, and make/unmake
//! with incremental Zobrist keys. The rules of ending are in [`crate::rules`].

use std::sync::Arc;

use ladya_core::{Side, zobrist};

use crate::board::{Bitboard, Square, bit, block, squares};
use crate::moves::Move;
use crate::race_cache::RaceCache;

/// The three layouts; the number of pieces chooses one.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Layout {
    /// 9 pieces a side on 3x3 blocks: f1-h3 and a6-c8.
    Nine,
    /// 12 pieces a side on 4x3 blocks: e1-h3 and a6-d8 (the standard game).
    Twelve,
    /// 16 pieces a side on 4x4 blocks: e1-h4 and a5-d8.
    Sixteen,
}

/// White's home for each layout; Black's is its image under a half turn of the board.
const WHITE_HOMES: [Bitboard; 3] = [block((5, 7), (0, 2)), block((4, 7), (0, 2)), block((4, 7), (0, 3))];

impl Layout {
    /// The three layouts, smallest first.
    pub const ALL: [Layout; 3] = [Layout::Nine, Layout::Twelve, Layout::Sixteen];

    /// The layout with `count` pieces a side, if there is one.
    ///
    /// # Examples
    ///
    /// ```
    /// use ladya_ugolki::Layout;
    ///
    /// assert_eq!(Layout::from_count(16), Some(Layout::Sixteen));
    /// assert_eq!(Layout::from_count(10), None);
    /// ```
    pub const fn from_count(count: u32) -> Option<Layout> {
        match count {
            9 => Some(Layout::Nine),
            12 => Some(Layout::Twelve),
            16 => Some(Layout::Sixteen),
            _ => None,
        }
    }

    /// Pieces a side.
    ///
    /// # Examples
    ///
    /// ```
    /// use ladya_ugolki::Layout;
    ///
    /// assert_eq!(Layout::ALL.map(Layout::pieces), [9, 12, 16]);
    /// ```
    pub const fn pieces(self) -> u32 {
        self.white_home().count_ones()
    }

    const fn white_home(self) -> Bitboard {
        WHITE_HOMES[self as usize]
    }

    /// The squares `side` starts on: its home, and the opponent's target.
    ///
    /// # Examples
    ///
    /// ```
    /// use ladya_ugolki::{Layout, Position, Side};
    ///
    /// let start = Position::start();
    /// assert_eq!(Layout::Twelve.home(Side::White), start.pieces(Side::White)); // e1-h3
    /// assert_eq!(Layout::Twelve.home(Side::Black), start.pieces(Side::Black)); // a6-d8
    /// ```
    #[inline(always)]
    pub const fn home(self, side: Side) -> Bitboard {
        match side {
            Side::White => self.white_home(),
            Side::Black => self.white_home().reverse_bits(),
        }
    }

    /// The squares `side` must fill: the opponent's home.
    ///
    /// # Examples
    ///
    /// ```
    /// use ladya_ugolki::{Layout, Side, parse_square};
    ///
    /// let target = Layout::Nine.target(Side::White); // a6-c8
    /// assert_eq!(target.count_ones(), 9);
    /// assert_ne!(target & 1 << parse_square("c6").unwrap(), 0);
    /// ```
    #[inline(always)]
    pub const fn target(self, side: Side) -> Bitboard {
        self.home(side.opponent())
    }
}

/// Zobrist keys: 2 x 64 pieces, the side to move, and one for each move number (games stop at
/// 81, but null moves past the end must not index out of the table).
const KEYS: [u64; 2 * 64 + 1 + 256] = zobrist::keys(0x0060_1C17_A5E5);
const SIDE_KEY: u64 = KEYS[128];

#[inline(always)]
fn piece_key(side: Side, square: Square) -> u64 {
    KEYS[side.index() * 64 + square as usize]
}

#[inline(always)]
fn number_key(number: u8) -> u64 {
    KEYS[129 + number as usize]
}

/// What unmake needs: the move, and the board key before it (repetition reads it too).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Undo {
    pub(crate) mv: Move,
    pub(crate) key: u64,
}

/// An ugolki position with its history of moves.
///
/// Whether the game is over follows from the board, the side to move and the move number
/// alone (see [`Position::finished`]), so no other state is kept: in particular the state
/// "White has filled its target and Black has one move left" is simply "Black to move with
/// White's target full". Equality compares everything, history included.
#[derive(Clone, PartialEq, Eq)]
pub struct Position {
    pub(crate) pieces: [Bitboard; 2],
    pub(crate) side: Side,
    /// The full-move number: 1 at the start, increased after each Black move, at most 81.
    pub(crate) number: u8,
    pub(crate) layout: Layout,
    /// The Zobrist key of the pieces and the side to move (not the move number).
    pub(crate) key: u64,
    pub(crate) history: Vec<Undo>,
    /// The race counts found in this game, shared by its copies (search threads).
    pub(crate) race_cache: Arc<RaceCache>,
}

impl std::fmt::Debug for Position {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Position({})", self.to_fen())
    }
}

impl Position {
    /// The FEN of the standard start position (12 pieces a side).
    pub const START_FEN: &'static str = "BBBB4/BBBB4/BBBB4/8/8/4WWWW/4WWWW/4WWWW w 1";

    /// The start position of `layout`: each side fills its home, White to move, move 1.
    ///
    /// # Examples
    ///
    /// ```
    /// use ladya_ugolki::{Layout, Position};
    ///
    /// let pos = Position::start_with(Layout::Nine);
    /// assert_eq!(pos.to_fen(), "BBB5/BBB5/BBB5/8/8/5WWW/5WWW/5WWW w 1");
    /// assert_eq!(pos.legal_moves().len(), 12);
    /// ```
    pub fn start_with(layout: Layout) -> Position {
        let mut pos = Position {
            pieces: [layout.home(Side::White), layout.home(Side::Black)],
            side: Side::White,
            number: 1,
            layout,
            key: 0,
            history: Vec::new(),
            race_cache: Arc::default(),
        };
        pos.key = pos.compute_key();
        pos
    }

    /// The standard start position.
    ///
    /// # Examples
    ///
    /// ```
    /// use ladya_core::perft::perft;
    /// use ladya_ugolki::{Layout, Position};
    ///
    /// let mut pos = Position::start();
    /// assert_eq!((pos.to_fen(), pos.layout()), (Position::START_FEN.to_string(), Layout::Twelve));
    /// assert_eq!((perft(&mut pos, 1), perft(&mut pos, 2)), (14, 196));
    /// ```
    pub fn start() -> Position {
        Position::start_with(Layout::Twelve)
    }

    /// The side to move.
    ///
    /// # Examples
    ///
    /// ```
    /// use ladya_ugolki::{Position, Side};
    ///
    /// let mut pos = Position::start();
    /// pos.play_text("e3-e4")?;
    /// assert_eq!(pos.side_to_move(), Side::Black);
    /// # Ok::<(), ladya_ugolki::UgolkiError>(())
    /// ```
    #[inline(always)]
    pub fn side_to_move(&self) -> Side {
        self.side
    }

    /// The full-move number: 1 at the start, increased after each Black move.
    ///
    /// # Examples
    ///
    /// ```
    /// use ladya_ugolki::Position;
    ///
    /// let mut pos = Position::start();
    /// pos.play_text("e3-e4")?;
    /// assert_eq!(pos.fullmove_number(), 1);
    /// pos.play_text("d6-d5")?;
    /// assert_eq!(pos.fullmove_number(), 2);
    /// # Ok::<(), ladya_ugolki::UgolkiError>(())
    /// ```
    pub fn fullmove_number(&self) -> u32 {
        u32::from(self.number)
    }

    /// The layout (the number of pieces a side).
    ///
    /// # Examples
    ///
    /// ```
    /// use ladya_ugolki::{Layout, Position};
    ///
    /// let pos = Position::from_fen("BBBB4/BBBB4/BBBB4/BBBB4/4WWWW/4WWWW/4WWWW/4WWWW w 1")?;
    /// assert_eq!(pos.layout(), Layout::Sixteen);
    /// # Ok::<(), ladya_ugolki::FenError>(())
    /// ```
    pub fn layout(&self) -> Layout {
        self.layout
    }

    /// The squares of `side`'s pieces.
    ///
    /// # Examples
    ///
    /// ```
    /// use ladya_ugolki::{Position, Side};
    ///
    /// let pos = Position::start();
    /// assert_eq!(pos.pieces(Side::White).count_ones(), 12);
    /// assert_eq!(pos.pieces(Side::White) | pos.pieces(Side::Black), pos.occupied());
    /// ```
    #[inline(always)]
    pub fn pieces(&self, side: Side) -> Bitboard {
        self.pieces[side.index()]
    }

    /// All occupied squares.
    #[inline(always)]
    pub fn occupied(&self) -> Bitboard {
        self.pieces[0] | self.pieces[1]
    }

    /// The side whose piece stands on `square`, if any (none for a square off the board).
    ///
    /// # Examples
    ///
    /// ```
    /// use ladya_ugolki::{Position, Side, parse_square};
    ///
    /// let pos = Position::start();
    /// assert_eq!(pos.piece_at(parse_square("h1").unwrap()), Some(Side::White));
    /// assert_eq!(pos.piece_at(parse_square("e4").unwrap()), None);
    /// assert_eq!(pos.piece_at(64), None); // off the board
    /// ```
    pub fn piece_at(&self, square: Square) -> Option<Side> {
        let on = 1u64.checked_shl(u32::from(square))?;
        Side::BOTH.into_iter().find(|&side| self.pieces(side) & on != 0)
    }

    /// The Zobrist key: pieces, side to move and move number.
    ///
    /// The move number is part of it because every position of a game lies within 80 moves
    /// of the move limit, so the number can change the result of any position (how many
    /// moves are left for the race, whether the own-home rule already applies). Since the
    /// number never exceeds 81, hashing it always is both exact and a single table look-up.
    ///
    /// # Examples
    ///
    /// ```
    /// use ladya_ugolki::Position;
    ///
    /// // The same pieces at another move number: another key.
    /// let early = Position::from_fen("BBBB4/BBBB4/BBBB4/8/4W3/5WWW/4WWWW/4WWWW b 1")?;
    /// let late = Position::from_fen("BBBB4/BBBB4/BBBB4/8/4W3/5WWW/4WWWW/4WWWW b 9")?;
    /// assert_ne!(early.key(), late.key());
    /// # Ok::<(), ladya_ugolki::FenError>(())
    /// ```
    #[inline(always)]
    pub fn key(&self) -> u64 {
        self.key ^ number_key(self.number)
    }

    /// The key of the pieces and the side to move, computed from scratch.
    pub(crate) fn compute_key(&self) -> u64 {
        let mut key = if self.side == Side::Black { SIDE_KEY } else { 0 };
        for side in Side::BOTH {
            for square in squares(self.pieces(side)) {
                key ^= piece_key(side, square);
            }
        }
        key
    }

    /// Plays `m`, which must be legal here (as produced by the move generator or the parser).
    /// Unchecked, for the search: an illegal move leaves a position that is not one of the
    /// game (debug builds assert legality); [`Position::play`] is the checked form.
    /// The pass changes only the side to move and the move number.
    ///
    /// # Examples
    ///
    /// ```
    /// use ladya_ugolki::Position;
    ///
    /// let mut pos = Position::start();
    /// let jump = pos.parse_move("e2:e4")?; // over e3
    /// pos.make(jump);
    /// assert_eq!(pos.to_fen(), "BBBB4/BBBB4/BBBB4/8/4W3/4WWWW/5WWW/4WWWW b 1");
    /// # Ok::<(), ladya_ugolki::MoveError>(())
    /// ```
    #[inline(always)]
    pub fn make(&mut self, m: Move) {
        debug_assert!(self.is_legal(m), "make: {m} is not legal in {}", self.to_fen());
        self.apply(m);
    }

    /// Passes the turn, whether or not the side to move has another move: the search's null
    /// move.
    ///
    /// # Examples
    ///
    /// ```
    /// use ladya_ugolki::{Position, Side};
    ///
    /// let mut pos = Position::start();
    /// pos.make_null();
    /// assert_eq!((pos.side_to_move(), pos.occupied()), (Side::Black, Position::start().occupied()));
    /// pos.unmake();
    /// assert_eq!(pos.to_fen(), Position::START_FEN);
    /// ```
    pub fn make_null(&mut self) {
        self.apply(Move::PASS);
    }

    /// [`Position::make`] without the check.
    #[inline(always)]
    fn apply(&mut self, m: Move) {
        let us = self.side;
        self.history.push(Undo { mv: m, key: self.key });
        if !m.is_pass() {
            let (from, to) = (m.from(), m.to());
            self.pieces[us.index()] ^= bit(from) | bit(to);
            self.key ^= piece_key(us, from) ^ piece_key(us, to);
        }
        self.key ^= SIDE_KEY;
        if us == Side::Black {
            self.number += 1;
        }
        self.side = us.opponent();
    }

    /// Takes back the last move; does nothing when there is none.
    ///
    /// # Examples
    ///
    /// ```
    /// use ladya_ugolki::Position;
    ///
    /// let mut pos = Position::start();
    /// pos.play_text("e3-e4")?;
    /// pos.play_text("d6-d5")?;
    /// pos.unmake();
    /// pos.unmake();
    /// assert_eq!(pos.to_fen(), Position::START_FEN);
    /// pos.unmake(); // nothing left to take back
    /// assert_eq!(pos.to_fen(), Position::START_FEN);
    /// # Ok::<(), ladya_ugolki::UgolkiError>(())
    /// ```
    #[inline(always)]
    pub fn unmake(&mut self) {
        let Some(undo) = self.history.pop() else { return };
        self.side = self.side.opponent();
        if self.side == Side::Black {
            self.number -= 1;
        }
        self.key = undo.key;
        if !undo.mv.is_pass() {
            self.pieces[self.side.index()] ^= bit(undo.mv.from()) | bit(undo.mv.to());
        }
    }
}
