//! Legal move generation, kept apart from making moves.
//!
//! One generator, generic over a [`MoveSink`]: it first works out what threatens the side to
//! move's general (see [`Danger`]) and then emits only legal moves, as sets of target squares
//! per piece. One sink builds a move list; the other only counts, which lets perft count its
//! last ply without building moves.
//!
//! Legality is cheap because a xiangqi move can expose its own general in few ways: by leaving
//! a line to a rook, a general or a cannon, by leaving a horse's leg, or by becoming a cannon's
//! screen. A piece that stands on none of those squares and moves to none of them cannot
//! expose its general; only the moves of the remaining pieces, of the general, and every move
//! when in check are tried on the board, with a bitboard attack test and no make/unmake.

use ladya_core::{MoveList, Side};

use crate::board::*;
use crate::moves::Move;
use crate::piece::Kind;
use crate::position::Position;

/// Where the generator puts legal moves, given as sets.
pub(crate) trait MoveSink {
    /// The piece on `from` moves to every square of `targets`.
    fn piece_moves(&mut self, from: Square, targets: Bitboard);
    /// The slider on `from` moves to the files of `rank_targets` on its rank and the ranks of
    /// `file_targets` on its file.
    fn line_moves(&mut self, from: Square, rank_targets: u16, file_targets: u16);
    /// Soldiers reach every square of `targets` from `target - delta`.
    fn shifted_moves(&mut self, targets: Bitboard, delta: i8);
    /// One move.
    fn single(&mut self, from: Square, to: Square);
}

/// Counts the moves it is given.
pub(crate) struct Counter(pub(crate) u64);

impl MoveSink for Counter {
    #[inline(always)]
    fn piece_moves(&mut self, _from: Square, targets: Bitboard) {
        self.0 += targets.count_ones() as u64;
    }
    #[inline(always)]
    fn line_moves(&mut self, _from: Square, rank_targets: u16, file_targets: u16) {
        self.0 += (rank_targets.count_ones() + file_targets.count_ones()) as u64;
    }
    #[inline(always)]
    fn shifted_moves(&mut self, targets: Bitboard, _delta: i8) {
        self.0 += targets.count_ones() as u64;
    }
    #[inline(always)]
    fn single(&mut self, _from: Square, _to: Square) {
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
    fn line_moves(&mut self, from: Square, rank_targets: u16, file_targets: u16) {
        self.piece_moves(from, line_squares(from, rank_targets, file_targets));
    }
    #[inline(always)]
    fn shifted_moves(&mut self, targets: Bitboard, delta: i8) {
        for to in squares(targets) {
            self.push(Move::new((to as i8 - delta) as Square, to));
        }
    }
    #[inline(always)]
    fn single(&mut self, from: Square, to: Square) {
        self.push(Move::new(from, to));
    }
}

/// What threatens a general, found by looking out from its square.
pub(crate) struct Danger {
    /// Enemy pieces giving check.
    pub(crate) checkers: Bitboard,
    /// Squares whose piece, if it left, could expose the general: the lone piece between it
    /// and an enemy rook or general, both pieces between it and an enemy cannon with exactly
    /// two, and occupied legs of enemy horses that would otherwise give check.
    pub(crate) pinned: Bitboard,
    /// Empty squares between the general and an enemy cannon with nothing between: a piece
    /// arriving there becomes the cannon's screen.
    pub(crate) screens: Bitboard,
    /// Where a piece other than the general must move to answer a check: the checker or a
    /// square that blocks it, when a single rook, general, horse or soldier gives check; the
    /// whole board otherwise (no check, or a check that moving a screen away may answer).
    pub(crate) evasions: Bitboard,
}

impl Danger {
    /// The danger to `side`'s general, on `general`, with the board holding `occupied`.
    #[inline(always)]
    pub(crate) fn of(pos: &Position, side: Side, general: Square, occupied: Bitboard) -> Danger {
        let them = side.opponent();
        let enemies = pos.by_side[them.index()];
        let rooklike = (pos.by_kind[Kind::Rook as usize] | pos.by_kind[Kind::General as usize]) & enemies;
        let cannons = pos.by_kind[Kind::Cannon as usize] & enemies;
        let g = general as usize;
        let mut danger = Danger { checkers: 0, pinned: 0, screens: 0, evasions: 0 };
        let mut cannon_check = false;
        for dir in [NORTH, EAST, SOUTH, WEST] {
            let ray = RAYS[dir][g];
            if ray & (rooklike | cannons) == 0 {
                continue;
            }
            let on_ray = ray & occupied;
            let first = nearest(dir, on_ray);
            if first == 0 {
                continue;
            }
            let before_first = ray & !(RAYS[dir][lowest(first) as usize] | first);
            if first & rooklike != 0 {
                danger.checkers |= first;
                danger.evasions |= first | before_first;
                continue;
            }
            if first & cannons != 0 {
                danger.screens |= before_first;
            }
            let rest = on_ray ^ first;
            let second = nearest(dir, rest);
            if second & rooklike != 0 {
                danger.pinned |= first;
            } else if second & cannons != 0 {
                danger.checkers |= second;
                cannon_check = true;
            } else if nearest(dir, rest ^ second) & cannons != 0 {
                danger.pinned |= first | second;
            }
        }
        let horses = pos.by_kind[Kind::Horse as usize] & enemies;
        if HORSE_REACH[g] & horses != 0 {
            for i in 0..4 {
                let sources = HORSE_SOURCES[g][i] & horses;
                if sources != 0 {
                    let leg = bit(HORSE_CHECK_LEGS[g][i]);
                    if occupied & leg == 0 {
                        danger.checkers |= sources;
                        danger.evasions |= sources | leg;
                    } else {
                        danger.pinned |= leg;
                    }
                }
            }
        }
        let soldiers = SOLDIER_SOURCES[them.index()][g] & pos.by_kind[Kind::Soldier as usize] & enemies;
        danger.checkers |= soldiers;
        danger.evasions |= soldiers;
        let single = danger.checkers & danger.checkers.wrapping_sub(1) == 0;
        if danger.checkers == 0 || cannon_check || !single {
            danger.evasions = BOARD;
        }
        danger
    }
}

/// One line (rank or file) through a slider: the pieces on it and what the slider sees.
struct Line {
    own: u16,
    enemy: u16,
    view: LineView,
}

impl Line {
    /// The rank and file through `from`, for a slider of `us`.
    #[inline(always)]
    fn of(pos: &Position, us: Side, from: Square) -> (Line, Line) {
        let (ours, theirs) = (us.index(), us.opponent().index());
        let (file, rank) = (file_of(from) as usize, rank_of(from) as usize);
        let (own, enemy) = (pos.ranks[ours][rank], pos.ranks[theirs][rank]);
        let on_rank = Line { own, enemy, view: RANK_VIEWS[file][(own | enemy) as usize] };
        let (own, enemy) = (pos.files[ours][file], pos.files[theirs][file]);
        let on_file = Line { own, enemy, view: FILE_VIEWS[rank][(own | enemy) as usize] };
        (on_rank, on_file)
    }
}

/// The generator's view of one position, with the sink it fills.
struct Generator<'a, S> {
    pos: &'a Position,
    sink: &'a mut S,
    them: Side,
    general: Square,
    occupied: Bitboard,
    enemies: Bitboard,
    /// Pieces whose every move is tried on the board.
    tested: Bitboard,
    /// Squares no other piece may move to (see [`Danger::screens`]).
    screens: Bitboard,
    /// Squares a tested piece may move to (see [`Danger::evasions`]).
    evasions: Bitboard,
}

impl<S: MoveSink> Generator<'_, S> {
    /// Whether moving the piece on `from` (not the general) to `to` leaves the general safe.
    #[inline(always)]
    fn safe(&self, from: Square, to: Square) -> bool {
        let occupied = (self.occupied ^ bit(from)) | bit(to);
        !self.pos.is_attacked(self.general, self.them, occupied, self.enemies & !bit(to))
    }

    /// Emits the legal moves among those of the slider on `from` to the files `rank_targets` of
    /// its rank and the ranks `file_targets` of its file.
    #[inline(always)]
    fn line_moves(&mut self, from: Square, rank_targets: u16, file_targets: u16) {
        // Line words serve only a piece that needs no test and no screen squares to avoid.
        if (self.tested | self.screens) == 0 || ((self.tested & bit(from)) | self.screens) == 0 {
            self.sink.line_moves(from, rank_targets, file_targets);
        } else {
            self.moves(from, line_squares(from, rank_targets, file_targets));
        }
    }

    /// Emits the legal moves among those of the piece on `from` to `targets`.
    #[inline(always)]
    fn moves(&mut self, from: Square, targets: Bitboard) {
        if self.tested == 0 || self.tested & bit(from) == 0 {
            self.sink.piece_moves(from, targets & !self.screens);
        } else {
            for to in squares(targets & self.evasions) {
                if self.safe(from, to) {
                    self.sink.single(from, to);
                }
            }
        }
    }
}

/// Emits the legal moves of `pos` into `sink`: all of them, or with `NOISY` only captures.
#[inline(always)]
pub(crate) fn generate<S: MoveSink, const NOISY: bool>(pos: &Position, sink: &mut S) {
    let us = pos.side;
    let them = us.opponent();
    let occupied = pos.occupied();
    let own = pos.by_side[us.index()];
    let enemies = pos.by_side[them.index()];
    let general = pos.generals[us.index()];
    let danger = Danger::of(pos, us, general, occupied);
    let reachable = if NOISY { enemies } else { BOARD & !own };
    let tested = if danger.checkers != 0 { own } else { danger.pinned };
    let (screens, evasions) = (danger.screens, danger.evasions);
    let mut g = Generator { pos, sink, them, general, occupied, enemies, tested, screens, evasions };

    // The general, onto squares not attacked once it has left its own.
    let without_general = occupied ^ bit(general);
    for to in squares(GENERAL_STEPS[general as usize] & reachable) {
        if !pos.is_attacked(to, them, without_general | bit(to), enemies & !bit(to)) {
            g.sink.single(general, to);
        }
    }

    // Sliders work on the rank and file words.
    for from in squares(pos.pieces(us, Kind::Rook)) {
        let (rank, file) = Line::of(pos, us, from);
        if NOISY {
            g.line_moves(from, rank.view.slide & rank.enemy, file.view.slide & file.enemy);
        } else {
            g.line_moves(from, rank.view.slide & !rank.own, file.view.slide & !file.own);
        }
    }
    for from in squares(pos.pieces(us, Kind::Cannon)) {
        let (rank, file) = Line::of(pos, us, from);
        let mut on_rank = rank.view.jump & rank.enemy;
        let mut on_file = file.view.jump & file.enemy;
        if !NOISY {
            on_rank |= rank.view.slide & !(rank.own | rank.enemy);
            on_file |= file.view.slide & !(file.own | file.enemy);
        }
        g.line_moves(from, on_rank, on_file);
    }
    for from in squares(pos.pieces(us, Kind::Horse)) {
        let mut targets = 0;
        for (i, &leg) in HORSE_LEGS[from as usize].iter().enumerate() {
            if leg != NO_SQUARE && pos.board[leg as usize].is_none() {
                targets |= HORSE_TARGETS[from as usize][i];
            }
        }
        g.moves(from, targets & reachable);
    }
    for from in squares(pos.pieces(us, Kind::Elephant)) {
        let mut targets = 0;
        for (i, &eye) in ELEPHANT_EYES[from as usize].iter().enumerate() {
            if eye != NO_SQUARE && pos.board[eye as usize].is_none() {
                targets |= ELEPHANT_TARGETS[from as usize][i];
            }
        }
        g.moves(from, targets & reachable);
    }
    for from in squares(pos.pieces(us, Kind::Advisor)) {
        g.moves(from, ADVISOR_STEPS[from as usize] & reachable);
    }

    // Soldiers that need no test move as a set; the others one by one.
    let soldiers = pos.pieces(us, Kind::Soldier);
    let free = soldiers & !tested;
    let targets = reachable & !screens;
    let (forward, delta) = match us {
        Side::White => (free << 9, 9),
        Side::Black => (free >> 9, -9),
    };
    g.sink.shifted_moves(forward & targets, delta);
    let crossed = free & !HOME_HALF[us.index()];
    g.sink.shifted_moves(((crossed & !FILE_A) >> 1) & targets, -1);
    g.sink.shifted_moves(((crossed & !FILE_I) << 1) & targets, 1);
    for from in squares(soldiers & tested) {
        g.moves(from, SOLDIER_STEPS[us.index()][from as usize] & reachable);
    }
}

/// Whether the CPU has the bit instructions [`generate_with_bit_instructions`] is compiled
/// for: POPCNT, LZCNT and TZCNT (BMI1), which every x86-64 processor of the last decade has
/// but the baseline x86-64 target may not assume.
#[cfg(target_arch = "x86_64")]
#[inline(always)]
fn has_bit_instructions() -> bool {
    std::arch::is_x86_feature_detected!("popcnt")
        && std::arch::is_x86_feature_detected!("lzcnt")
        && std::arch::is_x86_feature_detected!("bmi1")
}

/// [`generate`] compiled to use POPCNT, LZCNT and TZCNT: counting target squares, finding the
/// nearest piece on a ray and walking bitboards are each one instruction instead of a dozen.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "popcnt,lzcnt,bmi1")]
fn generate_with_bit_instructions<S: MoveSink, const NOISY: bool>(pos: &Position, sink: &mut S) {
    generate::<S, NOISY>(pos, sink)
}

/// Runs the generator, with the bit instructions when the CPU has them.
#[inline(always)]
fn run<S: MoveSink, const NOISY: bool>(pos: &Position, sink: &mut S) {
    #[cfg(target_arch = "x86_64")]
    if has_bit_instructions() {
        // SAFETY: the function is compiled for exactly the features just checked to be present.
        unsafe { generate_with_bit_instructions::<S, NOISY>(pos, sink) };
        return;
    }
    generate::<S, NOISY>(pos, sink)
}

impl Position {
    /// Appends every legal move to `out`.
    pub fn append_legal_moves(&self, out: &mut MoveList<Move>) {
        run::<_, false>(self, out);
    }

    /// Appends the legal captures to `out`.
    pub fn noisy_moves(&self, out: &mut MoveList<Move>) {
        run::<_, true>(self, out);
    }

    /// The number of legal moves, counted without building them.
    pub fn count_legal_moves(&self) -> u64 {
        let mut counter = Counter(0);
        run::<_, false>(self, &mut counter);
        counter.0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Counts the leaves below `pos` to `depth` with the portable build of the generator.
    fn portable_perft(pos: &mut Position, depth: u32) -> u64 {
        let mut counter = Counter(0);
        generate::<_, false>(pos, &mut counter);
        if depth == 1 {
            return counter.0;
        }
        let mut moves = MoveList::new();
        generate::<_, false>(pos, &mut moves);
        assert_eq!(moves.len() as u64, counter.0);
        let mut nodes = 0;
        for &m in moves.iter() {
            pos.make(m);
            nodes += portable_perft(pos, depth - 1);
            pos.unmake();
        }
        nodes
    }

    #[test]
    fn the_portable_build_agrees() {
        // The tests elsewhere run the build with bit instructions wherever the CPU has them.
        let mut pos = Position::start();
        assert_eq!(portable_perft(&mut pos, 3), 79_666);
        let mut pos =
            Position::from_fen("1rbaka2R/5r3/6n2/2p1p1p2/4P1bP1/PpC3Bc1/1nPR2P2/2N2AN2/1c2K1p2/2BAC4 w").unwrap();
        assert_eq!(portable_perft(&mut pos, 3), 100_326);
    }
}
