//! Static evaluation of chess positions.
//!
//! Material and piece-square values are kept up to date by make and unmake (the position's
//! `psqt` field, from [`piece_square_value`]); everything else is computed from bitboards at each call:
//! mobility, king safety, pawn structure, passed pawns, threats, bishop pair and rooks on
//! open files. Every term is a middlegame/endgame [`Tapered`] blended by the game phase, and
//! every weight is in [`crate::weights`].

use ladya_core::{Score, Side};

use crate::board::*;
use crate::piece::Kind;
use crate::position::Position;
use crate::weights::{PHASE_MAX, WEIGHTS, piece_square_value};
use ladya_core::Tapered;

/// The files, a to h.
const FILES: [Bitboard; 8] = {
    let mut files = [0; 8];
    let mut f = 0;
    while f < 8 {
        files[f] = FILE_A << f;
        f += 1;
    }
    files
};

/// The files beside each file.
const ADJACENT_FILES: [Bitboard; 8] = {
    let mut adjacent = [0; 8];
    let mut f = 0;
    while f < 8 {
        if f > 0 {
            adjacent[f] |= FILES[f - 1];
        }
        if f < 7 {
            adjacent[f] |= FILES[f + 1];
        }
        f += 1;
    }
    adjacent
};

/// The ranks strictly in front of each rank, as seen by each side: `[side][rank]`.
const AHEAD: [[Bitboard; 8]; 2] = {
    let mut ahead = [[0; 8]; 2];
    let mut r = 0;
    while r < 8 {
        ahead[0][r] = if r == 7 { 0 } else { !0u64 << (8 * (r + 1)) };
        ahead[1][r] = (1u64 << (8 * r)) - 1;
        r += 1;
    }
    ahead
};

/// Per-square masks, `[side][square]`: the file in front of the square, and the files beside
/// it too (where an enemy pawn would stop a passed pawn).
const SPANS: ([[Bitboard; 64]; 2], [[Bitboard; 64]; 2]) = {
    let mut front = [[0; 64]; 2];
    let mut passed = [[0; 64]; 2];
    let mut side = 0;
    while side < 2 {
        let mut s = 0;
        while s < 64 {
            let ahead = AHEAD[side][s / 8];
            front[side][s] = FILES[s % 8] & ahead;
            passed[side][s] = (FILES[s % 8] | ADJACENT_FILES[s % 8]) & ahead;
            s += 1;
        }
        side += 1;
    }
    (front, passed)
};

/// A king's zone, `[side][square]`: its square, its neighbours and the rank in front of
/// those.
const KING_ZONE: [[Bitboard; 64]; 2] = {
    let mut zone = [[0; 64]; 2];
    let mut s = 0;
    while s < 64 {
        let (f, r) = ((s % 8) as i32, (s / 8) as i32);
        let mut ring = 0u64;
        let mut df = -1;
        while df <= 1 {
            let mut dr = -1;
            while dr <= 1 {
                let (nf, nr) = (f + df, r + dr);
                if nf >= 0 && nf < 8 && nr >= 0 && nr < 8 {
                    ring |= 1u64 << (nr * 8 + nf);
                }
                dr += 1;
            }
            df += 1;
        }
        zone[0][s] = ring | ring << 8;
        zone[1][s] = ring | ring >> 8;
        s += 1;
    }
    zone
};

/// King steps between two squares (the larger of the file and rank distances).
const DISTANCE: [[u8; 64]; 64] = {
    let mut distance = [[0; 64]; 64];
    let mut a = 0;
    while a < 64 {
        let mut b = 0;
        while b < 64 {
            let df = (a % 8) as i32 - (b % 8) as i32;
            let dr = (a / 8) as i32 - (b / 8) as i32;
            let (df, dr) = (if df < 0 { -df } else { df }, if dr < 0 { -dr } else { dr });
            distance[a][b] = if df > dr { df } else { dr } as u8;
            b += 1;
        }
        a += 1;
    }
    distance
};

#[inline(always)]
fn distance(a: Square, b: Square) -> Score {
    DISTANCE[a as usize][b as usize] as Score
}

/// A square's rank as seen from `side` (0 = its first rank).
#[inline(always)]
fn relative_rank(side: Side, square: Square) -> usize {
    (rank_of(square) ^ (7 * side as u8)) as usize
}

/// The square of `b` nearest to `side`'s first rank (`b` not empty).
#[inline(always)]
fn nearest(side: Side, b: Bitboard) -> Square {
    match side {
        Side::White => lowest(b),
        Side::Black => 63 - b.leading_zeros() as Square,
    }
}

/// What the evaluation of one position gathers on its way: shared sets, and the attacks of
/// each side that king safety reads after both sides' pieces were seen.
struct Evaluation<'a> {
    pos: &'a Position,
    occupied: Bitboard,
    pawns: [Bitboard; 2],
    pawn_attacks: [Bitboard; 2],
    kings: [Square; 2],
    /// Squares attacked by each side's pieces of each kind.
    attacked: [[Bitboard; 6]; 2],
    /// Squares attacked by each side.
    attacked_all: [Bitboard; 2],
    /// Attack units of each side against the enemy king's zone.
    zone_units: [Score; 2],
    /// Pieces of each side that attack the enemy king's zone.
    zone_attackers: [Score; 2],
}

impl<'a> Evaluation<'a> {
    fn new(pos: &'a Position) -> Self {
        let pawns = [pos.pieces(Side::White, Kind::Pawn), pos.pieces(Side::Black, Kind::Pawn)];
        let pawn_attacks = [pawn_attacks_set(pawns[0], Side::White), pawn_attacks_set(pawns[1], Side::Black)];
        let kings = [pos.king_square(Side::White), pos.king_square(Side::Black)];
        let mut attacked = [[0; 6]; 2];
        for side in Side::BOTH {
            attacked[side.index()][Kind::Pawn as usize] = pawn_attacks[side.index()];
            attacked[side.index()][Kind::King as usize] = KING_ATTACKS[kings[side.index()] as usize];
        }
        Evaluation {
            pos,
            occupied: pos.occupied(),
            pawns,
            pawn_attacks,
            kings,
            attacked,
            attacked_all: [0; 2],
            zone_units: [0; 2],
            zone_attackers: [0; 2],
        }
    }

    /// Mobility and king-zone attacks of `us`'s pieces of one kind, recording their attacks.
    #[inline(always)]
    fn pieces_of_kind(
        &mut self,
        us: Side,
        kind: Kind,
        mobility: &[Tapered],
        attacks_of: impl Fn(Square, Bitboard) -> Bitboard,
    ) -> Tapered {
        let them = us.opponent();
        let area = !(self.pawns[us.index()] | bit(self.kings[us.index()])) & !self.pawn_attacks[them.index()];
        let zone = KING_ZONE[them.index()][self.kings[them.index()] as usize];
        let mut total = Tapered::ZERO;
        for square in squares(self.pos.pieces(us, kind)) {
            let attacks = attacks_of(square, self.occupied);
            self.attacked[us.index()][kind as usize] |= attacks;
            total += mobility[(attacks & area).count_ones() as usize];
            let hits = attacks & zone;
            if hits != 0 {
                self.zone_attackers[us.index()] += 1;
                self.zone_units[us.index()] += WEIGHTS.king_zone_attack[kind as usize] * hits.count_ones() as Score;
            }
        }
        total
    }

    /// `us`'s pieces: mobility, rooks on open files, bishop pair and pawn threats.
    fn pieces(&mut self, us: Side) -> Tapered {
        let w = &WEIGHTS;
        let them = us.opponent();
        let mut total = self.pieces_of_kind(us, Kind::Knight, &w.knight_mobility, |s, _| KNIGHT_ATTACKS[s as usize])
            + self.pieces_of_kind(us, Kind::Bishop, &w.bishop_mobility, bishop_attacks)
            + self.pieces_of_kind(us, Kind::Rook, &w.rook_mobility, rook_attacks)
            + self.pieces_of_kind(us, Kind::Queen, &w.queen_mobility, queen_attacks);
        let attacked = &self.attacked[us.index()];
        self.attacked_all[us.index()] = attacked.iter().fold(0, |all, &a| all | a);

        for square in squares(self.pos.pieces(us, Kind::Rook)) {
            let file = FILES[file_of(square) as usize];
            if file & self.pawns[us.index()] == 0 {
                total += if file & self.pawns[them.index()] == 0 { w.rook_open_file } else { w.rook_half_open_file };
            }
        }
        if more_than_one(self.pos.pieces(us, Kind::Bishop)) {
            total += w.bishop_pair;
        }
        let targets = self.pos.side_set(them) & !self.pawns[them.index()] & !bit(self.kings[them.index()]);
        total + w.pawn_threat * (self.pawn_attacks[us.index()] & targets).count_ones() as Score
    }

    /// The safety of `us`'s king: pawn shield and storm on its file and the neighbouring
    /// ones, and the danger from enemy pieces attacking its zone or able to check safely.
    fn king_safety(&self, us: Side) -> Tapered {
        let w = &WEIGHTS;
        let them = us.opponent();
        let king = self.kings[us.index()];
        let ahead = AHEAD[us.index()][rank_of(king) as usize];
        let king_rank = relative_rank(us, king) as Score;
        let centre = file_of(king).clamp(1, 6) as usize;
        let mut total = Tapered::ZERO;
        for file in &FILES[centre - 1..=centre + 1] {
            let own = self.pawns[us.index()] & file & ahead;
            let shield = if own == 0 { 0 } else { relative_rank(us, nearest(us, own)) as Score - king_rank };
            total += w.king_shield[if shield <= 3 { shield as usize } else { 0 }];
            let theirs = self.pawns[them.index()] & file & ahead;
            let storm = if theirs == 0 { 0 } else { relative_rank(us, nearest(us, theirs)) as Score - king_rank };
            total += w.king_storm[if storm <= 4 { storm as usize } else { 0 }];
        }

        if self.zone_attackers[them.index()] < 2 {
            return total;
        }
        let enemy = &self.attacked[them.index()];
        let safe = !self.attacked_all[us.index()] & !self.pos.side_set(them);
        let diagonal = bishop_attacks(king, self.occupied);
        let straight = rook_attacks(king, self.occupied);
        let checks = [
            (Kind::Knight, KNIGHT_ATTACKS[king as usize]),
            (Kind::Bishop, diagonal),
            (Kind::Rook, straight),
            (Kind::Queen, diagonal | straight),
        ];
        let mut units = self.zone_units[them.index()];
        for (kind, from) in checks {
            if from & enemy[kind as usize] & safe != 0 {
                units += w.safe_check[kind as usize];
            }
        }
        let units = units.min(w.king_danger_cap);
        let danger = units * units;
        total - Tapered::new(w.king_danger.mg() * danger / 256, w.king_danger.eg() * danger / 256)
    }

    /// `us`'s pawns: doubled, isolated, backward, connected and passed pawns.
    fn pawns(&self, us: Side) -> Tapered {
        let w = &WEIGHTS;
        let them = us.opponent();
        let own = self.pawns[us.index()];
        let enemy = self.pawns[them.index()];
        let enemy_pieces = self.pos.side_set(them) & !enemy & !bit(self.kings[them.index()]);
        let (front_spans, passed_spans) = (&SPANS.0[us.index()], &SPANS.1[us.index()]);
        let mut total = Tapered::ZERO;
        let mut unstoppable = false;
        for square in squares(own) {
            let (file, rank) = (file_of(square) as usize, relative_rank(us, square));
            let front = front_spans[square as usize];
            let stop = forward(bit(square), us);
            let neighbours = own & ADJACENT_FILES[file];
            let doubled = front & own != 0;
            if doubled {
                total += w.doubled_pawn;
            }
            if neighbours == 0 {
                total += w.isolated_pawn;
            } else if neighbours & !AHEAD[us.index()][rank_of(square) as usize] == 0
                && stop & self.pawn_attacks[them.index()] != 0
            {
                total += w.backward_pawn;
            }
            let defended = PAWN_ATTACKS[them.index()][square as usize] & own != 0;
            let beside = neighbours & (RANK_1 << (8 * rank_of(square))) != 0;
            if defended || beside {
                total += w.connected_pawn[rank];
            }
            if doubled || passed_spans[square as usize] & enemy != 0 {
                continue;
            }
            total += w.passed_pawn[rank];
            let free = front & self.occupied == 0;
            if free {
                total += w.passed_free_path[rank];
            }
            let stop_square = lowest(stop);
            total += w.passed_own_king_distance[rank] * distance(self.kings[us.index()], stop_square)
                + w.passed_enemy_king_distance[rank] * distance(self.kings[them.index()], stop_square);
            if free && enemy_pieces == 0 && !unstoppable {
                // The rule of the square: can the enemy king reach the promotion square in time?
                let promotion = square_at(file as u8, if us == Side::White { 7 } else { 0 });
                let pawn_moves = (7 - rank as Score).min(5);
                let king_moves = distance(self.kings[them.index()], promotion) - (self.pos.side == them) as Score;
                unstoppable = king_moves > pawn_moves;
            }
        }
        if unstoppable {
            total += w.unstoppable_passer;
        }
        total
    }

    /// The endgame scale (out of 64) for positions hard to win despite the score: opposite
    /// bishops, or a pawnless side ahead by no more than a minor piece.
    fn endgame_scale(&self, eg: Score) -> Score {
        let w = &WEIGHTS;
        let pos = self.pos;
        let strong = if eg > 0 { Side::White } else { Side::Black };
        let value = |kind: Kind| w.material[kind as usize].mg();
        let non_pawn = |side: Side| -> Score {
            [Kind::Knight, Kind::Bishop, Kind::Rook, Kind::Queen]
                .iter()
                .map(|&k| value(k) * pos.pieces(side, k).count_ones() as Score)
                .sum()
        };
        if self.pawns[strong.index()] == 0 && non_pawn(strong) - non_pawn(strong.opponent()) <= value(Kind::Bishop) {
            return w.pawnless_scale;
        }
        let bishops = [pos.pieces(Side::White, Kind::Bishop), pos.pieces(Side::Black, Kind::Bishop)];
        let others = pos.kind_set(Kind::Knight) | pos.kind_set(Kind::Rook) | pos.kind_set(Kind::Queen);
        if others == 0
            && bishops[0].count_ones() == 1
            && bishops[1].count_ones() == 1
            && (bishops[0] & DARK_SQUARES == 0) != (bishops[1] & DARK_SQUARES == 0)
        {
            return w.opposite_bishops_scale;
        }
        64
    }
}

impl Position {
    /// The material and piece-square score from White's point of view, as make and unmake
    /// keep it.
    #[inline(always)]
    pub fn psqt(&self) -> Tapered {
        self.psqt
    }

    /// The material and piece-square score computed from scratch, to check the incremental
    /// one.
    pub fn compute_psqt(&self) -> Tapered {
        squares(self.occupied()).fold(Tapered::ZERO, |sum, s| sum + piece_square_value(self.board[s as usize], s))
    }

    /// The game phase: [`PHASE_MAX`] with all pieces on the board, 0 with kings and pawns
    /// only.
    ///
    /// # Examples
    ///
    /// ```
    /// use ladya_chess::Position;
    /// use ladya_chess::weights::PHASE_MAX;
    ///
    /// assert_eq!(Position::start().phase(), PHASE_MAX);
    /// assert_eq!(Position::from_fen("4k3/pppp4/8/8/8/8/4PPPP/4K3 w - - 0 1")?.phase(), 0);
    /// # Ok::<(), ladya_chess::FenError>(())
    /// ```
    pub fn phase(&self) -> Score {
        let phase: Score =
            Kind::ALL.iter().map(|&k| WEIGHTS.phase[k as usize] * self.kind_set(k).count_ones() as Score).sum();
        phase.min(PHASE_MAX)
    }

    /// The static evaluation in centipawns, from the side to move's point of view.
    ///
    /// # Examples
    ///
    /// ```
    /// use ladya_chess::Position;
    ///
    /// // A queen up: far ahead for White, as far behind for Black in the mirrored position.
    /// let pos = Position::from_fen("4k3/8/8/8/8/8/8/3QK3 w - - 0 1")?;
    /// assert!(pos.evaluate() > 500);
    /// assert_eq!(pos.mirrored().evaluate(), pos.evaluate());
    /// # Ok::<(), ladya_chess::FenError>(())
    /// ```
    pub fn evaluate(&self) -> Score {
        let mut e = Evaluation::new(self);
        let mut total = self.psqt;
        total += e.pieces(Side::White) - e.pieces(Side::Black);
        total += e.king_safety(Side::White) - e.king_safety(Side::Black);
        total += e.pawns(Side::White) - e.pawns(Side::Black);
        let scale = e.endgame_scale(total.eg());
        let total = Tapered::new(total.mg(), total.eg() * scale / 64);
        let phase = self.phase();
        let white = total.taper(phase, PHASE_MAX);
        let relative = if self.side == Side::White { white } else { -white };
        relative + WEIGHTS.tempo.taper(phase, PHASE_MAX)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::piece::Piece;

    #[test]
    fn masks() {
        let sq = |name: &str| parse_square(name).unwrap();
        assert_eq!(SPANS.0[0][sq("e4") as usize], bit(sq("e5")) | bit(sq("e6")) | bit(sq("e7")) | bit(sq("e8")));
        assert_eq!(SPANS.0[1][sq("e2") as usize], bit(sq("e1")));
        assert_eq!(SPANS.1[0][sq("a6") as usize], bit(sq("a7")) | bit(sq("a8")) | bit(sq("b7")) | bit(sq("b8")));
        assert_eq!(KING_ZONE[0][sq("g1") as usize].count_ones(), 9);
        assert_eq!(KING_ZONE[1][sq("g8") as usize].count_ones(), 9);
        assert_eq!(KING_ZONE[0][sq("e4") as usize].count_ones(), 12);
        assert_eq!(distance(sq("a1"), sq("h8")), 7);
        assert_eq!(distance(sq("e4"), sq("f6")), 2);
        assert_eq!(nearest(Side::Black, bit(sq("a2")) | bit(sq("a6"))), sq("a6"));
        assert_eq!(relative_rank(Side::Black, sq("c7")), 1);
        // A white pawn on e2 is worth its material plus its square's bonus (e2 is row 6 of
        // the listing, column 4).
        let pawn = piece_square_value(Piece::new(Side::White, Kind::Pawn), sq("e2"));
        assert_eq!((pawn.mg(), pawn.eg()), (82 - 15, 94 + 13));
        let black = piece_square_value(Piece::new(Side::Black, Kind::Pawn), sq("e7"));
        assert_eq!(black, -pawn);
    }
}
