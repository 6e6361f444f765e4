//! Legal move generation, kept apart from making moves (seed 000).
//!
//! One generator, generic over a [`MoveSink`]: it finds checkers and pinned pieces first and
//! emits only legal moves, as sets of target squares per piece. One sink builds a move list;
//! the other only counts, which lets perft count its last ply without building moves.

use ladya_core::{MoveList, Side};

use crate::board::*;
use crate::moves::{CAPTURE, CASTLE_KING, CASTLE_QUEEN, DOUBLE_PUSH, EN_PASSANT, Move, PROMOTION, QUIET};
use crate::piece::Kind;
use crate::position::{CastlingRules, CheckTargets, NO_SQUARE, Position};

/// Where the generator puts legal moves, given as sets.
pub(crate) trait MoveSink {
    /// A piece on `from` moves to every square of `targets`; those in `enemies` are captures.
    fn piece_moves(&mut self, from: Square, targets: Bitboard, enemies: Bitboard);
    /// Pawns reach every square of `targets` from `target - delta`, all with move flag `flag`.
    fn pawn_moves(&mut self, targets: Bitboard, delta: i8, flag: u16);
    /// Pawns promote on every square of `targets` from `target - delta`, to each of four pieces.
    fn promotions(&mut self, targets: Bitboard, delta: i8, capture: bool);
    /// One move given in full (castling, en passant).
    fn single(&mut self, m: Move);
    /// Of `targets`, the squares the king on `king` may move to that the sink could want:
    /// only those are tested for safety.
    #[inline(always)]
    fn king_candidates(&self, _king: Square, targets: Bitboard) -> Bitboard {
        targets
    }
    /// Whether the sink has all it wants, so that the generator may stop early.
    #[inline(always)]
    fn enough(&self) -> bool {
        false
    }
}

/// Notes whether there is a legal move at all, the king's steps left out (looked at before
/// the generator starts, see [`Position::has_legal_move`]).
struct AnyMove(bool);

impl MoveSink for AnyMove {
    #[inline(always)]
    fn king_candidates(&self, _king: Square, _targets: Bitboard) -> Bitboard {
        0
    }
    #[inline(always)]
    fn piece_moves(&mut self, _from: Square, targets: Bitboard, _enemies: Bitboard) {
        self.0 |= targets != 0;
    }
    #[inline(always)]
    fn pawn_moves(&mut self, targets: Bitboard, _delta: i8, _flag: u16) {
        self.0 |= targets != 0;
    }
    #[inline(always)]
    fn promotions(&mut self, targets: Bitboard, _delta: i8, _capture: bool) {
        self.0 |= targets != 0;
    }
    #[inline(always)]
    fn single(&mut self, _m: Move) {
        self.0 = true;
    }
    #[inline(always)]
    fn enough(&self) -> bool {
        self.0
    }
}

/// Counts the moves it is given.
pub(crate) struct Counter(pub(crate) u64);

impl MoveSink for Counter {
    #[inline(always)]
    fn piece_moves(&mut self, _from: Square, targets: Bitboard, _enemies: Bitboard) {
        self.0 += targets.count_ones() as u64;
    }
    #[inline(always)]
    fn pawn_moves(&mut self, targets: Bitboard, _delta: i8, _flag: u16) {
        self.0 += targets.count_ones() as u64;
    }
    #[inline(always)]
    fn promotions(&mut self, targets: Bitboard, _delta: i8, _capture: bool) {
        self.0 += 4 * targets.count_ones() as u64;
    }
    #[inline(always)]
    fn single(&mut self, _m: Move) {
        self.0 += 1;
    }
}

impl MoveSink for MoveList<Move> {
    #[inline(always)]
    fn piece_moves(&mut self, from: Square, targets: Bitboard, enemies: Bitboard) {
        for to in squares(targets & enemies) {
            self.push(Move::with_flag(from, to, CAPTURE));
        }
        for to in squares(targets & !enemies) {
            self.push(Move::with_flag(from, to, QUIET));
        }
    }
    #[inline(always)]
    fn pawn_moves(&mut self, targets: Bitboard, delta: i8, flag: u16) {
        for to in squares(targets) {
            self.push(Move::with_flag((to as i8 - delta) as Square, to, flag));
        }
    }
    #[inline(always)]
    fn promotions(&mut self, targets: Bitboard, delta: i8, capture: bool) {
        let base = if capture { PROMOTION | CAPTURE } else { PROMOTION };
        for to in squares(targets) {
            let from = (to as i8 - delta) as Square;
            // Queen first: the promotion searched first should be the likely best.
            for piece in [3, 0, 2, 1] {
                self.push(Move::with_flag(from, to, base | piece));
            }
        }
    }
    #[inline(always)]
    fn single(&mut self, m: Move) {
        self.push(m);
    }
}

/// Keeps only the moves that give check, in a move list.
struct ChecksOnly<'a> {
    pos: &'a Position,
    targets: CheckTargets,
    out: &'a mut MoveList<Move>,
}

impl ChecksOnly<'_> {
    /// Drops the moves from `start` on that give no check, each tested alone (promotions,
    /// castling, en passant: rare).
    #[inline(never)]
    fn keep_checks_from(&mut self, start: usize) {
        let mut i = start;
        while i < self.out.len() {
            if self.pos.gives_check(self.out[i]) {
                i += 1;
            } else {
                self.out.swap_remove(i);
            }
        }
    }
}

impl MoveSink for ChecksOnly<'_> {
    /// A king gives check only by uncovering one, off its line to the enemy king.
    #[inline(always)]
    fn king_candidates(&self, king: Square, targets: Bitboard) -> Bitboard {
        self.targets.checking_targets(Kind::King, king, targets)
    }
    #[inline(always)]
    fn piece_moves(&mut self, from: Square, targets: Bitboard, enemies: Bitboard) {
        let kind = self.pos.board[from as usize].kind();
        self.out.piece_moves(from, self.targets.checking_targets(kind, from, targets), enemies);
    }
    #[inline(always)]
    fn pawn_moves(&mut self, targets: Bitboard, delta: i8, flag: u16) {
        let mut checking = 0;
        for to in squares(targets) {
            checking |= self.targets.checking_targets(Kind::Pawn, (to as i8 - delta) as Square, bit(to));
        }
        self.out.pawn_moves(checking, delta, flag);
    }
    /// Called three times per generation, mostly with no target: only a promotion is tested
    /// out of line.
    #[inline(always)]
    fn promotions(&mut self, targets: Bitboard, delta: i8, capture: bool) {
        if targets != 0 {
            let start = self.out.len();
            self.out.promotions(targets, delta, capture);
            self.keep_checks_from(start);
        }
    }
    fn single(&mut self, m: Move) {
        if self.pos.gives_check(m) {
            self.out.push(m);
        }
    }
}

/// Emits the legal moves of `pos` into `sink`: all of them, or with `NOISY` only captures
/// and promotions.
#[inline(always)]
pub(crate) fn generate<S: MoveSink, const NOISY: bool>(pos: &Position, sink: &mut S) {
    let us = pos.side;
    let them = us.opponent();
    let occupied = pos.occupied();
    let own = pos.by_side[us.index()];
    let enemies = pos.by_side[them.index()];
    let king = pos.king_square(us);
    let checkers = pos.attackers_to(king, occupied) & enemies;
    let reachable = if NOISY { enemies } else { !own };

    // The king, onto squares the enemy does not attack once the king has left its square.
    let without_king = occupied ^ bit(king);
    let mut king_targets = 0;
    for to in squares(sink.king_candidates(king, KING_ATTACKS[king as usize] & reachable)) {
        if !pos.is_attacked(to, them, without_king) {
            king_targets |= bit(to);
        }
    }
    sink.piece_moves(king, king_targets, enemies);
    if more_than_one(checkers) || sink.enough() {
        return;
    }

    // Other pieces must capture or block a single checker.
    let check_mask = if checkers == 0 { !0 } else { between(king, lowest(checkers)) | checkers };
    let targets = reachable & check_mask;
    let pinned = pinned_pieces(pos, us, king, occupied);

    let knights = pos.pieces(us, Kind::Knight) & !pinned;
    for from in squares(knights) {
        sink.piece_moves(from, KNIGHT_ATTACKS[from as usize] & targets, enemies);
    }
    let queens = pos.pieces(us, Kind::Queen);
    let diagonal = pos.pieces(us, Kind::Bishop) | queens;
    let straight = pos.pieces(us, Kind::Rook) | queens;
    for from in squares(diagonal & !pinned) {
        sink.piece_moves(from, bishop_attacks(from, occupied) & targets, enemies);
    }
    for from in squares(straight & !pinned) {
        sink.piece_moves(from, rook_attacks(from, occupied) & targets, enemies);
    }
    if sink.enough() {
        return;
    }
    let pawns = pos.pieces(us, Kind::Pawn);
    pawn_moves::<S, NOISY>(sink, us, pawns & !pinned, occupied, enemies, check_mask);

    // A pinned piece can only move along its pin, and never while in check (moving along
    // the pin line cannot reach a checker or block it).
    if checkers == 0 && pinned != 0 {
        for from in squares(diagonal & pinned) {
            sink.piece_moves(from, bishop_attacks(from, occupied) & targets & line(king, from), enemies);
        }
        for from in squares(straight & pinned) {
            sink.piece_moves(from, rook_attacks(from, occupied) & targets & line(king, from), enemies);
        }
        for from in squares(pawns & pinned) {
            pawn_moves::<S, NOISY>(sink, us, bit(from), occupied, enemies, line(king, from));
        }
    }

    if pos.en_passant != NO_SQUARE {
        en_passant(pos, sink, us, king, occupied);
    }
    if !NOISY && checkers == 0 {
        castling(pos, sink, us, king, occupied);
    }
}

/// Pieces of `us` that stand alone between their king and an enemy slider.
#[inline(always)]
fn pinned_pieces(pos: &Position, us: Side, king: Square, occupied: Bitboard) -> Bitboard {
    let them = us.opponent();
    let enemies = pos.by_side[them.index()];
    let queens = pos.pieces(them, Kind::Queen);
    let snipers = (rook_attacks(king, enemies) & (pos.pieces(them, Kind::Rook) | queens))
        | (bishop_attacks(king, enemies) & (pos.pieces(them, Kind::Bishop) | queens));
    let own = pos.by_side[us.index()];
    let mut pinned = 0;
    for sniper in squares(snipers) {
        let blockers = between(king, sniper) & occupied;
        if !more_than_one(blockers) {
            pinned |= blockers & own;
        }
    }
    pinned
}

/// Pushes, double pushes, captures and promotions of the pawns `pawns`, landing only on
/// squares of `mask`.
#[inline(always)]
fn pawn_moves<S: MoveSink, const NOISY: bool>(
    sink: &mut S,
    us: Side,
    pawns: Bitboard,
    occupied: Bitboard,
    enemies: Bitboard,
    mask: Bitboard,
) {
    let (up, last_rank, double_rank) = match us {
        Side::White => (8i8, RANK_8, RANK_3),
        Side::Black => (-8i8, RANK_1, RANK_6),
    };
    let empty = !occupied;
    let single = forward(pawns, us) & empty;
    let captures_west = (forward(pawns & !FILE_A, us) >> 1) & enemies & mask;
    let captures_east = (forward(pawns & !FILE_H, us) << 1) & enemies & mask;
    let pushes = single & mask;

    sink.promotions(pushes & last_rank, up, false);
    sink.promotions(captures_west & last_rank, up - 1, true);
    sink.promotions(captures_east & last_rank, up + 1, true);
    sink.pawn_moves(captures_west & !last_rank, up - 1, CAPTURE);
    sink.pawn_moves(captures_east & !last_rank, up + 1, CAPTURE);
    if !NOISY {
        let doubles = forward(single & double_rank, us) & empty & mask;
        sink.pawn_moves(pushes & !last_rank, up, QUIET);
        sink.pawn_moves(doubles, 2 * up, DOUBLE_PUSH);
    }
}

/// En-passant captures, each tried on the board: taking two pawns off one rank can expose
/// the king to a rook, and the capture must also deal with any check.
#[inline(never)]
fn en_passant<S: MoveSink>(pos: &Position, sink: &mut S, us: Side, king: Square, occupied: Bitboard) {
    let to = pos.en_passant;
    let victim = to ^ 8;
    let enemies = pos.by_side[us.opponent().index()] ^ bit(victim);
    for from in squares(PAWN_ATTACKS[us.opponent().index()][to as usize] & pos.pieces(us, Kind::Pawn)) {
        let after = occupied ^ bit(from) ^ bit(victim) ^ bit(to);
        if pos.attackers_to(king, after) & enemies == 0 {
            sink.single(Move::with_flag(from, to, EN_PASSANT));
        }
    }
}

/// Castling (Chess960 rules, which include the standard ones), each right in turn: White's
/// rights 0 and 1, Black's 2 and 3, as constants so that each test is a single load.
#[inline(always)]
fn castling<S: MoveSink>(pos: &Position, sink: &mut S, us: Side, king: Square, occupied: Bitboard) {
    match us {
        Side::White => {
            castle::<S, 0>(pos, sink, king, occupied);
            castle::<S, 1>(pos, sink, king, occupied);
        }
        Side::Black => {
            castle::<S, 2>(pos, sink, king, occupied);
            castle::<S, 3>(pos, sink, king, occupied);
        }
    }
}

/// Castling with right `INDEX`: the right kept, the squares between the king and its
/// destination and between the rook and its destination empty but for the two of them, and no
/// square the king crosses or lands on attacked (its own square is checked by the caller). The
/// castling rook is taken off the board for the attack test, since it may stand between the
/// king's destination and an enemy rook or queen.
#[inline(always)]
fn castle<S: MoveSink, const INDEX: usize>(pos: &Position, sink: &mut S, king: Square, occupied: Bitboard) {
    let rules = &pos.castling_rules;
    if pos.castling & (1 << INDEX) == 0 || occupied & rules.empty[INDEX] != 0 {
        return;
    }
    let them = if INDEX < 2 { Side::Black } else { Side::White };
    let without_rook = occupied ^ bit(rules.rook[INDEX]);
    let mut path = rules.safe[INDEX];
    while path != 0 {
        if pos.is_attacked(lowest(path), them, without_rook) {
            return;
        }
        path &= path - 1;
    }
    let king_to = CastlingRules::destinations(INDEX, king & 56).0;
    sink.single(Move::with_flag(
        king,
        king_to,
        if CastlingRules::king_side(INDEX) { CASTLE_KING } else { CASTLE_QUEEN },
    ));
}

impl Position {
    /// Appends every legal move to `out`.
    ///
    /// # Examples
    ///
    /// ```
    /// use ladya_chess::{MoveList, Position};
    ///
    /// let pos = Position::start();
    /// let mut moves = MoveList::new();
    /// pos.append_legal_moves(&mut moves);
    /// assert_eq!(moves.len(), 20);
    /// ```
    pub fn append_legal_moves(&self, out: &mut MoveList<Move>) {
        generate::<_, false>(self, out);
    }

    /// Appends the legal captures (en passant included) and promotions to `out`.
    ///
    /// # Examples
    ///
    /// ```
    /// use ladya_chess::{MoveList, Position};
    ///
    /// // The pawn on b7 promotes on b8 or takes the rook on c8, each time to one of four pieces.
    /// let pos = Position::from_fen("2rq3k/1P6/8/8/8/8/8/K7 w - - 0 1")?;
    /// let mut noisy = MoveList::new();
    /// pos.noisy_moves(&mut noisy);
    /// assert_eq!(noisy.len(), 8);
    /// # Ok::<(), ladya_chess::FenError>(())
    /// ```
    pub fn noisy_moves(&self, out: &mut MoveList<Move>) {
        generate::<_, true>(self, out);
    }

    /// The number of legal moves, counted without building them.
    ///
    /// # Examples
    ///
    /// ```
    /// use ladya_chess::Position;
    ///
    /// // Position 3 of the Chess Programming Wiki's perft results.
    /// let pos = Position::from_fen("8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1")?;
    /// assert_eq!(pos.count_legal_moves(), 14);
    /// # Ok::<(), ladya_chess::FenError>(())
    /// ```
    pub fn count_legal_moves(&self) -> u64 {
        let mut counter = Counter(0);
        generate::<_, false>(self, &mut counter);
        counter.0
    }

    /// Appends the legal moves that give check to `out`: the generator keeps, per piece, only
    /// the target squares that check ([`Position::gives_check`] for each, without a test per
    /// move).
    ///
    /// # Examples
    ///
    /// ```
    /// use ladya_chess::{MoveList, Position};
    ///
    /// let pos = Position::from_fen("4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1")?;
    /// let mut checks = MoveList::new();
    /// pos.append_checks(&mut checks);
    /// let mut san: Vec<String> = checks.iter().map(|&m| pos.human_move(m)).collect();
    /// san.sort();
    /// assert_eq!(san, ["Ra8+", "Rh8+"]);
    /// # Ok::<(), ladya_chess::FenError>(())
    /// ```
    pub fn append_checks(&self, out: &mut MoveList<Move>) {
        let mut sink = ChecksOnly { pos: self, targets: CheckTargets::new(self), out };
        generate::<_, false>(self, &mut sink);
    }

    /// Whether the side to move has a legal move: the king's steps are looked at first, up to
    /// the first safe one, and the generator stops at the first group of other moves it finds.
    ///
    /// # Examples
    ///
    /// ```
    /// use ladya_chess::Position;
    ///
    /// assert!(Position::start().has_legal_move());
    /// assert!(!Position::from_fen("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1")?.has_legal_move()); // stalemate
    /// # Ok::<(), ladya_chess::FenError>(())
    /// ```
    pub fn has_legal_move(&self) -> bool {
        let us = self.side;
        let king = self.king_square(us);
        let without_king = self.occupied() ^ bit(king);
        for to in squares(KING_ATTACKS[king as usize] & !self.by_side[us.index()]) {
            if !self.is_attacked(to, us.opponent(), without_king) {
                return true;
            }
        }
        let mut any = AnyMove(false);
        generate::<_, false>(self, &mut any);
        any.0
    }
}
