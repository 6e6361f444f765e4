//! Static evaluation of xiangqi positions: material and placement (piece-square tables),
//! mobility, the safety of each general's palace, and the cannon/horse balance as pieces come
//! off, blended between middlegame and endgame by the attacking pieces left. The weights are
//! all in [`crate::weights`].

use ladya_core::{Score, Side, Tapered};

use crate::board::*;
use crate::piece::Kind;
use crate::position::Position;
use crate::weights::*;

/// Where the evaluation puts its terms: each weight of [`crate::weights`] it applies, with how
/// many times (counted positive for Red, negative for Black). Summing `weight * count` gives
/// the evaluation; recording the counts gives a tuner the features of a position.
pub trait Terms {
    /// Applies `weight` `count` times.
    fn add(&mut self, weight: &'static Tapered, count: Score);
}

/// The sum of the terms.
struct Sum(Tapered);

impl Terms for Sum {
    #[inline(always)]
    fn add(&mut self, weight: &'static Tapered, count: Score) {
        self.0 += *weight * count;
    }
}

/// Files c-g on ranks 0-3 of each side: where enemy pieces threaten the palace.
const PALACE_ZONE: [Bitboard; 2] = {
    let mut zone = [0; 2];
    let mut rank = 0;
    while rank < 4 {
        let mut file = 2;
        while file <= 6 {
            zone[0] |= bit(square_at(file, rank));
            zone[1] |= bit(square_at(file, 9 - rank));
            file += 1;
        }
        rank += 1;
    }
    zone
};

impl Position {
    /// Evaluation from the side to move's point of view, in centipawns.
    ///
    /// # Examples
    ///
    /// ```
    /// use ladya_xiangqi::Position;
    ///
    /// // A rook up for Red: good for Red to move, as bad for Black to move.
    /// let red = Position::from_fen("3k5/9/9/9/9/9/9/9/9/R3K4 w - - 0 1")?;
    /// let black = Position::from_fen("3k5/9/9/9/9/9/9/9/9/R3K4 b - - 0 1")?;
    /// assert!(red.evaluate() > 300);
    /// assert_eq!(black.evaluate(), -red.evaluate());
    /// # Ok::<(), ladya_xiangqi::FenError>(())
    /// ```
    pub fn evaluate(&self) -> Score {
        let mut sum = Sum(self.psqt);
        self.positional_terms(&mut sum);
        let score = sum.0.taper(self.phase(), PHASE_FULL);
        // A side with nothing left to attack with cannot give mate: damp its lead.
        let leader = if score > 0 { Side::White } else { Side::Black };
        let red = if self.can_mate(leader) { score } else { score / NO_ATTACKER_DIVISOR };
        if self.side == Side::White { red } else { -red }
    }

    /// Hands every term of the evaluation to `terms`, material and placement included: the
    /// evaluation from Red's point of view is `Tapered::blend` of their sum at
    /// [`Position::phase`], unless a side that cannot mate leads (see [`Position::can_mate`]).
    pub fn evaluation_terms(&self, terms: &mut impl Terms) {
        for s in squares(self.occupied()) {
            let piece = self.board[s as usize];
            let (kind, side) = (piece.kind() as usize, piece.side());
            let sign = if side == Side::White { 1 } else { -1 };
            terms.add(&MATERIAL[kind], sign);
            terms.add(&PST[kind][table_index(side, s as usize)], sign);
        }
        self.positional_terms(terms);
    }

    /// The game phase: [`PHASE_FULL`] while the rooks, horses and cannons are on the board,
    /// falling to 0 as they come off.
    ///
    /// # Examples
    ///
    /// ```
    /// use ladya_xiangqi::Position;
    /// use ladya_xiangqi::weights::PHASE_FULL;
    ///
    /// assert_eq!(Position::start().phase(), PHASE_FULL);
    /// assert_eq!(Position::from_fen("3k5/9/9/9/9/9/9/9/9/4K4 w - - 0 1")?.phase(), 0);
    /// # Ok::<(), ladya_xiangqi::FenError>(())
    /// ```
    pub fn phase(&self) -> Score {
        Kind::ALL
            .iter()
            .map(|&k| PHASE_WEIGHT[k as usize] * self.by_kind[k as usize].count_ones() as Score)
            .sum::<Score>()
            .min(PHASE_FULL)
    }

    /// Whether `side` has a piece that can give mate: a rook, horse, cannon or soldier. A side
    /// without one sees its lead divided by [`NO_ATTACKER_DIVISOR`].
    ///
    /// # Examples
    ///
    /// ```
    /// use ladya_xiangqi::{Position, Side};
    ///
    /// // Advisors and elephants alone can never give mate.
    /// let pos = Position::from_fen("3k5/9/9/9/9/9/9/9/9/2BAK4 w - - 0 1")?;
    /// assert!(!pos.can_mate(Side::White));
    /// assert!(Position::start().can_mate(Side::Black));
    /// # Ok::<(), ladya_xiangqi::FenError>(())
    /// ```
    pub fn can_mate(&self, side: Side) -> bool {
        let attackers = self.by_kind[Kind::Rook as usize]
            | self.by_kind[Kind::Horse as usize]
            | self.by_kind[Kind::Cannon as usize]
            | self.by_kind[Kind::Soldier as usize];
        attackers & self.by_side[side.index()] != 0
    }

    /// Material and placement summed from scratch, Red's view (the position keeps it up to date
    /// incrementally; this checks it).
    pub fn compute_psqt(&self) -> Tapered {
        squares(self.occupied()).fold(Tapered::default(), |sum, s| sum + piece_square_value(self.board[s as usize], s))
    }

    /// The terms other than material and placement, for both sides.
    #[inline(always)]
    fn positional_terms(&self, terms: &mut impl Terms) {
        for (side, sign) in [(Side::White, 1), (Side::Black, -1)] {
            self.mobility(side, sign, terms);
            self.screens(side, sign, terms);
            self.palace_danger(side, -sign, terms);
        }
    }

    /// Mobility of `us`'s rooks, cannons and horses, counted `sign` times.
    #[inline(always)]
    fn mobility(&self, us: Side, sign: Score, terms: &mut impl Terms) {
        let (ours, theirs) = (us.index(), us.opponent().index());
        let rooks = self.pieces(us, Kind::Rook);
        let mut rook_moves = 0;
        for s in squares(rooks) {
            let (file, rank) = (file_of(s) as usize, rank_of(s) as usize);
            let (own_rank, own_file) = (self.ranks[ours][rank], self.files[ours][file]);
            let rank_view = RANK_VIEWS[file][(own_rank | self.ranks[theirs][rank]) as usize];
            let file_view = FILE_VIEWS[rank][(own_file | self.files[theirs][file]) as usize];
            rook_moves += (rank_view.slide & !own_rank).count_ones() + (file_view.slide & !own_file).count_ones();
        }
        let base = ROOK_MOBILITY_BASE * rooks.count_ones() as Score;
        terms.add(&ROOK_MOBILITY, sign * (rook_moves as Score - base));
        let cannons = self.pieces(us, Kind::Cannon);
        let mut cannon_moves = 0;
        for s in squares(cannons) {
            let (file, rank) = (file_of(s) as usize, rank_of(s) as usize);
            let (own_rank, enemy_rank) = (self.ranks[ours][rank], self.ranks[theirs][rank]);
            let (own_file, enemy_file) = (self.files[ours][file], self.files[theirs][file]);
            let rank_view = RANK_VIEWS[file][(own_rank | enemy_rank) as usize];
            let file_view = FILE_VIEWS[rank][(own_file | enemy_file) as usize];
            cannon_moves += (rank_view.slide & !(own_rank | enemy_rank)).count_ones()
                + (rank_view.jump & enemy_rank).count_ones()
                + (file_view.slide & !(own_file | enemy_file)).count_ones()
                + (file_view.jump & enemy_file).count_ones();
        }
        let base = CANNON_MOBILITY_BASE * cannons.count_ones() as Score;
        terms.add(&CANNON_MOBILITY, sign * (cannon_moves as Score - base));
        let own = self.by_side[ours];
        for s in squares(self.pieces(us, Kind::Horse)) {
            let mut targets = 0;
            for (i, &leg) in HORSE_LEGS[s as usize].iter().enumerate() {
                if leg != NO_SQUARE && self.board[leg as usize].is_none() {
                    targets |= HORSE_TARGETS[s as usize][i];
                }
            }
            terms.add(&HORSE_MOBILITY[(targets & !own).count_ones() as usize], sign);
        }
    }

    /// The cannon/horse balance of `us`, counted `sign` times: cannons gain and horses lose
    /// with every piece on the board beyond [`SCREENS_BALANCED`].
    #[inline(always)]
    fn screens(&self, us: Side, sign: Score, terms: &mut impl Terms) {
        let extra = self.occupied().count_ones() as Score - SCREENS_BALANCED;
        terms.add(&CANNON_PER_PIECE, sign * extra * self.pieces(us, Kind::Cannon).count_ones() as Score);
        terms.add(&HORSE_PER_PIECE, sign * extra * self.pieces(us, Kind::Horse).count_ones() as Score);
    }

    /// The danger `us`'s general is in, counted `sign` times: missing defenders against the
    /// enemy pieces that exploit them, enemy pieces near the palace, cannons aimed at the
    /// general and an open file in front of it.
    #[inline(always)]
    fn palace_danger(&self, us: Side, sign: Score, terms: &mut impl Terms) {
        let them = us.opponent();
        let count = |side: Side, kind: Kind| self.pieces(side, kind).count_ones() as Score;
        let missing_advisors = 2 - count(us, Kind::Advisor).min(2);
        let missing_elephants = 2 - count(us, Kind::Elephant).min(2);
        let enemy_rooks = count(them, Kind::Rook);
        terms.add(&MISSING_ADVISOR[enemy_rooks.min(2) as usize], sign * missing_advisors);
        terms.add(&MISSING_ELEPHANT[count(them, Kind::Cannon).min(2) as usize], sign * missing_elephants);
        let horses = count(them, Kind::Horse);
        terms.add(&MISSING_DEFENDER_VS_HORSE, sign * (missing_advisors + missing_elephants) * horses);

        let zone = PALACE_ZONE[us.index()] & self.by_side[them.index()];
        let units: Score = [Kind::Horse, Kind::Rook, Kind::Cannon, Kind::Soldier]
            .iter()
            .map(|&k| ZONE_ATTACK_UNITS[k as usize] * (zone & self.by_kind[k as usize]).count_ones() as Score)
            .sum();
        terms.add(&ZONE_DANGER[(units as usize).min(ZONE_DANGER.len() - 1)], sign);

        let general = self.generals[us.index()] as usize;
        let occupied = self.occupied();
        let cannons = self.pieces(them, Kind::Cannon);
        for dir in [NORTH, EAST, SOUTH, WEST] {
            if RAYS[dir][general] & cannons == 0 {
                continue;
            }
            let on_ray = RAYS[dir][general] & occupied;
            let first = nearest(dir, on_ray);
            if first & cannons != 0 {
                terms.add(&HOLLOW_CANNON, sign);
                continue;
            }
            let rest = on_ray ^ first;
            let second = nearest(dir, rest);
            if nearest(dir, rest ^ second) & cannons != 0 {
                terms.add(&CANNON_TWO_SCREENS, sign);
            }
        }
        let forward = if us == Side::White { NORTH } else { SOUTH };
        if RAYS[forward][general] & self.by_side[us.index()] == 0 {
            terms.add(&OPEN_GENERAL_FILE, sign * enemy_rooks);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tables_are_colour_mirrors() {
        for kind in 0..7 {
            for (s, &value) in PSQT[kind].iter().enumerate() {
                let mirror = square_at((s % 9) as u8, 9 - (s / 9) as u8) as usize;
                assert_eq!(value, -PSQT[kind + 7][mirror], "kind {kind} square {s}");
            }
        }
    }

    #[test]
    fn the_start_position_is_level() {
        let pos = Position::start();
        assert_eq!(pos.evaluate(), 0);
        assert_eq!(pos.compute_psqt().mg(), 0);
    }
}
